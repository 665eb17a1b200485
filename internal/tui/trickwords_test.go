package tui

import (
	"strings"
	"testing"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

// Rule: a trick's bonus is told as counting "if the bid is exact" only
// while the winner's bid can still hold; once the engine reports it lost
// (everyone bid 0, so a trick won breaks the bid), the screen says the
// bonus is lost and never that it counts.
func TestBonusOfABrokenBidIsToldLost(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		sc := newScripted(t, 4, skullking.DefaultOptions(), seed, "Ann", "Ben", "Cat", "Dan")
		g := sc.g
		for !g.Over() && g.Round() <= 6 {
			if g.Phase() == skullking.PhaseBidding {
				sc.bids(0, 0, 0, 0)
				continue
			}
			sc.playUntil(func() bool { return g.Round() > 6 || lostBonusTold(sc.m) != nil || g.Phase() != skullking.PhasePlaying })
			if lt := lostBonusTold(sc.m); lt != nil {
				sc.m.overlay = overlayNone
				out := strings.Join(strings.Fields(plain(sc.m)), " ")
				w := words.For(sc.m.v)
				if !strings.Contains(out, "is lost:") || !strings.Contains(out, "bid can no longer hold") {
					t.Fatalf("seed %d: the lost bonus of trick %d is not told lost:\n%s", seed, lt.Number, plain(sc.m))
				}
				if strings.Contains(out, "bid is exact") {
					t.Fatalf("seed %d: the screen still counts a lost bonus:\n%s", seed, plain(sc.m))
				}
				if got := sc.m.words.Trick(lt); strings.Contains(got, "if") || !strings.Contains(got, w.BonusLost(lt)) {
					t.Fatalf("seed %d: trick told %q", seed, got)
				}
				return
			}
			if g.Phase() == skullking.PhasePlaying {
				continue
			}
		}
	}
	t.Fatal("no seed gave a trick with a bonus won against a bid of 0")
}

// lostBonusTold is the trick told in full whose bonus the view reports
// lost while its round is played, or nil.
func lostBonusTold(m *Model) *protocol.Trick {
	v := m.v
	t := m.toldTrick()
	if t == nil || t.Bonus == 0 || t.Outcome != protocol.OutcomeWon || t.Round != v.Round || v.Phase != protocol.PhasePlaying {
		return nil
	}
	if t.BonusLost {
		return t
	}
	return nil
}

// While the bid can hold the bonus is told as counting if it is exact.
func TestBonusOfAHoldingBidCountsIfExact(t *testing.T) {
	m := New(nullTable{}, Config{})
	m.v = &protocol.View{Seat: 0, Round: 3, Phase: protocol.PhasePlaying, Seats: []protocol.SeatInfo{{Name: "Ann"}, {Name: "Dan"}}}
	m.have, m.words = true, words.For(m.v)
	tr := &protocol.Trick{Round: 3, Number: 1, Outcome: protocol.OutcomeWon, Winner: 1, Reason: protocol.ReasonTrump,
		Bonus: 20, Bonuses: []protocol.BonusItem{{Kind: "black_fourteen", Count: 1, Points: 20}},
		Plays: []protocol.Play{{Seat: 1}, {Seat: 0}}, Winning: 0}
	if got := m.words.Trick(tr); !strings.Contains(got, "+20 for the black 14 if Dan's bid is exact") {
		t.Errorf("a bonus that can count: %q", got)
	}
	tr.BonusLost = true
	if got := m.words.Trick(tr); strings.Contains(got, "if Dan") || !strings.Contains(got, "The +20 for the black 14 is lost") {
		t.Errorf("a bonus lost: %q", got)
	}
}
