package clustertest

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/skullking-go/skullking"
	"github.com/skullking-go/skullking/client"
)

var kills = flag.Int("chaos.kills", 10, "how many times the chaos test kills a table's owner with SIGKILL")

// The chaos test's cluster: three nodes whose leases last 3 s, so that a
// dead node's tables move within seconds; bots that do not pause, and no
// limits on the loopback players' messages. An absent player's seat waits
// an hour for a stand-in, so that every action after a kill is the
// people's or their bots', and a seat whose client was lost stalls the
// game rather than being played for it.
const (
	chaosNodes  = 3
	chaosLease  = 3 * time.Second
	chaosTables = 4 // tables played at once while the chaos lasts
	chaosRounds = 6
)

// Killing, ten times over, the node that owns a table being played — with
// SIGKILL, mid-game, its players connected to every node — loses no
// action a player saw acknowledged (docs/scaling.md, "Nothing only in
// memory"): another node takes the table over within a lease and a sweep,
// the game goes on and finishes, its record downloads from any node and
// replays, and every acknowledged action is in the log at the seq its ack
// named.
func TestKillingOwnersLosesNoAcknowledgedAction(t *testing.T) {
	requireClusterMachine(t)
	if *kills < 1 {
		t.Fatalf("-chaos.kills %d: at least one kill", *kills)
	}
	c := startCluster(t, chaosNodes, chaosLease, "--bot-delay", "0", "--grace", "1h",
		"--http-rate", "-1", "--msg-rate", "-1")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute+time.Duration(*kills)*15*time.Second)
	defer cancel()
	db, err := pgxpool.New(ctx, c.storeURL())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	led, p := newLedger(), &pace{}
	var games []*game
	defer func() {
		for _, g := range games {
			g.close()
		}
	}()
	// refill opens tables until chaosTables are being played, so that the
	// chaos always has tables to hit however many kills it is asked for.
	refill := func() {
		t.Helper()
		playing := 0
		for _, g := range games {
			if !g.over() {
				playing++
			}
		}
		for ; playing < chaosTables; playing++ {
			g, err := openGame(ctx, c, len(games), chaosRounds)
			if err != nil {
				t.Fatal(err)
			}
			g.play(ctx, led, p)
			games = append(games, g)
		}
	}
	refill()

	var failovers []time.Duration
	for k := 1; k <= *kills; k++ {
		f, err := killOwner(ctx, t, c, db, k, games)
		if errors.Is(err, errNothingHit) {
			t.Logf("kill %d: %v; once more", k, err)
			k--
			refill()
			time.Sleep(200 * time.Millisecond) // the new games' first deal
			continue
		}
		if err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
		failovers = append(failovers, f)
		if limit := 3 * chaosLease; f > limit {
			t.Errorf("kill %d: the first action after the kill came %v later, more than %v (the lease, a sweep and slack)", k, f, limit)
		}
		refill()
		time.Sleep(300*time.Millisecond + time.Duration(rand.IntN(1700))*time.Millisecond)
	}

	p.fast.Store(true)
	over := time.After(time.Until(deadline(ctx, time.Minute)))
	for _, g := range games {
		select {
		case <-g.done:
		case <-over:
			t.Fatalf("table %s: the game is not over a minute after the last kill; its seats:%s", g.id, g.where())
		}
	}
	lost := 0
	for _, g := range games {
		lost += checkGame(ctx, t, c, db, g, led)
	}
	if len(led.forks) > 0 {
		t.Errorf("actions acknowledged at the same seq:\n%s", strings.Join(led.forks, "\n"))
	}
	slices.Sort(failovers)
	inLogs := "all in the logs"
	if lost > 0 {
		inLogs = fmt.Sprintf("%d NOT in the logs as acknowledged", lost)
	}
	summary := fmt.Sprintf("failover after kill -9: n=%d p50=%v max=%v; acknowledged actions: %d, %s",
		len(failovers), failovers[len(failovers)/2].Round(time.Millisecond), failovers[len(failovers)-1].Round(time.Millisecond),
		led.count(), inLogs)
	t.Logf("%d games on %d nodes, lease %v; act requests without an ack: %v", len(games), chaosNodes, chaosLease, led.failed)
	t.Log(summary)
}

// deadline is now + d, or ctx's deadline if sooner.
func deadline(ctx context.Context, d time.Duration) time.Time {
	at := time.Now().Add(d)
	if dl, ok := ctx.Deadline(); ok && dl.Before(at) {
		return dl
	}
	return at
}

