package table

import (
	"fmt"
	"testing"
	"time"

	"github.com/skullking-go/skullking/protocol"
)

// Lines said within one millisecond, or while the clock steps back, still
// get growing numbers, and the log keeps only the latest ChatHistory.
func TestChatLogNumbersGrowAndStayBounded(t *testing.T) {
	var l chatLog
	now := time.UnixMilli(1_000_000)
	first := l.add(now, 0, "Ann", "a").Line
	if first != now.UnixMilli() {
		t.Fatalf("the first line is numbered %d, want the time %d", first, now.UnixMilli())
	}
	if n := l.add(now, 1, "Ben", "b").Line; n != first+1 {
		t.Fatalf("a line in the same millisecond is numbered %d, want %d", n, first+1)
	}
	if n := l.add(now.Add(-time.Second), -1, "spectator", "c").Line; n != first+2 {
		t.Fatalf("a line as the clock steps back is numbered %d, want %d", n, first+2)
	}
	for i := range 2 * protocol.ChatHistory {
		l.add(now.Add(time.Duration(i)*time.Second), 0, "Ann", fmt.Sprint(i))
	}
	h := l.history()
	if len(h) != protocol.ChatHistory || h[len(h)-1].Text != fmt.Sprint(2*protocol.ChatHistory-1) || h[0].Text != fmt.Sprint(protocol.ChatHistory) {
		t.Fatalf("the history holds %d lines, from %q to %q", len(h), h[0].Text, h[len(h)-1].Text)
	}
	h[0].Text = "changed"
	if l.history()[0].Text == "changed" {
		t.Fatal("the history handed out is the log itself")
	}
}
