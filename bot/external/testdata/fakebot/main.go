// Command fakebot misbehaves on purpose, for the external-bot tests. Its
// first argument says how:
//
//	first     play the first legal action, as the view lists it
//	code      play legal action number id mod their count, its cards named by code alone
//	garbage   answer every decision with text that is not JSON
//	illegal   bid 99, and play a card the rules refuse (or one that does not exist)
//	silent    never answer
//	exit      answer the first decision, then exit
//	hangup    close its output at the first decision and go on running
//
// With $FAKEBOT_LOG set, it appends every line it reads to that file
// before it answers, so that a test sees exactly what the program received.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// action is the protocol's action, every field kept as sent.
type action struct {
	Kind  string `json:"kind"`
	Card  *int   `json:"card,omitempty"`
	Card2 *int   `json:"card2,omitempty"`
	Code  string `json:"code,omitempty"`
	As    string `json:"as,omitempty"`
	Value *int   `json:"value,omitempty"`
	ID    int64  `json:"id,omitempty"`
}

type message struct {
	Type string `json:"type"`
	ID   int64  `json:"id"`
	View struct {
		Phase string `json:"phase"`
		Hand  []struct {
			Code     string `json:"code"`
			Playable bool   `json:"playable"`
		} `json:"hand"`
		Legal []json.RawMessage `json:"legal"`
	} `json:"view"`
}

func main() {
	mode := os.Args[1]
	var log *os.File
	if path := os.Getenv("FAKEBOT_LOG"); path != "" {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			panic(err)
		}
		log = f
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<10), 16<<20)
	for in.Scan() {
		if log != nil {
			log.Write(append(in.Bytes(), '\n'))
		}
		var m message
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			panic(err)
		}
		if m.Type != "decide" {
			continue
		}
		legal := m.View.Legal
		switch mode {
		case "first":
			fmt.Printf("%s\n", legal[0])
		case "code":
			var a action
			if err := json.Unmarshal(legal[m.ID%int64(len(legal))], &a); err != nil {
				panic(err)
			}
			// As a bot written by hand would: no card ids, codes in lower
			// case, the decision's id.
			a.Card, a.Card2, a.Code, a.ID = nil, nil, strings.ToLower(a.Code), m.ID
			b, _ := json.Marshal(a)
			fmt.Printf("%s\n", b)
		case "garbage":
			fmt.Println("I fold")
		case "illegal":
			if m.View.Phase == "bidding" {
				fmt.Printf(`{"kind": "bid", "value": 99, "id": %d}`+"\n", m.ID)
				break
			}
			code := "Z9"
			for _, h := range m.View.Hand {
				if !h.Playable {
					code = h.Code
				}
			}
			fmt.Printf(`{"kind": "play", "code": %q}`+"\n", code)
		case "silent":
		case "exit":
			fmt.Printf("%s\n", legal[0])
			os.Exit(3)
		case "hangup":
			// Closes its output and goes on running, reading its input
			// until it is killed or its input is closed.
			os.Stdout.Close()
		}
	}
}
