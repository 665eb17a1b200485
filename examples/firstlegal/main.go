// Command firstlegal is the smallest external Skull King bot: it always
// plays the first legal action it is offered. It shows the whole protocol
// of docs/bot-protocol.md — read one JSON message per line, answer each
// "decide" with one line — and is a starting point for bots in any
// language:
//
//	go build -o firstlegal ./examples/firstlegal
//	skullking sim --bots exec:./firstlegal,random,random,random
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

// message holds the fields of the engine's messages this bot looks at.
type message struct {
	Type string `json:"type"`
	View struct {
		Legal []json.RawMessage `json:"legal"` // the actions allowed now
	} `json:"view"` // decide: the seat's view
	Message string `json:"message"` // error: why a reply was refused
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<10), 16<<20)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		var m message
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			fmt.Fprintln(os.Stderr, "firstlegal:", err)
			os.Exit(1)
		}
		switch m.Type {
		case "decide":
			// Each legal action is written exactly as a reply is: echo one.
			out.Write(m.View.Legal[0])
			out.WriteByte('\n')
			out.Flush() // the engine waits for the line
		case "error":
			fmt.Fprintln(os.Stderr, "firstlegal: reply refused:", m.Message)
		}
		// hello and over need no answer.
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "firstlegal:", err)
		os.Exit(1)
	}
}
