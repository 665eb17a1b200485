// The browser's one renderer of what the engine reports: the codes and
// facts of a view (a trick's reason, a card's refusal, an action, a pirate
// ability, a round's score by part) worded as English sentences for one
// viewer. It is the counterpart of protocol.Words (protocol/text.go) and
// says the same sentences — a browser test holds the two together — so no
// screen words a code on its own. Cards are named from the server's
// catalogue ("the black 11", "Harry the Giant"), never by their codes, and a
// Pirate by name only when the game's rules make the names matter.

import { cardOf } from './catalog.js';
import { capital, bare } from './dom.js';
import { t, n, has } from './locale.js';

export { capital, bare };

// list joins phrases: "a", "a and b", "a, b and c".
export function list(items, conj = 'and') {
  if (items.length <= 1) return items.join('');
  return items.slice(0, -1).join(', ') + ' ' + conj + ' ' + items[items.length - 1];
}

// count is "1 trick", "2 tricks".
export function count(n, one, many) { return n === 1 ? `1 ${one}` : `${n} ${many}`; }

// signed writes points with their sign: "+20", "−10", "0".
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return '0';
}

// What each reason code means, as the engine decided the trick.
const REASONS = {
  mermaid_takes_skull_king: 'a Mermaid takes the Skull King',
  skull_king: 'the Skull King beats every Pirate and number',
  pirate: 'the first Pirate beats Mermaids and numbers',
  mermaid: 'the first Mermaid beats every number',
  trump: 'the highest black (trump) wins',
  suit: 'the highest card of the suit led wins',
  first_escape: 'only Escapes were played: the first one wins',
  whale_highest: 'the White Whale: the highest number wins, whatever its suit',
  kraken: 'the Kraken destroys the trick: nobody wins it',
  whale_discard: 'the White Whale with no number played: the trick is discarded',
};

// reason words a reason code; a code this client does not know yet is
// still read out, as words.
export function reason(code) { return REASONS[code] || String(code || '').replaceAll('_', ' '); }

// bonuses words a trick's or a round's bonus items: "2 Pirates and the black 14".
export function bonuses(items) {
  return list((items || []).map((b) => {
    switch (b.kind) {
      case 'fourteen': return b.count === 1 ? 'a colour 14' : `${b.count} colour 14s`;
      case 'black_fourteen': return 'the black 14';
      case 'pirate_mermaid': return b.count === 1 ? 'a Mermaid' : `${b.count} Mermaids`;
      case 'skull_king_pirate': return b.count === 1 ? 'a Pirate' : `${b.count} Pirates`;
      case 'mermaid_skull_king': return 'the Skull King';
    }
    return String(b.kind).replaceAll('_', ' ');
  }));
}

// The Pirates with abilities, by the protocol's names for them.
const PIRATES = {
  rosie: "Rosie D'Laney", bendt: 'Bendt the Bandit', rascal: 'Rascal of Roatan',
  juanita: 'Juanita Jade', harry: 'Harry the Giant',
};

export class Words {
  // names are the seats' names, you the viewer's seat (−1: a spectator),
  // named whether the Pirates' names matter in this game.
  constructor(names, you, named, ghost = 0) {
    this.names = names || [];
    this.you = you;
    // Graybeard's seat in a two-player game: never 0, so 0 means none.
    this.ghost = ghost;
    this.named = !!named;
  }

  // forView is the renderer for the viewer of a view.
  static forView(v) {
    return new Words(v.seats.map((s) => s.name), v.seat, v.named, Math.max(0, v.seats.findIndex((s) => s.graybeard)));
  }

  // name is seat s's name, "you" for the viewer.
  name(s) {
    if (s === this.you && s >= 0) return t('name.you');
    if (s >= 0 && s < this.names.length) return this.names[s];
    return t('name.seat', { Number: s + 1 });
  }

  possessive(s) { return s === this.you && s >= 0 ? 'your' : `${this.name(s)}'s`; }

  verb(s, you, other) { return s === this.you && s >= 0 ? you : other; }

  // phrase names a card in a sentence: "the black 11", "a Mermaid", a
  // Pirate by name only when the names matter.
  phrase(id) {
    const c = cardOf(id);
    if (!c) return 'an unknown card';
    return this.named ? c.phrase : c.generic;
  }

  // playPhrase names a card on the table: "the Tigress as a Pirate".
  playPhrase(p) {
    if (p.as === 'pirate') return 'the Tigress as a Pirate';
    if (p.as === 'escape') return 'the Tigress as an Escape';
    return this.phrase(p.card);
  }

  // trickScored is trick once the trick's round is scored: what its bonus
  // came to, rather than what it would come to.
  trickScored(t) { return this.trick(t, true); }

  // bonusScored says what a scored round made of the bonus a trick
  // carried, or '' when it carried none.
  bonusScored(t) {
    if (!(t.bonus > 0) || t.winner < 0) return '';
    if (t.bonus_lost) return `The +${t.bonus} for ${bonuses(t.bonuses)} was lost: ${this.possessive(t.winner)} bid was missed.`;
    return `The +${t.bonus} for ${bonuses(t.bonuses)} counted.`;
  }

