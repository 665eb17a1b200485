// The browser's one renderer of what the engine reports: the codes and
// facts of a view (a trick's reason, a card's refusal, an action, a pirate
// ability, a round's score by part) worded for one viewer in the reader's
// language, every sentence the catalogue's (locale/*.json, by locale.js).
// It is the counterpart of words.Words (words/words.go) and says the same
// sentences — a browser test holds the two together — so no screen words a
// code on its own. Cards are named from the catalogue (cards.js: "the black
// 11", "Harry the Giant"), never by their codes, and a Pirate by name only
// when the game's rules make the names matter.

import { cardOf } from './catalog.js';
import { cardName, cardPhrase } from './cards.js';
import { capital } from './dom.js';
import { t, n, has, list, signed } from './locale.js';

export { capital };


// pick is a when c holds, else b.
function pick(c, a, b) { return c ? a : b; }

// abilityId is the sentence saying what became of a pirate ability, ''
// for none: ability.<pirate>.<state>, Harry's use by whether the bid went
// up or down, Juanita's look whatever its state.
function abilityId(a, v) {
  if (a.state === 'offered' && a.pirate === 'juanita') return '';
  if (a.pirate === 'juanita') return 'ability.juanita';
  if (a.state === 'offered') return `ability.${a.pirate}.offered`;
  if (a.state === 'declined' && a.pirate !== 'rosie') return `ability.${a.pirate}.declined`;
  if (a.pirate === 'harry') return pick(v > 0, 'ability.harry.raised', 'ability.harry.lowered');
  return `ability.${a.pirate}.used`;
}

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

  // name is seat s's name, "you" for the viewer, Graybeard by his.
  name(s) {
    if (s === this.you && s >= 0) return t('name.you');
    if (s === this.ghost && s > 0) return t('name.graybeard');
    if (s >= 0 && s < this.names.length) return this.names[s];
    return t('name.seat', { Number: s + 1 });
  }

  // say renders sentence id of seat s, as about does, starting with a
  // capital; sayN in the plural form count calls for.
  say(id, s, args = {}) { return capital(this.about(id, s, args)); }

  sayN(id, s, count, args = {}) {
    const [i, a] = this.of(id, s, args);
    return capital(n(i, count, a));
  }

  // phrase names a card in a sentence: "the black 11", "a Mermaid", a
  // Pirate by name only when the names matter.
  phrase(id) { return cardPhrase(cardOf(id), this.named); }

  // why words the expert's reason for a hint (protocol.Why): the
  // catalogue's hint.why.<code> with its cards named; '' for a reason this
  // page does not know.
  why(y) {
    const id = y && `hint.why.${y.code}`;
    if (!id || !has(id)) return '';
    const phrase = (c) => cardPhrase(cardOf(c), !!y.named);
    const args = {};
    if (y.card !== undefined) args.Card = phrase(y.card);
    if (y.cards) args.Cards = this.list(y.cards.map(phrase));
    if (y.value !== undefined) args.Value = y.value;
    return y.count !== undefined ? n(id, y.count, args) : t(id, args);
  }

  // playPhrase names a card on the table: "the Tigress as a Pirate".
  playPhrase(p) {
    if (p.as === 'pirate' || p.as === 'escape') return t(`play.tigress_${p.as}`);
    return this.phrase(p.card);
  }

  // trickScored is trick once the trick's round is scored: what its bonus
  // came to, rather than what it would come to.
  trickScored(tr) { return this.trick(tr, true); }

  // bonus are the placeholders of a trick's bonus sentences: its points
  // and what was captured, "2 Pirates and the black 14".
  bonus(tr) {
    const items = (tr.bonuses || []).map((b) => {
      const id = `bonus.${b.kind}`;
      if (!has(id)) return String(b.kind).replaceAll('_', ' ');
      return n(id, b.count);
    });
    return { Points: signed(tr.bonus), Items: this.list(items) };
  }

  // bonusScored says what a scored round made of the bonus a trick
  // carried, or '' when it carried none.
  bonusScored(tr) {
    if (!(tr.bonus > 0) || tr.winner < 0) return '';
    if (tr.bonus_lost) return this.say('trick.bonus.missed', tr.winner, this.bonus(tr));
    return capital(t('trick.bonus.counted', this.bonus(tr)));
  }

  // reason words a reason code; a code this client does not know yet is
  // still read out, as words.
  reason(code) {
    const id = `reason.${code}`;
    return has(id) ? t(id) : String(code || '').replaceAll('_', ' ');
  }

  // winning names the card that won a trick without its article, as
  // trick.won says it: "black 11", "Tigress (as a Pirate)".
  winning(tr) {
    const p = tr.plays && tr.plays[tr.winning];
    if (!p) return t('trick.winner.unknown');
    if (p.as === 'pirate' || p.as === 'escape') return t(`trick.winner.tigress_${p.as}`);
    return cardName(cardOf(p.card), this.named);
  }

  // trick says who won a completed trick and why, what it carries if the
  // winner's bid holds (what it came to, once scored), the Loot alliances
  // it made and the pirate ability its win gave.
  trick(tr, scored = false) {
    if (tr.outcome === 'destroyed') return t('trick.destroyed') + ' ' + this.say('trick.destroyed.leader', tr.leader);
    if (tr.outcome === 'discarded') return this.say('trick.discarded', tr.leader);
    const said = [this.say('trick.won', tr.winner, { Card: this.winning(tr), Reason: this.reason(tr.reason) })];
    // Graybeard's tricks count for nobody: they carry nothing.
    if (this.ghost > 0 && tr.winner === this.ghost) return said[0] + ' ' + t('trick.graybeard');
    // The engine says when the bonus can no longer count (bonus_lost).
    if (tr.bonus > 0 && scored) said.push(this.bonusScored(tr));
    else if (tr.bonus > 0 && tr.bonus_lost) said.push(this.say('trick.bonus.lost', tr.winner, this.bonus(tr)));
    else if (tr.bonus > 0) said.push(this.say('trick.bonus.pending', tr.winner, this.bonus(tr)));
    for (const a of tr.loot || []) said.push(this.say('trick.loot', a.looter, { Ally: this.name(a.winner) }));
    const ab = this.ability(tr);
    if (ab) said.push(ab);
    return said.join(' ');
  }

  // ability says what became of the pirate ability a trick's win gave, or
  // '' when it gave none.
  ability(tr) {
    const a = tr.ability;
    if (!a) return '';
    const v = a.value === undefined || a.value === null ? 0 : a.value;
    const id = abilityId(a, v);
    if (!id || !has(id)) return '';
    const args = { Pirate: t(`pirate.${a.pirate}`), Leader: this.name(v), Points: v };
    return id === 'ability.bendt.used' ? this.sayN(id, tr.winner, v, args) : this.say(id, tr.winner, args);
  }

  // decision is the sentence of a decision of kind with value v, under
  // prefix: action (what the viewer may do) or done (what was done for
  // them); '' for a kind this client does not know.
  decision(prefix, kind, v) {
    switch (kind) {
      case 'bid': case 'play': case 'discard': return `${prefix}.${kind}`;
      case 'cannon': return `${prefix}.cannon.` + pick(v === 1, 'cannonball', 'grapeshot');
      case 'rosie': return `${prefix}.rosie` + pick(v === this.you, '.you', '');
      case 'bendt': return `${prefix}.bendt.` + pick(v === 1, 'draw', 'none');
      case 'wager': return `${prefix}.wager` + pick(v === 0, '.none', '');
      case 'harry': return `${prefix}.harry.` + pick(v > 0, 'raise', pick(v < 0, 'lower', 'keep'));
    }
    return '';
  }

  // decisionArgs are a decision's placeholders: its value as a bid,
  // points or a seat's name, and card, when it plays one.
  decisionArgs(v, card) { return { Bid: v, Points: v, Name: this.name(v), Card: card }; }

  // sentence words a sentence the server sent as the catalogue's id and
  // placeholders (protocol.Sentence): each placeholder is a sentence, a
  // number, a player's name or an action.
  sentence(m) {
    if (m.action) return this.action(m.action);
    if (m.name !== undefined) return m.name;
    if (m.number !== undefined) return m.number;
    const args = {};
    for (const [k, v] of Object.entries(m.args || {})) args[k] = this.sentence(v);
    return m.count !== undefined ? n(m.id, m.count, args) : t(m.id, args);
  }

  // action words an action a seat may take: "bid 2", "play the yellow 7".
  action(a) {
    const v = a.value === undefined || a.value === null ? 0 : a.value;
    const id = this.decision('action', a.kind, v);
    if (!id) return String(a.kind);
    const args = this.decisionArgs(v, '');
    if (a.kind === 'play') args.Card = this.playPhrase({ card: a.card, as: a.as });
    if (a.kind === 'discard') {
      args.Cards = this.list([a.card, a.card2].filter((c) => c !== undefined && c !== null).map((c) => this.phrase(c)));
    }
    return t(id, args);
  }

  // done words a decision taken for the viewer, in the past: "bid 3",
  // "played the yellow 7" (an Event: kind, value, card, as).
  done(e) {
    const v = e.value === undefined || e.value === null ? 0 : e.value;
    const id = this.decision('done', e.kind, v);
    if (!id) return String(e.kind).replaceAll('_', ' ');
    const card = e.kind === 'play' ? this.playPhrase({ card: e.card && e.card.card, as: e.as }) : '';
    return t(id, this.decisionArgs(v, card));
  }

  // stoodIn says what the stand-in bot decided for the viewer while they
  // were away (the welcome's stood_in): every decision, or the count and
  // the latest few.
  stoodIn(events) {
    const most = 6;
    const args = { Decisions: this.list(events.slice(-most).map((e) => this.done(e))) };
    if (events.length <= most) return t('stood_in', args);
    return n('stood_in.latest', events.length, args);
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
  about(id, s, args = {}) { return t(...this.of(id, s, args)); }

  // of is the id and the placeholders of sentence id said of seat s.
  of(id, s, args = {}) {
    if (s === this.you && s >= 0) return [`${id}.you`, args];
    return [id, Object.assign({ Name: this.name(s) }, args)];
  }

  // list joins names in the reader's language: "a", "a and b", "a, b and c".
  list(items) { return list(items); }

  // score words one seat's score for a round: "bid 2, won 3: −10; 50 bonus
  // forfeited = −10"; points with their sign, as the sheet writes them.
  score(s) {
    const bonus = s.bonus || 0;
    const counted = s.bonus_points || 0;
    const part = (id, points) => t(id, { Points: signed(points), Bonus: String(bonus) });
    const parts = [t('score.bid', { Bid: s.bid, Won: s.won, Points: signed(s.bid_points) })];
    if (bonus > 0 && counted === bonus) parts.push(part('score.bonus', counted));
    else if (bonus > 0 && counted > 0) parts.push(part('score.bonus.part', counted));
    else if (bonus > 0) parts.push(part('score.bonus.forfeited', 0));
    if (s.wager) parts.push(part('score.wager', s.wager_points || 0));
    if (s.loot_points) parts.push(part('score.loot', s.loot_points));
    return t('score.total', { Parts: parts.join(t('score.separator')), Total: signed(s.total) });
  }
}
