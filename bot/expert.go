package bot

import (
	"time"

	sk "github.com/skullking-go/skullking"
)

// Expert is the strongest bot: a sampled-deal search (PIMC) like the
// simulation level, with
//
//   - deals played out by a heuristic that husbands its sure winners
//     (heurParams.plan): it keeps a Skull King or a Pirate it will need for
//     later instead of spending it at once, sheds what might win an unwanted
//     trick meanwhile, and leads numbers while its characters wait; a
//     candidate must also clearly beat that heuristic's choice to overrule
//     it. Rollout quality decides a PIMC search's strength, and these
//     rollouts are most of the expert's lead over the simulation level;
//   - a model of how the other seats bid, closer to players who search (who
//     bid about a trick more than the heuristic in the late rounds): it
//     makes their secret bids in the deals a bid is tried on, and explains
//     their revealed bids to inference;
//   - inference about hidden cards: besides voids, each sampled deal is
//     weighed by how well it explains the other seats' bids (a seat that bid
//     high likely holds strong cards) and their latest cards, and the deals
//     searched are drawn in proportion;
//   - a reading of the opponents: a seat that has bid and played exactly as
//     the heuristic would, round after round, is taken for the heuristic
//     (opponents.go), and its bids and cards are modelled by the heuristic
//     itself rather than by the models above;
//   - the last tricks of each deal solved exactly (max^n with every hand
//     open) instead of played out by the heuristic;
//   - a work budget per decision: as many deals as fit in a fixed number of
//     simulated card plays, so a decision's cost is bounded without reading
//     a clock, and the same seed always gives the same decision; a server
//     adds a wall-clock cap on top (WithTimeLimit) for a machine too busy
//     for the budget's usual time;
//   - both cores: deals are shared between two goroutines by index and their
//     results summed in deal order, so scheduling never changes a decision.
type Expert struct {
	s *search
}

// expertConfig is the expert's effort — on one core against three
// heuristic seats a decision's p50 is about 7 ms and its p99 about 40 ms —
// and its objective: its round score less one and a half times the
// opponents' mean, which measured better against the simulation level than
// the plain margin.
var expertConfig = searchConfig{
	worlds:        300,
	minWorlds:     24,
	bidWorlds:     10000,
	budget:        80000,
	bidBudget:     120000,
	oppWeight:     1.5,
	workers:       2,
	endgame:       3,
	endgameNodes:  2000,
	infer:         true,
	inferSharp:    25,
	inferFloor:    0.3,
	playEvents:    8,
	playEps:       0.3,
	oversample:    3,
	shrink:        1,
	rollout:       &expertRollout,
	bidModel:      &expertBidModel,
	readOpponents: true,
}

// expertBidModel is how the expert expects the other seats to bid: the
// heuristic's bid model, counting less of each opponent's hand and
// sharpening more, without steps between hand sizes.
var expertBidModel = func() heurParams {
	p := defaultHeurParams
	p.smoothSpread, p.bidSpread, p.sharpen = true, 0.1, 3
	return p
}()

// expertRollout is how the expert's searches play their deals out: the
// heuristic, husbanding its sure winners (heurParams.plan).
var expertRollout = func() heurParams {
	p := defaultHeurParams
	p.plan, p.sureP, p.safeLead = true, 0.45, 0.1
	return p
}()

// ExpertOption changes how an expert searches.
type ExpertOption func(*searchConfig)

// WithWorkers sets how many goroutines share the search (default 2). The
// decisions are the same whatever the number.
func WithWorkers(n int) ExpertOption { return func(c *searchConfig) { c.workers = max(n, 1) } }

// WithBudget scales the work per decision (1 is the default; 0.1 a tenth).
func WithBudget(scale float64) ExpertOption {
	return func(c *searchConfig) {
		c.budget = max(int(float64(c.budget)*scale), 1)
		c.bidBudget = max(int(float64(c.bidBudget)*scale), 0)
		c.worlds = max(int(float64(c.worlds)*scale), 1)
		c.bidWorlds = max(int(float64(c.bidWorlds)*scale), 1)
		c.minWorlds = max(int(float64(c.minWorlds)*scale), 1)
	}
}

// WithTimeLimit caps each decision's wall-clock time: past d the search
// stops taking new deals and decides on those done. The work budget alone
// keeps decisions well under 100 ms on one core, so the cap matters only on
// an overloaded machine; with it, a decision can depend on timing, so
// measurements leave it off.
func WithTimeLimit(d time.Duration) ExpertOption {
	return func(c *searchConfig) { c.timeLimit = max(d, 0) }
}

// NewExpert returns an expert bot seeded with seed.
func NewExpert(seed uint64, opts ...ExpertOption) *Expert {
	cfg := expertConfig
	for _, o := range opts {
		o(&cfg)
	}
	return &Expert{s: newSearch(cfg, seed)}
}

// Act decides for the seat of v.
func (b *Expert) Act(v sk.SeatView) sk.Action { return b.s.act(v) }

// Reseed makes the bot as NewExpert(seed) would.
func (b *Expert) Reseed(seed uint64) { b.s.reseed(seed) }
