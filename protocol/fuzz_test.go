package protocol

import (
	"bytes"
	"testing"
)

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