  // trick says who won a completed trick and why, what it carries if the
  // winner's bid holds (what it came to, once scored), the Loot alliances
  // it made and the pirate ability its win gave.
  trick(t, scored = false) {
    if (t.outcome === 'destroyed') {
      return 'The Kraken destroys the trick: nobody wins it. ' +
        `${capital(this.name(t.leader))} would have won and ${this.verb(t.leader, 'lead', 'leads')} next.`;
    }
    if (t.outcome === 'discarded') {
      return 'The White Whale with no number played: the trick is discarded and ' +
        `${this.name(t.leader)} ${this.verb(t.leader, 'lead', 'leads')} next.`;
    }
    let card = 'card';
    const p = t.plays && t.plays[t.winning];
    if (p) card = p.as === 'pirate' ? 'Tigress (as a Pirate)' : p.as === 'escape' ? 'Tigress (as an Escape)' : bare(this.playPhrase(p));
    let s = `${capital(this.possessive(t.winner))} ${card} wins: ${reason(t.reason)}.`;
    // Graybeard's tricks count for nobody: they carry nothing.
    if (this.ghost > 0 && t.winner === this.ghost) return s + ' Graybeard takes it for nobody.';
    // The engine says when the bonus can no longer count (bonus_lost).
    if (t.bonus > 0 && scored) s += ' ' + this.bonusScored(t);
    else if (t.bonus > 0 && t.bonus_lost) s += ` The +${t.bonus} for ${bonuses(t.bonuses)} is lost: ${this.possessive(t.winner)} bid can no longer hold.`;
    else if (t.bonus > 0) s += ` +${t.bonus} for ${bonuses(t.bonuses)} if ${this.possessive(t.winner)} bid is exact.`;
    for (const a of t.loot || []) s += ` ${capital(this.possessive(a.looter))} Loot allies with ${this.name(a.winner)}.`;
    const ab = this.ability(t);
    if (ab) s += ' ' + ab;
    return s;
  }

  // ability says what became of the pirate ability a trick's win gave, or
  // '' when it gave none.
  ability(t) {
    const a = t.ability;
    if (!a) return '';
    const who = t.winner;
    const pirate = PIRATES[a.pirate] || a.pirate;
    const v = a.value === undefined || a.value === null ? 0 : a.value;
    if (a.state === 'offered') {
      switch (a.pirate) {
        case 'rosie': return `${pirate}: ${this.name(who)} ${this.verb(who, 'choose', 'chooses')} who leads next.`;
        case 'bendt': return `${pirate}: ${this.name(who)} may draw two undealt cards and discard two.`;
        case 'rascal': return `${pirate}: ${this.name(who)} may wager 10 or 20 on ${this.possessive(who)} bid.`;
        case 'harry': return `${pirate}: ${this.name(who)} may change ${this.possessive(who)} bid by one.`;
      }
      return '';
    }
    const subject = capital(this.name(who));
    const declined = a.state === 'declined';
    if (a.pirate === 'juanita') return `${pirate}: ${this.name(who)} ${this.verb(who, 'look', 'looks')} at the undealt cards.`;
    if (declined && a.pirate === 'bendt') return `${subject} ${this.verb(who, 'draw', 'draws')} no cards with ${pirate}.`;
    if (declined && a.pirate === 'rascal') return `${subject} ${this.verb(who, 'wager', 'wagers')} nothing with ${pirate}.`;
    if (declined && a.pirate === 'harry') return `${subject} ${this.verb(who, 'keep', 'keeps')} ${this.possessive(who)} bid with ${pirate}.`;
    switch (a.pirate) {
      case 'rosie': return `${subject} ${this.verb(who, 'choose', 'chooses')} ${this.name(v)} to lead, with ${pirate}.`;
      case 'bendt': return `${subject} ${this.verb(who, 'draw', 'draws')} ${count(v, 'card', 'cards')} and ` +
        `${this.verb(who, 'discard', 'discards')} as many, with ${pirate}.`;
      case 'rascal': return `${subject} ${this.verb(who, 'wager', 'wagers')} ${v} on ${this.possessive(who)} bid, with ${pirate}.`;
      case 'harry': return v > 0
        ? `${subject} ${this.verb(who, 'raise', 'raises')} ${this.possessive(who)} bid by one, with ${pirate}.`
        : `${subject} ${this.verb(who, 'lower', 'lowers')} ${this.possessive(who)} bid by one, with ${pirate}.`;
    }
    return '';
  }

  // action words an action a seat may take: "bid 2", "play the yellow 7".
  action(a) {
    const v = a.value === undefined || a.value === null ? 0 : a.value;
    switch (a.kind) {
      case 'bid': return `bid ${v}`;
      case 'play': return 'play ' + this.playPhrase({ card: a.card, as: a.as });
      case 'cannon': return v === 1 ? 'load the cannonball' : 'load grapeshot';
      case 'rosie': return v === this.you ? 'choose yourself to lead' : `choose ${this.name(v)} to lead`;
      case 'bendt': return v === 1 ? 'draw two cards' : 'draw no cards';
      case 'discard': return 'discard ' + list([a.card, a.card2].filter((c) => c !== undefined && c !== null).map((c) => this.phrase(c)));
      case 'wager': return v === 0 ? 'wager nothing' : `wager ${v}`;
      case 'harry': return v > 0 ? 'raise your bid by one' : v < 0 ? 'lower your bid by one' : 'keep your bid';
    }
    return String(a.kind);
  }

