package main

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/skullking-go/skullking/internal/testserver"
	"github.com/skullking-go/skullking/locale"
	"github.com/skullking-go/skullking/protocol"
)

// TestTheTerminalsLanguage reads the environment as POSIX does: LC_ALL
// over LC_MESSAGES over LANG, without the encoding or a modifier.
func TestTheTerminalsLanguage(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{}, ""},
		{map[string]string{"LANG": "fr_FR.UTF-8"}, "fr-FR"},
		{map[string]string{"LANG": "de_DE.UTF-8", "LC_MESSAGES": "pt_BR"}, "pt-BR"},
		{map[string]string{"LANG": "de_DE.UTF-8", "LC_MESSAGES": "pt_BR", "LC_ALL": "sr_RS@latin"}, "sr-RS"},
		{map[string]string{"LANG": "C.UTF-8"}, ""},
		{map[string]string{"LC_ALL": "POSIX", "LANG": "fr_FR"}, ""},
	} {
		if got := envLanguage(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%v: %q, want %q", c.env, got, c.want)
		}
	}
}

// TestPlayLang: --lang picks the catalogue's language over the
// environment's; a language the catalogue lacks is English; en-XA is the
// pseudo-language, with --join too.
func TestPlayLang(t *testing.T) {
	env := func(k string) string { return map[string]string{"LANG": "en_GB.UTF-8"}[k] }
	for code, want := range map[string]string{"": locale.Base, "xx": locale.Base, "it_IT": locale.Base, "fr_FR": "fr", locale.PseudoCode: locale.PseudoCode} {
		if got := language(code, env).Code(); got != want {
			t.Errorf("--lang %q: %s, want %s", code, got, want)
		}
	}
	cfg, err := parsePlay([]string{"--join", "http://127.0.0.1:1/t/k7qx2mpa9c", "--lang", locale.PseudoCode}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.remote.Lang != cfg.lang || !strings.HasPrefix(cfg.lang.T("refusal.game_over", nil), "⟦") {
		t.Errorf("--join --lang %s: the table's language is %v, the screen's %s", locale.PseudoCode, cfg.remote.Lang, cfg.lang.Code())
	}
}

// TestPlayJoinInSpanish: `skullking play --join … --lang es` draws the
// table in Spanish, and says in Spanish how to come back to the seat.
func TestPlayJoinInSpanish(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	ts := testserver.Start(t)
	created := ts.Create("Host", []protocol.SeatSpec{testserver.Open, testserver.Open, testserver.Bot("random")},
		testserver.Settings(0))
	link := ts.Base + "/t/" + created.ID
	es := locale.For("es")
	lobby := es.T("tui.lobby.guest", locale.Args{"Name": "Host"})
	keys, press := io.Pipe()
	screen := &screenBuffer{}
	var stderr bytes.Buffer
	done := make(chan int)
	go func() {
		done <- run([]string{"play", "--join", link, "--name", "Ana", "--lang", "es"}, keys, screen, &stderr)
	}()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(screen.plain(), lobby); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q on the screen:\n%s", lobby, screen.plain())
		}
	}
	press.Write([]byte("q"))
	if code := <-done; code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if kept := es.T("tui.play.kept", locale.Args{"Command": "skullking play --join " + link}); !strings.Contains(screen.plain(), kept) {
		t.Errorf("no %q in:\n%s", kept, screen.plain())
	}
}

// screenBuffer is what the program writes to its terminal, read while it
// runs.
type screenBuffer struct {
	mu  sync.Mutex
	out bytes.Buffer
}

func (b *screenBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.out.Write(p)
}

// plain is the text written so far, without the terminal's controls.
func (b *screenBuffer) plain() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return ansi.Strip(b.out.String())
}
