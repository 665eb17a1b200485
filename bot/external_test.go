package bot

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
)

// buildFake builds testdata/fakebot, a program that misbehaves on demand.
func buildFake(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build the fake bot")
	}
	path := filepath.Join(t.TempDir(), "fakebot")
	if runtime.GOOS == "windows" {
		path += ".exe"
	}
	if out, err := exec.Command(goTool, "build", "-o", path, "./testdata/fakebot").CombinedOutput(); err != nil {
		t.Fatalf("building the fake bot: %v\n%s", err, out)
	}
	return path
}

// playWith plays games with ext in seat 0 and random bots elsewhere,
// checking each of ext's answers with check, and returns the games played.
func playWith(t *testing.T, ext *External, players int, o skullking.Options, games int,
	check func(g *skullking.Game, v skullking.SeatView, got skullking.Action)) {
	t.Helper()
	g, err := skullking.NewGame(players, skullking.WithOptions(o))
	if err != nil {
		t.Fatal(err)
	}
	others := NewRandom(1)
	for n := 0; n < games; n++ {
		g.Reset(uint64(n))
		ext.Reseed(uint64(1000 + n))
		for !g.Over() {
			s := g.Turn()
			if s < 0 {
				for s = 0; !g.Waiting(s); s++ {
				}
			}
			v := g.Seat(s)
			var a skullking.Action
			if s == 0 {
				a = ext.Act(v)
				if check != nil {
					check(g, v, a)
				}
			} else {
				a = others.Act(v)
			}
			if err := g.Apply(a); err != nil {
				t.Fatalf("game %d: %v", n, err)
			}
		}
		ext.GameOver(g.Seat(0))
	}
}

func start(t *testing.T, path string, args []string, opt ExternalOptions) *External {
	t.Helper()
	ext, err := StartExternal(path, args, 7, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ext.Close() })
	return ext
}

// TestExternalBotPlaysItsReplies runs whole games against a program that
// echoes the first legal action it is offered: every answer must come back
// as that very action, under every module, with Graybeard too.
func TestExternalBotPlaysItsReplies(t *testing.T) {
	fake := buildFake(t)
	logPath := filepath.Join(t.TempDir(), "log")
	t.Setenv("FAKEBOT_LOG", logPath)
	tables := []struct {
		players int
		set     func(o *skullking.Options)
	}{
		{4, func(o *skullking.Options) {}},
		{2, func(o *skullking.Options) { o.Kraken, o.WhiteWhale = true, true }},
		{5, func(o *skullking.Options) {
			o.PirateAbilities, o.Loot, o.Kraken, o.WhiteWhale = true, true, true, true
			o.Scoring, o.CannonLoad = skullking.RascalScoring, true
		}},
	}
	var buf []skullking.Action
	for _, tb := range tables {
		o := skullking.DefaultOptions()
		tb.set(&o)
		ext := start(t, fake, []string{"first"}, ExternalOptions{Timeout: 10 * time.Second})
		playWith(t, ext, tb.players, o, 3, func(g *skullking.Game, v skullking.SeatView, got skullking.Action) {
			buf = v.Legal(buf[:0])
			if got != buf[0] {
				t.Fatalf("%d players, round %d: the program echoed %v, the bot played %v", tb.players, g.Round(), buf[0], got)
			}
		})
		if ext.Faults() != 0 {
			t.Fatalf("%d faults: %v", ext.Faults(), ext.FirstFault())
		}
		ext.Close()
	}
	// The conversation: a hello before each game's first decision, an over
	// after it, and nothing the seat may not know.
	f, err := os.Open(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var kinds []string
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		k := m["type"].(string)
		if len(kinds) == 0 || kinds[len(kinds)-1] != k {
			kinds = append(kinds, k)
		}
		if k == "hello" && (m["protocol"] != float64(ProtocolVersion) || m["seat"] != float64(0)) {
			t.Fatalf("hello %s", sc.Bytes())
		}
	}
	want := strings.Repeat("hello decide over ", 9)
	if got := strings.Join(kinds, " ") + " "; got != want {
		t.Fatalf("messages %s, want %s", got, want)
	}
}

