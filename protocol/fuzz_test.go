package protocol

import (
	"bytes"
	"testing"

	"github.com/skullking-go/skullking"
)

// FuzzDecodeServer feeds frames a hostile server could send: decoding
// never panics, and whatever decodes can be worded and its actions read
// without panicking either, as a client would.
func FuzzDecodeServer(f *testing.F) {
	g, _ := skullking.NewGame(3, skullking.WithOptions(allModules()), skullking.WithSeed(5))
	rng := skullking.NewRand(5)
	for step := 0; step < 60 && !g.Over(); step++ {
		if step%10 == 0 {
			v := g.View(step % 3)
			b, _ := Encode(ServerMsg{Type: TypeState, Seq: int64(step), View: ViewOf(&v)})
			f.Add(b)
		}
		var buf []skullking.Action
		for s := 0; s < 3; s++ {
			buf = g.LegalActions(s, buf)
		}
		_ = g.Apply(buf[rng.IntN(len(buf))])
	}
	f.Add([]byte(`{"type":"error","code":"illegal","refusal":{"code":"must_follow_suit","seat":0,"suit":"yellow","card":{"card":16,"code":"Y3"}}}`))
	f.Add([]byte(`{"type":"table","table":{"id":"x","seats":[{"seat":0,"kind":"open"}],"host":-1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeServer(data)
		if err != nil {
			return
		}
		if m.Refusal != nil {
			abcd.Refusal(m.Refusal)
		}
		if v := m.View; v != nil {
			w := WordsFor(v)
			for i := range v.Tricks {
				w.Trick(&v.Tricks[i])
			}
			if v.LastTrick != nil {
				w.Trick(v.LastTrick)
			}
			for _, h := range v.Hand {
				if h.Why != nil {
					w.Refusal(h.Why)
				}
				h.Phrase()
			}
			for i := range v.Legal {
				w.Action(v.Legal[i])
				_, _ = ToAction(&v.Legal[i], v.Seat)
			}
			for _, r := range v.Results {
				for i := range r.Scores {
					w.Score(&r.Scores[i])
				}
			}
		}
	})
}

// FuzzDecodeClient feeds frames a hostile client could send: decoding and
// reading the action never panic, and a message that decodes holds only
// text: no U+FFFD left where a byte or an escape could not be read.
func FuzzDecodeClient(f *testing.F) {
	f.Add([]byte(`{"type":"act","id":3,"action":{"kind":"play","card":12}}`))
	f.Add([]byte(`{"type":"act","action":{"kind":"discard","code":"MER ESC"}}`))
	f.Add([]byte(`{"type":"hello","v":2,"token":"abc"}`))
	f.Add([]byte(`{"type":"chat","text":"\ud83d\ude00 \udc00"}`))
	f.Add([]byte(`{"type":"configure","settings":{"name":"\\ud800","options":{"schedule":["\ud800\u0041"]}}}`))
	f.Add([]byte("{\"type\":\"chat\",\"text\":\"Ann\xff\xed\xa0\x80\"}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeClient(data)
		if err != nil {
			return
		}
		if b, _ := Encode(m); bytes.Contains(b, []byte("\ufffd")) || bytes.Contains(b, []byte(`\ufffd`)) {
			t.Fatalf("%q decoded into a message holding U+FFFD: %s", data, b)
		}
		if m.Action != nil {
			_, _ = ToAction(m.Action, 0)
		}
	})
}
