package external

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
	"github.com/skullking-go/skullking/internal/dealtest"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// fakeBot is testdata/fakebot, built once for the package's tests (a
// build links a program, seconds of a busy machine's time); TestMain
// removes its directory.
var fakeBot struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// buildFake builds testdata/fakebot, a program that misbehaves on demand.
func buildFake(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build the fake bot")
	}
	fakeBot.once.Do(func() {
		if fakeBot.dir, fakeBot.err = os.MkdirTemp("", "fakebot-"); fakeBot.err != nil {
			return
		}
		fakeBot.path = filepath.Join(fakeBot.dir, "fakebot")
		if runtime.GOOS == "windows" {
			fakeBot.path += ".exe"
		}
		if out, err := exec.Command(goTool, "build", "-o", fakeBot.path, "./testdata/fakebot").CombinedOutput(); err != nil {
			fakeBot.err = fmt.Errorf("building the fake bot: %v\n%s", err, out)
		}
	})
	if fakeBot.err != nil {
		t.Fatal(fakeBot.err)
	}
	return fakeBot.path
}

// playWith plays games with ext in seat 0 and random bots elsewhere,
// checking each of ext's answers with check and each finished game with
// over (either may be nil).
func playWith(t *testing.T, ext *Bot, players int, o skullking.Options, games int,
	check func(g *skullking.Game, v skullking.SeatView, got skullking.Action), over func(g *skullking.Game)) {
	t.Helper()
	g, err := skullking.NewGame(players, skullking.WithOptions(o))
	if err != nil {
		t.Fatal(err)
	}
	others := bot.NewRandom(1)
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
		if over != nil {
			over(g)
		}
	}
}

// logTail reads the lines the fake bot logs as they come: it appends each
// line before answering, so a decision's line is there once its answer is
// read, and a message that needs no answer soon after it was sent.
type logTail struct {
	t  *testing.T
	rd *bufio.Reader
}

func tailLog(t *testing.T, path string) *logTail {
	t.Helper()
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return &logTail{t: t, rd: bufio.NewReaderSize(f, 1<<16)}
}

// next returns the next whole line and its message type.
func (l *logTail) next() ([]byte, string) {
	l.t.Helper()
	var line []byte
	for deadline := time.Now().Add(5 * time.Second); ; {
		chunk, err := l.rd.ReadBytes('\n')
		line = append(line, chunk...)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			l.t.Fatalf("the fake bot logged no whole line (%q so far): %v", line, err)
		}
		time.Sleep(2 * time.Millisecond)
	}
	var m struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(line, &m); err != nil {
		l.t.Fatalf("the fake bot received %q: %v", line, err)
	}
	return line, m.Type
}

func start(t *testing.T, path string, args []string, opt Options) *Bot {
	t.Helper()
	ext, err := Start(path, args, 7, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ext.Close() })
	return ext
}

