package locale

import (
	"runtime"
	"testing"

	"github.com/skullking-go/skullking/internal/heaptest"
)

// loadedBudget bounds what a catalogue holds once loaded: its files as
// they are (1 MB) and Base parsed (2.1 MB together here).
const loadedBudget = 3 << 20

// A catalogue keeps parsed only the languages asked for: Base from the
// start, another once a reader of it comes. Parsing every language at
// start kept 6.4 MB, of which a server whose players read one language
// used a fifth.
func TestACatalogueParsesALanguageWhenFirstAskedFor(t *testing.T) {
	before := heaptest.Live()
	c, err := Load(files)
	if err != nil {
		t.Fatal(err)
	}
	loaded := heaptest.Live() - before
	if len(c.Codes()) < 4 {
		t.Fatalf("only %v in the catalogue", c.Codes())
	}
	t.Logf("a catalogue of %d languages holds %d bytes once loaded", len(c.Codes()), loaded)
	if loaded > loadedBudget {
		t.Errorf("a catalogue of %d languages holds %d bytes once loaded, want at most %d", len(c.Codes()), loaded, loadedBudget)
	}
	// Every language still reads, its own sentences and Base's.
	for _, code := range c.Codes() {
		l := c.For(code)
		if got := l.T("error.storage", nil); got == "" || got == "[error.storage]" {
			t.Errorf("%s: error.storage reads %q", code, got)
		}
	}
	all := heaptest.Live() - before
	t.Logf("with every language asked for: %d bytes", all)
	if all <= loaded {
		t.Errorf("asking for every language took the catalogue from %d to %d bytes: were they parsed at load?", loaded, all)
	}
	runtime.KeepAlive(c)
}

// Languages parsed while others are read: the bundle changes under a lock
// that every reading holds (run under the race detector).
func TestALanguageParsedWhileOthersRead(t *testing.T) {
	c, err := Load(files)
	if err != nil {
		t.Fatal(err)
	}
	stop, done := make(chan struct{}), make(chan string)
	for range 2 {
		go func() {
			l := c.For(Base)
			for {
				select {
				case <-stop:
					done <- ""
					return
				default:
				}
				if got := l.N("error.rate_limited", 3, Args{"Rate": 3}); got == "" || got == "[error.rate_limited]" {
					<-stop
					done <- "en: " + got
					return
				}
			}
		}()
	}
	for _, code := range c.Codes() {
		if got := c.For(code).T("error.storage", nil); got == "" || got == "[error.storage]" {
			t.Errorf("%s: error.storage reads %q", code, got)
		}
	}
	close(stop)
	for range 2 {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
}