// TestDecideShowsOnlyTheSeatsView checks the decide message against the
// engine: the seat's own hand, no other hand's card, no bid before all are
// in.
func TestDecideShowsOnlyTheSeatsView(t *testing.T) {
	o := skullking.DefaultOptions()
	o.PirateAbilities, o.Kraken, o.WhiteWhale, o.Loot = true, true, true, true
	for _, players := range []int{2, 4} {
		o.Loot = players > 2
		g, _ := skullking.NewGame(players, skullking.WithOptions(o))
		r := NewRandom(5)
		for seed := uint64(0); seed < 10; seed++ {
			g.Reset(seed)
			for !g.Over() {
				for s := 0; s < players; s++ {
					if !g.Waiting(s) {
						continue
					}
					view := g.View(s)
					m := extDecide(&view, 1)
					if want := extCodes(g.Hand(s).Cards(nil), true); strings.Join(m.Hand, " ") != strings.Join(want, " ") {
						t.Fatalf("hand %v, the seat holds %v", m.Hand, want)
					}
					b, _ := json.Marshal(m)
					text := string(b)
					hands := g.Players()
					if g.GhostSeat() >= 0 {
						hands++
					}
					// Juanita Jade's glimpse of the undealt cards may since
					// have been drawn by Bendt: that is the seat's knowledge.
					seen := skullking.SetOf(view.UndealtSeen...)
					for o := 0; o < hands; o++ {
						if o == s {
							continue
						}
						for _, c := range g.Hand(o).Cards(nil) {
							unique := c.Kind() != skullking.KindMermaid && c.Kind() != skullking.KindEscape &&
								c.Kind() != skullking.KindLoot && !seen.Has(c)
							if unique && strings.Contains(text, `"`+c.NamedCode()+`"`) {
								t.Fatalf("seat %d's message names %s, held by seat %d: %s", s, c.NamedCode(), o, text)
							}
						}
					}
					if g.Phase() == skullking.PhaseBidding {
						for o, si := range m.Seats {
							if o != s && si.Bid != nil {
								t.Fatalf("seat %d sees seat %d's bid before all are in", s, o)
							}
						}
					}
				}
				s := g.Turn()
				if s < 0 {
					for s = 0; !g.Waiting(s); s++ {
					}
				}
				if err := g.Apply(r.Act(g.Seat(s))); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestExternalFaults checks that every way a program can fail falls back
// to the first legal action, counts a fault and says what went wrong.
func TestExternalFaults(t *testing.T) {
	fake := buildFake(t)
	cases := []struct {
		mode   string
		faults int // per game of 65 decisions, at least
		says   string
	}{
		{"garbage", 65, "not an action object"},
		{"illegal", 65, "is not legal now"},
		{"silent", 65, "no reply within"},
		{"exit", 64, "the program ended"},
	}
	var buf []skullking.Action
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			var log bytes.Buffer
			ext := start(t, fake, []string{c.mode}, ExternalOptions{Timeout: 300 * time.Millisecond, Log: &log})
			playWith(t, ext, 4, skullking.DefaultOptions(), 1, func(g *skullking.Game, v skullking.SeatView, got skullking.Action) {
				buf = v.Legal(buf[:0])
				if got != buf[0] {
					t.Fatalf("fell back to %v, not the first legal action %v", got, buf[0])
				}
			})
			if ext.Faults() < c.faults || ext.FirstFault() == nil || !strings.Contains(ext.FirstFault().Error(), c.says) {
				t.Fatalf("%d faults, first %v; want %d saying %q", ext.Faults(), ext.FirstFault(), c.faults, c.says)
			}
			if lines := strings.Count(log.String(), "\n"); lines != maxLoggedFaults+1 {
				t.Fatalf("%d log lines, want the first %d faults and a notice:\n%s", lines, maxLoggedFaults, log.String())
			}
		})
	}
}

func TestStartExecNeedsAProgram(t *testing.T) {
	for _, spec := range []string{"exec:", "exec:   ", "random", "exec:/no/such/program"} {
		if _, err := StartExec(spec, 1, ExternalOptions{}); err == nil {
			t.Errorf("%q started", spec)
		}
	}
	if !IsExec(" exec:./x --fast") || IsExec("expert") {
		t.Error("IsExec")
	}
}

func TestParseReply(t *testing.T) {
	g, _ := skullking.NewGame(4, skullking.WithSeed(1))
	legalBids := g.LegalActions(0, nil) // bid 0 or 1
	hand := []skullking.Card{skullking.Tigress, skullking.Mermaid2, skullking.NumberCard(skullking.Green, 3)}
	var legalPlays []skullking.Action
	for _, c := range hand {
		if c == skullking.Tigress {
			legalPlays = append(legalPlays, skullking.PlayTigress(1, skullking.AsPirate), skullking.PlayTigress(1, skullking.AsEscape))
			continue
		}
		legalPlays = append(legalPlays, skullking.Play(1, c))
	}
	discards := []skullking.Action{{Kind: skullking.ActionDiscard, Seat: 2, Card: skullking.Escape1,
		ActionArgs: skullking.ActionArgs{Card2: skullking.NumberCard(skullking.Black, 14)}}}
	ok := []struct {
		reply string
		legal []skullking.Action
		want  skullking.Action
	}{
		{`{"bid": 1}`, legalBids, skullking.Bid(0, 1)},
		{` {"bid":0, "id": 4} `, legalBids, skullking.Bid(0, 0)},
		{`{"play": "tig-e"}`, legalPlays, skullking.PlayTigress(1, skullking.AsEscape)},
		{`{"play": "MER"}`, legalPlays, skullking.Play(1, skullking.Mermaid2)},
		{`{"play": "G3"}`, legalPlays, skullking.Play(1, skullking.NumberCard(skullking.Green, 3))},
		{`{"discard": ["B14", "ESC"]}`, discards, discards[0]},
	}
	for _, c := range ok {
		got, err := extParseReply([]byte(strings.TrimSpace(c.reply)), 4, c.legal, false)
		if err != nil || got != c.want {
			t.Errorf("%s: %v, %v; want %v", c.reply, got, err, c.want)
		}
	}
	bad := []struct {
		reply string
		legal []skullking.Action
		says  string
	}{
		{``, legalBids, "empty line"},
		{`bid 1`, legalBids, "not an action object"},
		{`{"bids": 1}`, legalBids, "unknown field"},
		{`{"bid": 1, "play": "G3"}`, legalBids, "2 action fields"},
		{`{"id": 4}`, legalBids, "0 action fields"},
		{`{"bid": 1} {"bid": 0}`, legalBids, "more than one"},
		{`{"bid": 1, "id": 3}`, legalBids, "answers decision 3, not 4"},
		{`{"bid": 2}`, legalBids, "not legal now"},
		{`{"play": "TIG"}`, legalPlays, "TIG-P"},
		{`{"play": "Z9"}`, legalPlays, "unknown card"},
		{`{"play": "G4"}`, legalPlays, "not a legal play"},
		{`{"discard": ["B14"]}`, discards, "not legal"},
		{`{"cannon": "rocks"}`, legalBids, "grapeshot or cannonball"},
	}
	for _, c := range bad {
		_, err := extParseReply([]byte(c.reply), 4, c.legal, false)
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v; want an error saying %q", c.reply, err, c.says)
		}
	}
}
