package arena

import (
	"context"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/bot"
)

// firstLegal is examples/firstlegal played in-process.
type firstLegal struct{ buf []skullking.Action }

func (f *firstLegal) Act(v skullking.SeatView) skullking.Action {
	f.buf = v.Legal(f.buf[:0])
	return f.buf[0]
}

// TestExternalBotPlaysCompleteGames builds the example external bot and
// plays full games with it through the protocol: the statistics are those
// of the same strategy played in-process, and nothing was a fault.
func TestExternalBotPlaysCompleteGames(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build the example bot")
	}
	bin := filepath.Join(t.TempDir(), "firstlegal")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if out, err := exec.Command(goTool, "build", "-o", bin, "../examples/firstlegal").CombinedOutput(); err != nil {
		t.Fatalf("building the example: %v\n%s", err, out)
	}
	o := skullking.DefaultOptions()
	o.PirateAbilities, o.Kraken = true, true
	deals := 4
	if raceEnabled {
		deals = 2
	}
	ext := "exec:" + bin
	cfg := Config{Lineup: []string{ext, "random", "random", "random"}, Options: &o, Deals: deals, Seed: 5, Workers: 2}
	got, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.NewBot = func(level string, seed uint64) (bot.Bot, error) {
		if level == ext {
			return &firstLegal{}, nil
		}
		return bot.New(level, seed)
	}
	want, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got.Bots[0].Faults != 0 {
		t.Fatalf("%d faults: %s", got.Bots[0].Faults, got.Bots[0].FirstFault)
	}
	if got.Bots[0].Decisions == 0 || got.Games != deals*4 {
		t.Fatalf("%d decisions in %d games", got.Bots[0].Decisions, got.Games)
	}
	if !reflect.DeepEqual(timeless(got), timeless(want)) {
		t.Fatalf("through the protocol:\n%+v\nin-process:\n%+v", timeless(got), timeless(want))
	}
}