// errNothingHit: every game the killed node owned ended just before the
// kill, or no game being played had an owner to kill; the kill does not
// count.
var errNothingHit = errors.New("the games had just ended")

// killOwner kills the node that owns a table being played, waits for its
// tables to move to the other nodes, starts it again, and returns the
// failover: the time from the kill to the first action accepted on its
// tables afterwards, the slowest of them.
func killOwner(ctx context.Context, t *testing.T, c *cluster, db *pgxpool.Pool, k int, games []*game) (time.Duration, error) {
	owners, err := playingOwners(ctx, db)
	if err != nil {
		return 0, err
	}
	if len(owners) == 0 {
		// The games just ended and those refill opened are not dealt yet:
		// nothing to kill this moment, as when a victim's games all ended.
		return 0, errNothingHit
	}
	names := make([]string, 0, len(owners))
	for name := range owners {
		names = append(names, name)
	}
	slices.Sort(names)
	victim := names[rand.IntN(len(names))]
	killedAt, err := c.kill(victim)
	if err != nil {
		return 0, err
	}
	// The node is gone: its tables' logs stop here. A game whose last
	// action it took just before the kill has nothing more to wait for.
	seqs := map[string]int64{}
	var hit []string
	for _, id := range owners[victim] {
		var seq int64
		var status string
		if err := db.QueryRow(ctx, `SELECT COALESCE((SELECT MAX(seq) FROM actions WHERE table_id = $1), 0), status
			FROM tables WHERE id = $1`, id).Scan(&seq, &status); err != nil {
			return 0, err
		}
		if status == "playing" {
			seqs[id] = seq
			hit = append(hit, id)
		}
	}
	if len(hit) == 0 {
		if err := c.start(victim); err != nil {
			return 0, err
		}
		return 0, errNothingHit
	}
	moved, err := waitMoved(ctx, db, victim, hit, 5*chaosLease)
	if err != nil {
		return 0, err
	}
	if err := c.start(victim); err != nil {
		return 0, err
	}
	var worst time.Duration
	for _, id := range hit {
		f, err := firstActionAfter(ctx, db, id, seqs[id], killedAt, killedAt.Add(10*chaosLease))
		if err != nil {
			for _, g := range games {
				if g.id == id {
					err = fmt.Errorf("%w; its seats:%s", err, g.where())
				}
			}
			return 0, err
		}
		worst = max(worst, f)
	}
	t.Logf("kill %d: %s owned %d tables being played; they moved in %v, the first action came %v after the kill",
		k, victim, len(hit), moved.Sub(killedAt).Round(time.Millisecond), worst.Round(time.Millisecond))
	return worst, nil
}

// playingOwners lists the tables being played by the node whose lease on
// them is current.
func playingOwners(ctx context.Context, db *pgxpool.Pool) (map[string][]string, error) {
	rows, err := db.Query(ctx, `SELECT l.node, l.table_id FROM leases l JOIN tables t ON t.id = l.table_id
		WHERE t.status = 'playing' AND l.expires_at > $1 ORDER BY l.table_id`, time.Now().UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var node, id string
		if err := rows.Scan(&node, &id); err != nil {
			return nil, err
		}
		out[node] = append(out[node], id)
	}
	return out, rows.Err()
}