// moduleTables are the tables the whole-game tests play: the standard
// rules, two players with Graybeard, and every module at five.
var moduleTables = []struct {
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

// TestExternalBotPlaysItsReplies runs whole games against a program that
// echoes the first legal action its view lists, under every module, with
// Graybeard too. Every answer must come back as that very action, and the
// program must have received exactly the protocol's messages: a hello
// before each game, for each decision the online protocol's view of the
// seat (protocol.ViewOf, so never more than the seat may know), and after
// each game its scored summary (protocol.SummaryOf).
func TestExternalBotPlaysItsReplies(t *testing.T) {
	fake := buildFake(t)
	logPath := filepath.Join(t.TempDir(), "log")
	t.Setenv("FAKEBOT_LOG", logPath)
	tail := tailLog(t, logPath)
	var buf []skullking.Action
	for _, tb := range moduleTables {
		o := skullking.DefaultOptions()
		tb.set(&o)
		ext := start(t, fake, []string{"first"}, Options{Timeout: 10 * time.Second})
		id := int64(0)
		check := func(g *skullking.Game, v skullking.SeatView, got skullking.Action) {
			line, kind := tail.next()
			if kind == "hello" {
				var h helloMsg
				if err := json.Unmarshal(line, &h); err != nil {
					t.Fatal(err)
				}
				names := []string{}
				for s := range g.Players() {
					names = append(names, g.Name(s))
				}
				if h.Protocol != ProtocolVersion || h.Seat != 0 || h.Players != tb.players ||
					h.Graybeard != g.GhostSeat() || !reflect.DeepEqual(h.Names, names) ||
					len(h.Schedule) != g.ScheduledRounds() || h.Options.PirateAbilities != o.PirateAbilities {
					t.Fatalf("hello %s", line)
				}
				line, kind = tail.next()
			}
			if kind != "decide" {
				t.Fatalf("%s where a decision was due", line)
			}
			var m struct {
				ID   int64           `json:"id"`
				View json.RawMessage `json:"view"`
			}
			if err := json.Unmarshal(line, &m); err != nil {
				t.Fatal(err)
			}
			view := v.View()
			want, err := json.Marshal(protocol.ViewOf(&view))
			if err != nil {
				t.Fatal(err)
			}
			if id++; m.ID != id || !bytes.Equal(m.View, want) {
				t.Fatalf("decision %d (want %d): the program received\n%s\nnot the seat's view\n%s", m.ID, id, m.View, want)
			}
			buf = v.Legal(buf[:0])
			if got != buf[0] {
				t.Fatalf("%d players, round %d: the program echoed %v, the bot played %v", tb.players, g.Round(), buf[0], got)
			}
		}
		over := func(g *skullking.Game) {
			line, kind := tail.next()
			if kind != "over" {
				t.Fatalf("%s where the game's end was due", line)
			}
			want, err := json.Marshal(overMsg{Type: "over", Seat: 0, Summary: protocol.SummaryOf(g)})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(bytes.TrimSpace(line), want) {
				t.Fatalf("the program received\n%s\nnot the game's summary\n%s", line, want)
			}
		}
		playWith(t, ext, tb.players, o, 3, check, over)
		if ext.Faults() != 0 {
			t.Fatalf("%d faults: %v", ext.Faults(), ext.FirstFault())
		}
		ext.Close()
	}
}

// TestExternalBotRepliesByCode runs whole games against a program that
// answers as a bot written by hand would: its cards named by their codes
// in lower case and no card id. It picks legal action number id modulo
// their count, so that its choices are not all the first-legal fallback.
// Each answer must be played as the legal action it names, copies of a
// face (MER, ESC, PIR) resolving to the one the seat holds.
func TestExternalBotRepliesByCode(t *testing.T) {
	fake := buildFake(t)
	var buf []skullking.Action
	for _, tb := range moduleTables {
		o := skullking.DefaultOptions()
		tb.set(&o)
		ext := start(t, fake, []string{"code"}, Options{Timeout: 10 * time.Second})
		kinds := map[skullking.ActionKind]int{}
		playWith(t, ext, tb.players, o, 3, func(g *skullking.Game, v skullking.SeatView, got skullking.Action) {
			buf = v.Legal(buf[:0])
			if want := buf[int(ext.id)%len(buf)]; got != want {
				t.Fatalf("%d players, round %d: the program named %v, the bot played %v", tb.players, g.Round(), want, got)
			}
			kinds[got.Kind]++
		}, nil)
		if ext.Faults() != 0 {
			t.Fatalf("%d faults: %v", ext.Faults(), ext.FirstFault())
		}
		if kinds[skullking.ActionPlay] == 0 || kinds[skullking.ActionBid] == 0 {
			t.Fatalf("%d players: the program made only %v", tb.players, kinds)
		}
		ext.Close()
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
		r := bot.NewRandom(5)
		for seed := uint64(0); seed < 10; seed++ {
			g.Reset(seed)
			for !g.Over() {
				for s := 0; s < players; s++ {
					if !g.Waiting(s) {
						continue
					}
					view := g.View(s)
					m := decideMsg{Type: "decide", ID: 1, View: protocol.ViewOf(&view)}
					var hand []int
					for _, h := range m.View.Hand {
						hand = append(hand, h.Card)
					}
					var want []int
					for _, c := range g.Hand(s).Cards(nil) {
						want = append(want, int(c))
					}
					if !reflect.DeepEqual(hand, want) {
						t.Fatalf("hand %v, the seat holds %v", hand, want)
					}
					b, _ := json.Marshal(m)
					text := string(b)
					hands := g.Players()
					if g.GhostSeat() >= 0 {
						hands++
					}
					// Juanita Jade's glimpse of the undealt cards may since
					// have been drawn by Bendt: that is the seat's knowledge.
					// The last trick of the round before, shown through the
					// bidding, is history: its cards are dealt again.
					seen := skullking.SetOf(view.UndealtSeen...)
					if lt := view.LastTrick; lt != nil && lt.Round < view.Round {
						for _, p := range lt.Plays {
							seen = seen.With(p.Card)
						}
					}
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
						for o, si := range m.View.Seats {
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
// to the first legal action, counts a fault and says what went wrong; a
// refused reply is answered with an error message carrying the engine's
// refusal and the action played instead.
func TestExternalFaults(t *testing.T) {
	fake := buildFake(t)
	cases := []struct {
		mode   string
		faults int // per game of 65 decisions, at least
		says   string
	}{
		{"garbage", 65, "not an action object"},
		{"illegal", 65, "1 card was dealt: bid 0 to 1."},
		{"silent", 65, "no reply within"},
		{"exit", 64, "the program ended"},
		{"hangup", 65, "the program closed its pipes"},
	}
	var buf []skullking.Action
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			var log bytes.Buffer
			logPath := filepath.Join(t.TempDir(), "log")
			t.Setenv("FAKEBOT_LOG", logPath)
			tail := tailLog(t, logPath)
			// Only the silent program waits out its time; the others answer at
			// once, and a busy machine must not turn their fault into a late
			// reply.
			timeout := 10 * time.Second
			if c.mode == "silent" {
				timeout = 300 * time.Millisecond
			}
			ext := start(t, fake, []string{c.mode}, Options{Timeout: timeout, Log: &log})
			var first []skullking.Action
			playWith(t, ext, 4, skullking.DefaultOptions(), 1, func(g *skullking.Game, v skullking.SeatView, got skullking.Action) {
				buf = v.Legal(buf[:0])
				if got != buf[0] {
					t.Fatalf("fell back to %v, not the first legal action %v", got, buf[0])
				}
				if first == nil {
					first = append(first, buf...)
				}
			}, nil)
			if ext.Faults() < c.faults || ext.FirstFault() == nil || !strings.Contains(ext.FirstFault().Error(), c.says) {
				t.Fatalf("%d faults, first %v; want %d saying %q", ext.Faults(), ext.FirstFault(), c.faults, c.says)
			}
			if lines := strings.Count(log.String(), "\n"); lines != maxLoggedFaults+1 {
				t.Fatalf("%d log lines, want the first %d faults and a notice:\n%s", lines, maxLoggedFaults, log.String())
			}
			if c.mode != "illegal" {
				return
			}
			tail.next() // hello
			tail.next() // the first decision: bid 99
			line, kind := tail.next()
			var m errorMsg
			if err := json.Unmarshal(line, &m); kind != "error" || err != nil {
				t.Fatalf("after a refused bid the program received %s (%v)", line, err)
			}
			fallback := protocol.FromAction(first[0], false)
			if m.ID != 1 || m.Refusal == nil || m.Refusal.Code != string(skullking.RefuseBidOutOfRange) ||
				!strings.Contains(m.Message, c.says) || !reflect.DeepEqual(m.Fallback, fallback) {
				t.Fatalf("error %s, want decision 1's bid_out_of_range refusal and fallback %+v", line, fallback)
			}
		})
	}
}

func TestStartExecNeedsAProgram(t *testing.T) {
	for _, spec := range []string{"exec:", "exec:   ", "random", "exec:/no/such/program"} {
		if _, err := StartExec(spec, 1, Options{}); err == nil {
			t.Errorf("%q started", spec)
		}
	}
	if !IsExec(" exec:./x --fast") || IsExec("expert") {
		t.Error("IsExec")
	}
}

// TestReplyTo reads replies to decisions of a real game: actions by card
// id or by code (any case, any copy of a face), with or without the
// decision's id, and the ways a reply is refused, each with a sentence
// saying why and, when the engine refused it, its refusal code.
func TestReplyTo(t *testing.T) {
	// Seat 0 leads the yellow 9; seat 1 must follow with its yellow 3 or
	// play a special card. Seat 0 holds the first Mermaid, seat 1 the second.
	g := dealtest.Dealt(t, []string{"Y9 MER G1 G2", "Y3 TIG MER G4", "ESC ESC P5 P6", "P7 P8 P9 P10"}, []int{0, 0, 0, 0}, "Y9")
	y3, mer1, mer2 := skullking.NumberCard(skullking.Yellow, 3), skullking.Mermaid1, skullking.Mermaid2
	if !g.Hand(1).Has(mer2) || g.Hand(1).Has(mer1) {
		t.Fatalf("seat 1 holds %v, want the second Mermaid", g.Hand(1))
	}
	bidding := dealtest.Dealt(t, []string{"Y9 MER G1 G2", "Y3 TIG MER G4", "ESC ESC P5 P6", "P7 P8 P9 P10"}, nil)
	ok := []struct {
		g     *skullking.Game
		seat  int
		reply string
		want  skullking.Action
	}{
		{bidding, 0, `{"kind": "bid", "value": 2}`, skullking.Bid(0, 2)},
		{bidding, 2, ` {"kind":"bid","value":0,"id":4} `, skullking.Bid(2, 0)},
		{g, 1, `{"kind": "play", "code": "Y3"}`, skullking.Play(1, y3)},
		{g, 1, fmt.Sprintf(`{"kind": "play", "card": %d, "code": "anything"}`, y3), skullking.Play(1, y3)},
		{g, 1, `{"kind": "play", "code": "tig-e"}`, skullking.PlayTigress(1, skullking.AsEscape)},
		{g, 1, `{"kind": "play", "code": "TIG", "as": "pirate"}`, skullking.PlayTigress(1, skullking.AsPirate)},
		{g, 1, `{"kind": "play", "code": "mer", "id": 4}`, skullking.Play(1, mer2)},
		{g, 1, fmt.Sprintf(`{"kind": "play", "card": %d}`, mer1), skullking.Play(1, mer2)},
	}
	var legal []skullking.Action
	for _, c := range ok {
		v := c.g.Seat(c.seat)
		legal = v.Legal(legal[:0])
		got, r, err := replyTo([]byte(strings.TrimSpace(c.reply)), 4, v, legal, words.Words{You: c.seat}, false)
		if err != nil || r != nil || got != c.want {
			t.Errorf("%s: %v, %v, %v; want %v", c.reply, got, r, err, c.want)
		}
	}
	bad := []struct {
		g       *skullking.Game
		reply   string
		refusal skullking.RefusalCode
		says    string
	}{
		{g, ``, "", "empty line"},
		{g, `play Y3`, "", "not an action object"},
		{g, `{"play": "Y3"}`, "", `unknown field "play"`},
		{g, `{"kind": "play", "code": "Y3"} {"kind": "play", "code": "TIG-P"}`, "", "more than one"},
		{g, `{"kind": "play", "code": "Y3", "id": 3}`, "", "answers decision 3, not 4"},
		{g, `{"kind": "fold"}`, "", `unknown action kind "fold"`},
		{g, `{"kind": "play"}`, "", `needs "card"`},
		{g, `{"kind": "play", "card": 99}`, "", "no card has id 99"},
		{g, `{"kind": "play", "code": "Z9"}`, "", `unknown card code "Z9"`},
		{g, `{"kind": "play", "code": "G4"}`, skullking.RefuseMustFollowSuit,
			"You must follow yellow: you hold the yellow 3. A special card may always be played. " +
				"Legal now: play the yellow 3, play the Tigress as a Pirate, play the Tigress as an Escape or play a Mermaid"},
		{g, `{"kind": "play", "code": "P5"}`, skullking.RefuseCardNotHeld, "You do not hold the purple 5."},
		{g, `{"kind": "play", "code": "TIG"}`, skullking.RefuseTigressAs, "Play the Tigress as a Pirate or as an Escape."},
		{g, `{"kind": "bid", "value": 1}`, skullking.RefuseBidsOver, "Bidding is over for this round."},
		{bidding, `{"kind": "bid", "value": 5}`, skullking.RefuseBidOutOfRange, "4 cards were dealt: bid 0 to 4. Legal now: bid 0, bid 1"},
		{bidding, `{"kind": "cannon", "value": 1}`, skullking.RefuseNotCannonTime, "Cannons are loaded right after bidding"},
	}
	for _, c := range bad {
		v := c.g.Seat(1)
		legal = v.Legal(legal[:0])
		_, r, err := replyTo([]byte(c.reply), 4, v, legal, words.Words{You: 1}, false)
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v; want an error saying %q", c.reply, err, c.says)
		}
		if code := ""; (r != nil) != (c.refusal != "") || r != nil && r.Code != string(c.refusal) {
			if r != nil {
				code = r.Code
			}
			t.Errorf("%s: refusal %q, want %q", c.reply, code, c.refusal)
		}
	}
}

// TestSameChoiceResolvesCopies checks that a reply naming any copy of a
// face whose copies play alike is the legal action listing one of them,
// Bendt's two discards in either order, and that nothing else is.
func TestSameChoiceResolvesCopies(t *testing.T) {
	b14, b13 := skullking.NumberCard(skullking.Black, 14), skullking.NumberCard(skullking.Black, 13)
	two := skullking.Discard(2, skullking.Escape1, b14)
	cases := []struct {
		l, a  skullking.Action
		named bool
		same  bool
	}{
		{two, skullking.Discard(2, b14, skullking.Escape1+2), false, true},
		{two, skullking.Discard(2, skullking.Escape1, b14), true, true},
		{two, skullking.Discard(2, b14, skullking.NoCard), false, false},
		{two, skullking.Discard(2, skullking.Escape1, b13), false, false},
		{skullking.Play(2, skullking.Rosie), skullking.Play(2, skullking.Harry), false, true},
		{skullking.Play(2, skullking.Rosie), skullking.Play(2, skullking.Harry), true, false},
		{skullking.Play(2, skullking.Loot1), skullking.Play(2, skullking.Loot2), true, true},
		{skullking.PlayTigress(2, skullking.AsPirate), skullking.PlayTigress(2, skullking.AsEscape), false, false},
		{skullking.Play(2, b14), skullking.Decision(skullking.ActionBid, 2, 0), false, false},
		{skullking.Decision(skullking.ActionWager, 2, 10), skullking.Decision(skullking.ActionWager, 2, 20), false, false},
		{skullking.Decision(skullking.ActionRosie, 2, 1), skullking.Decision(skullking.ActionRosie, 2, 1), true, true},
	}
	for _, c := range cases {
		if got := sameChoice(c.l, c.a, c.named); got != c.same {
			t.Errorf("%v and %v (pirates named %v): same %v, want %v", c.l, c.a, c.named, got, c.same)
		}
	}
}

// TestBotProtocolDocNamesEveryField checks that docs/bot-protocol.md names
// every field of every message a program receives or sends, every refusal
// and reason code, and every phase, action kind and outcome.
func TestBotProtocolDocNamesEveryField(t *testing.T) {
	doc, err := os.ReadFile("../../docs/bot-protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(ty reflect.Type) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice {
			ty = ty.Elem()
		}
		// The engine's types (the options, as a record writes them) are
		// documented in docs/record.md.
		if ty.Kind() != reflect.Struct || seen[ty] || strings.HasSuffix(ty.PkgPath(), "/skullking") {
			return
		}
		seen[ty] = true
		for i := range ty.NumField() {
			f := ty.Field(i)
			tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if tag == "-" {
				continue
			}
			if tag != "" {
				names[tag] = true
			}
			walk(f.Type)
		}
	}
	for _, m := range []any{helloMsg{}, decideMsg{}, errorMsg{}, overMsg{}, replyMsg{}} {
		walk(reflect.TypeOf(m))
	}
	for _, c := range skullking.RefusalCodes() {
		names[string(c)] = true
	}
	for _, c := range []string{protocol.ReasonMermaidTakesSkullKing, protocol.ReasonSkullKing, protocol.ReasonPirate,
		protocol.ReasonMermaid, protocol.ReasonTrump, protocol.ReasonSuit, protocol.ReasonFirstEscape,
		protocol.ReasonWhaleHighest, protocol.ReasonKraken, protocol.ReasonWhaleDiscard,
		protocol.OutcomeWon, protocol.OutcomeDestroyed, protocol.OutcomeDiscarded,
		protocol.AbilityOffered, protocol.AbilityUsed, protocol.AbilityDeclined,
		protocol.PhaseBidding, protocol.PhaseCannon, protocol.PhasePlaying, protocol.PhaseAbility, protocol.PhaseOver,
		protocol.KindBid, protocol.KindPlay, protocol.KindCannon, protocol.KindRosie, protocol.KindBendt,
		protocol.KindDiscard, protocol.KindWager, protocol.KindHarry, "hello", "decide", "error", "over"} {
		names[c] = true
	}
	if len(names) < 100 {
		t.Fatalf("only %d names collected: the walk missed the view", len(names))
	}
	for n := range names {
		if !bytes.Contains(doc, []byte("`"+n+"`")) {
			t.Errorf("docs/bot-protocol.md does not name `%s`", n)
		}
	}
}