  // done words a decision taken for the viewer, in the past: "bid 3",
  // "played the yellow 7" (an Event: kind, value, card, as).
  done(e) {
    const v = e.value === undefined || e.value === null ? 0 : e.value;
    switch (e.kind) {
      case 'bid': return `bid ${v}`;
      case 'play': return 'played ' + this.playPhrase({ card: e.card && e.card.card, as: e.as });
      case 'cannon': return v === 1 ? 'loaded the cannonball' : 'loaded grapeshot';
      case 'rosie': return v === this.you ? 'chose you to lead' : `chose ${this.name(v)} to lead`;
      case 'bendt': return v === 1 ? 'drew two cards' : 'drew no cards';
      case 'discard': return 'discarded two cards';
      case 'wager': return v === 0 ? 'wagered nothing' : `wagered ${v}`;
      case 'harry': return v > 0 ? 'raised your bid by one' : v < 0 ? 'lowered your bid by one' : 'kept your bid';
    }
    return String(e.kind).replaceAll('_', ' ');
  }

  // stoodIn says what the stand-in bot decided for the viewer while they
  // were away (the welcome's stood_in): every decision, or the count and
  // the latest few.
  stoodIn(events) {
    const most = 6;
    const latest = events.slice(-most).map((e) => this.done(e));
    if (events.length <= most) return `While you were away a bot ${list(latest)} for you.`;
    return `While you were away a bot made ${events.length} decisions for you; the latest: ${list(latest)}.`;
  }

  // refusal says why an action may not be taken, to the seat that tried
  // it, in the catalogue's sentence for its code (locale.js).
  refusal(r) {
    const other = r.other === undefined || r.other === null ? -1 : r.other;
    const c = r.count === undefined || r.count === null ? 0 : r.count;
    const card = r.card ? this.phrase(r.card.card) : t('refusal.that_card');
    const id = `refusal.${r.code}`;
    let s;
    switch (r.code) {
      case 'no_such_seat': case 'bid_out_of_range': case 'rosie_seat': case 'discard':
        s = n(id, c);
        break;
      case 'already_bid': case 'already_loaded':
        s = this.about(id, r.seat);
        break;
      case 'bidding_not_over': {
        const seats = r.seats || [];
        s = seats.length === 1 && seats[0] === this.you ? t(`${id}.you`) : t(id, { Names: this.list(seats.map((x) => this.name(x))) });
        break;
      }
      case 'decision_awaited':
        s = r.phase === 'cannon' ? t(`${id}.cannon`) : other >= 0 ? this.about(id, other) : t(`${id}.none`);
        break;
      case 'not_your_turn': case 'not_your_ability':
        s = this.about(id, other);
        break;
      case 'card_not_held':
        s = this.about(id, r.seat, { Card: card });
        break;
      case 'must_follow_suit':
        s = this.about(id, r.seat, { Suit: t(`suit.${r.suit}`), Card: card });
        break;
      case 'harry_range':
        s = t(id, { Max: c });
        break;
      default:
        if (!has(id)) return t('refusal.other', { Code: String(r.code).replaceAll('_', ' ') });
        s = t(id);
    }
    return capital(s);
  }

  // about renders sentence id of seat s: its ".you" sentence when s is the
  // viewer, else the sentence with s's name as Name.
  about(id, s, args = {}) {
    if (s === this.you && s >= 0) return t(`${id}.you`, args);
    return t(id, Object.assign({ Name: this.name(s) }, args));
  }

  // list joins names in the reader's language: "a", "a and b", "a, b and c".
  list(items) {
    if (items.length <= 1) return items.join('');
    if (items.length === 2) return t('list.pair', { First: items[0], Last: items[1] });
    return t('list.series', { Items: items.slice(0, -1).join(t('list.comma')), Last: items[items.length - 1] });
  }

  // score words one seat's score for a round: "bid 2, won 3: −10; 50 bonus
  // forfeited = −10".
  score(s) {
    const parts = [`bid ${s.bid}, won ${s.won}: ${signed(s.bid_points)}`];
    const bonus = s.bonus || 0;
    const counted = s.bonus_points || 0;
    if (bonus > 0 && counted === bonus) parts.push(`${signed(counted)} bonus`);
    else if (bonus > 0 && counted > 0) parts.push(`${signed(counted)} of ${bonus} bonus`);
    else if (bonus > 0) parts.push(`${bonus} bonus forfeited`);
    if (s.wager) parts.push(`${signed(s.wager_points || 0)} wager`);
    if (s.loot_points) parts.push(`${signed(s.loot_points)} Loot`);
    return parts.join('; ') + ' = ' + signed(s.total);
  }
}
