// Command fakebot misbehaves on purpose, for the external-bot tests. Its
// first argument says how:
//
//	first     play the first legal action (and log every line to $FAKEBOT_LOG)
//	garbage   answer every decision with text that is not JSON
//	illegal   bid 99 and play cards it does not hold
//	silent    never answer
//	exit      answer the first decision, then exit
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

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
		var m struct {
			Type  string            `json:"type"`
			ID    int64             `json:"id"`
			Phase string            `json:"phase"`
			Legal []json.RawMessage `json:"legal"`
		}
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			panic(err)
		}
		if m.Type != "decide" {
			continue
		}
		switch mode {
		case "first":
			fmt.Printf("%s\n", m.Legal[0])
		case "garbage":
			fmt.Println("I fold")
		case "illegal":
			if m.Phase == "bidding" {
				fmt.Printf(`{"bid": 99, "id": %d}`+"\n", m.ID)
			} else {
				fmt.Println(`{"play": "Z9"}`)
			}
		case "silent":
		case "exit":
			fmt.Printf("%s\n", m.Legal[0])
			os.Exit(3)
		}
	}
}
