package review

import (
	"strings"
	"testing"

	"github.com/skullking-go/skullking/protocol"
	"github.com/skullking-go/skullking/words"
)

func ip(v int) *int { return &v }

// textReview is Ben's review of a four-player game: a bid the captain
// agrees with, a card that gave up points, Harry's move and Rosie's
// choice, and two decisions made for him.
func textReview() *Review {
	card := func(c int) protocol.Action { return protocol.Action{Kind: protocol.KindPlay, Card: ip(c)} } // 15: the yellow 2
	return &Review{Seat: 1, Name: "Ben", TotalLoss: 3.4, Decisions: []Decision{
		{Round: 1, Kind: KindBid, Played: protocol.Action{Kind: "bid", Value: ip(1)}, Best: protocol.Action{Kind: "bid", Value: ip(1)}, Choices: 2},
		{Round: 1, Trick: 1, Kind: KindCard, Played: card(15), Best: card(18), Loss: 3.4, Choices: 2},
		{Round: 1, Trick: 1, Kind: KindHarry, Played: protocol.Action{Kind: "harry", Value: ip(1)}, Best: protocol.Action{Kind: "harry", Value: ip(1)}, Choices: 3},
		{Round: 1, Trick: 2, Kind: KindRosie, Played: protocol.Action{Kind: "rosie", Value: ip(0)}, Best: protocol.Action{Kind: "rosie", Value: ip(0)}, Choices: 4},
		{Round: 2, Kind: KindBid, Played: protocol.Action{Kind: "bid", Value: ip(0)}, Best: protocol.Action{Kind: "bid", Value: ip(2)}, Loss: 5, Choices: 3, By: "bot"},
		{Round: 2, Trick: 1, Kind: KindCard, Played: card(16), Best: card(16), Choices: 1, By: "timer"},
	}}
}

// The review is worded once, for a reader: "you" for the reviewed seat's
// player, the seat's name for anyone else; the player's own decisions in
// order and the costliest of them, those made for them apart under who
// made them; every decision said exactly once outside the costliest.
func TestReviewTextWordsEveryDecisionOnce(t *testing.T) {
	names := []string{"Ann", "Ben", "Cat", "Dan"}
	r := textReview()
	mine := r.Worded(words.Words{Names: names, You: 1})
	if want := "Your decisions gave up 3.4 expected points in all, over 4 decisions. 2 decisions made for you are listed apart and not counted."; mine.Summary != want {
		t.Errorf("summary %q, want %q", mine.Summary, want)
	}
	if len(mine.Costliest.Items) != 1 || mine.Costliest.Items[0].Decision != 1 ||
		mine.Costliest.Items[0].Says != "You chose to play the yellow 2; the captain would play the yellow 5: −3.4 expected points." {
		t.Errorf("the costliest: %+v", mine.Costliest.Items)
	}
	seen := map[int]int{}
	for _, s := range append([]Section{mine.Every}, mine.Apart...) {
		for _, it := range s.Items {
			seen[it.Decision]++
		}
	}
	for i := range r.Decisions {
		if seen[i] != 1 {
			t.Errorf("decision %d is said %d times", i, seen[i])
		}
	}
	if len(mine.Every.Items) != 4 || len(mine.Apart) != 2 || mine.Apart[0].Heading != "Played for you while away" || mine.Apart[0].By != "bot" ||
		mine.Apart[1].Heading != "By the timer" || mine.Apart[1].Items[0].Says != "When the time ran out, the game chose to play the yellow 3: the only choice." {
		t.Errorf("the sections: %+v", mine)
	}
	says := map[int]string{}
	for _, it := range mine.Every.Items {
		says[it.Decision] = it.Where + ": " + it.Says
	}
	for i, want := range map[int]string{
		0: "Round 1, before the first trick: You chose to bid 1, as the captain would.",
		2: "Round 1, after trick 1: You chose to raise your bid by one, as the captain would.",
		3: "Round 1, after trick 2: You chose Ann to lead, as the captain would.",
	} {
		if says[i] != want {
			t.Errorf("decision %d: %q, want %q", i, says[i], want)
		}
	}

	// Ann reads Ben's review: Ben's choices are his, never hers.
	ann := r.Worded(words.Words{Names: names, You: 0})
	if !strings.HasPrefix(ann.Summary, "Ben's decisions gave up ") || ann.Apart[0].Heading != "Played for Ben while away" {
		t.Errorf("Ann reads %q, %q", ann.Summary, ann.Apart[0].Heading)
	}
	for _, it := range ann.Every.Items {
		if strings.Contains(it.Says, "your") || strings.Contains(it.Says, "You ") {
			t.Errorf("Ann reads Ben's decision as hers: %q", it.Says)
		}
	}
	if got := ann.Every.Items[2].Says; got != "Ben chose to raise their bid by one, as the captain would." {
		t.Errorf("Harry's move read by Ann: %q", got)
	}
	if got := ann.Every.Items[3].Says; got != "Ben chose you to lead, as the captain would." {
		t.Errorf("Rosie's choice read by Ann: %q", got)
	}
}