// waitMoved waits until no lease row of the tables names node any more
// (or the table is over) and returns when.
func waitMoved(ctx context.Context, db *pgxpool.Pool, node string, ids []string, within time.Duration) (time.Time, error) {
	limit := time.Now().Add(within)
	for {
		var left int
		err := db.QueryRow(ctx, `SELECT COUNT(*) FROM leases l JOIN tables t ON t.id = l.table_id
			WHERE l.node = $1 AND t.status = 'playing' AND l.table_id = ANY($2)`, node, ids).Scan(&left)
		if err != nil {
			return time.Time{}, err
		}
		if left == 0 {
			return time.Now(), nil
		}
		if time.Now().After(limit) {
			return time.Time{}, fmt.Errorf("%d of %s's tables still name it in their leases %v after the kill", left, node, within)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// firstActionAfter waits for the action after seq in table id's log and
// returns how long after since it was accepted.
func firstActionAfter(ctx context.Context, db *pgxpool.Pool, id string, seq int64, since, until time.Time) (time.Duration, error) {
	for {
		var at []int64
		rows, err := db.Query(ctx, `SELECT at FROM actions WHERE table_id = $1 AND seq = $2`, id, seq+1)
		if err != nil {
			return 0, err
		}
		for rows.Next() {
			var ms int64
			if err := rows.Scan(&ms); err != nil {
				rows.Close()
				return 0, err
			}
			at = append(at, ms)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return 0, err
		}
		if len(at) > 0 {
			return time.UnixMilli(at[0]).Sub(since), nil
		}
		if time.Now().After(until) {
			return 0, fmt.Errorf("table %s: no action after seq %d within %v of the kill", id, seq, until.Sub(since))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// checkGame checks a finished game: the table is over, its record
// downloads from a node that did not create it and replays to the totals
// its players saw last, and every action acknowledged at it is in its log
// at its seq, the same action. It returns how many acknowledged actions
// are missing from the log or differ there.
func checkGame(ctx context.Context, t *testing.T, c *cluster, db *pgxpool.Pool, g *game, led *ledger) int {
	t.Helper()
	g.mu.Lock()
	errs, finals := g.errs, g.finals
	g.mu.Unlock()
	for _, err := range errs {
		t.Error(err)
	}
	var status string
	if err := db.QueryRow(ctx, `SELECT status FROM tables WHERE id = $1`, g.id).Scan(&status); err != nil || status != "over" {
		t.Errorf("table %s: status %q (%v), not over", g.id, status, err)
	}
	log, err := loadLog(ctx, db, g.id)
	if err != nil {
		t.Errorf("table %s: %v", g.id, err)
		return 0
	}
	b, err := client.New(c.url(g.index+1)).Record(ctx, g.id)
	if err != nil {
		t.Errorf("table %s: the record: %v", g.id, err)
	} else if rec, err := skullking.ParseRecord(b); err != nil {
		t.Errorf("table %s: the record does not read: %v", g.id, err)
	} else if replayed, err := rec.Replay(); err != nil {
		t.Errorf("table %s: the record does not replay: %v", g.id, err)
	} else {
		if n := len(replayed.Log()); n != len(log) {
			t.Errorf("table %s: the record replays %d actions, the log holds %d", g.id, n, len(log))
		}
		for _, v := range finals {
			for s, total := range replayed.Totals() {
				if v.Seats[s].Total != total {
					t.Errorf("table %s: seat %d's last view gives seat %d %d points, the record %d", g.id, v.Seat, s, v.Seats[s].Total, total)
				}
			}
		}
	}
	led.mu.Lock()
	acked := led.acked[g.id]
	led.mu.Unlock()
	if len(acked) == 0 {
		t.Errorf("table %s: no action was acknowledged", g.id)
	}
	seqs := slices.Sorted(maps.Keys(acked))
	var wrong []string
	for _, seq := range seqs {
		a := acked[seq]
		switch {
		case seq > int64(len(log)):
			wrong = append(wrong, fmt.Sprintf("seq %d, acknowledged as seat %d's %v, is missing: the log ends at %d", seq, a.Seat, a, len(log)))
		case log[seq-1] != a:
			wrong = append(wrong, fmt.Sprintf("seq %d was acknowledged as seat %d's %v, the log holds seat %d's %v",
				seq, a.Seat, a, log[seq-1].Seat, log[seq-1]))
		}
	}
	if len(wrong) > 0 {
		t.Errorf("table %s: %d of %d acknowledged actions are not in the log as acknowledged:\n%s",
			g.id, len(wrong), len(acked), strings.Join(wrong[:min(len(wrong), 10)], "\n"))
	}
	return len(wrong)
}

// loadLog reads table id's action log from the store's actions table, in
// seq order, refusing a gap.
func loadLog(ctx context.Context, db *pgxpool.Pool, id string) ([]skullking.Action, error) {
	rows, err := db.Query(ctx, `SELECT seq, seat, kind, card, card2, tas, value FROM actions WHERE table_id = $1 ORDER BY seq`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var log []skullking.Action
	for rows.Next() {
		var seq int64
		var seat, kind, card, card2, tas, value int
		if err := rows.Scan(&seq, &seat, &kind, &card, &card2, &tas, &value); err != nil {
			return nil, err
		}
		if seq != int64(len(log)+1) {
			return nil, fmt.Errorf("table %s: the log has a gap at seq %d", id, len(log)+1)
		}
		log = append(log, skullking.Action{Kind: skullking.ActionKind(kind), Seat: int8(seat), Card: skullking.Card(card),
			ActionArgs: skullking.ActionArgs{Card2: skullking.Card(card2), As: skullking.TigressAs(tas), Value: int8(value)}})
	}
	return log, rows.Err()
}
