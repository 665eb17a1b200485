// The felt: the trick on the table, the cards being played or the trick
// completed last with the sentence that says who won it and why, the
// pause's controls while it holds the next trick, and who leads.

import { h, capital } from './dom.js';
import { card, suitIcon, suitLabel } from './cards.js';
import { trickKey } from './table-pace.js';
import { t, has } from './locale.js';

// feltViews gives the table's context (table.js) the trick on the table.
export function feltViews(ctx) {
  const { st } = ctx;
  // felt is the trick on the table: the cards being played, or the trick
  // completed last with the sentence that says who won it and why — the
  // last trick of a round too, through the next round's bidding.
  function felt(v) {
    const trick = v.trick || [];
    const last = v.last_trick && !trick.length ? v.last_trick : null;
    const prior = trick.length && v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
    let list;
    let caption = null;
    if (trick.length) {
      list = trick.map((p, k) => trickCard(p, k === v.winning ? t('table.trick.winning') : '', v));
    } else if (last) {
      const ended = last.round !== v.round || v.phase === 'over';
      caption = h('p', { class: 'lead', id: 'last-caption' }, ended ? t('table.felt.round_last', { Round: last.round }) : t('table.trick.number', { Number: last.number }));
      list = last.plays.map((p, k) => trickCard(p, k === last.winning ? outcomeMark(last.outcome) : '', v));
    } else {
      list = [h('li', { class: 'empty' }, v.phase === 'bidding' ? t('table.felt.bidding') : v.phase === 'over' ? t('refusal.game_over') : t('table.felt.empty'))];
    }
    let lead = null;
    // A card the player played during the pause has left the hand; until
    // the pause ends and it joins the table, the line under the trick
    // says where it went.
    const own = last && st.own && st.own.event;
    if (own && own.kind === 'play') lead = t('table.felt.played_held', { Card: st.words.playPhrase({ card: own.card && own.card.card, as: own.as }) });
    else if (v.phase === 'playing' || v.phase === 'ability') {
      if (trick.length === 0) {
        const s = v.turn >= 0 ? v.turn : v.leader;
        lead = t(s === st.seat ? 'table.felt.leads.you' : 'table.felt.leads', { Name: ctx.name(s), Number: v.trick_no });
      }
      else if (v.lead && v.lead.suit) lead = h('span', {}, suitIcon(v.lead.suit), ' ', t('table.felt.suit_led', { Suit: capital(suitLabel(v.lead.suit)) }));
      else if (v.lead && v.lead.free) lead = t('table.felt.free');
      else lead = t('table.felt.no_lead');
    }
    const pausing = st.holding && last;
    return h('section', { class: 'felt', 'aria-label': t('table.trick.number', { Number: v.trick_no || '' }) },
      caption,
      h('ol', { class: ['trick', last && 'last'], id: 'trick' }, list),
      last ? h('p', { class: 'outcome', id: 'outcome', 'data-trick': trickKey(last) }, trickWords(v, last)) : null,
      pausing ? h('div', { class: ['row', 'pause'] },
        h('button', { type: 'button', id: 'skip-pause', 'data-key': 'skip-pause', 'aria-keyshortcuts': 'n', onclick: ctx.skipPause }, t('table.pause.continue'), ' ', h('kbd', {}, 'n')),
        ctx.pauseSelect('pause-felt'),
        st.holdMine ? h('span', { class: 'turn-next', id: 'turn-next' }, t('table.felt.turn_next')) : null) : null,
      lead ? h('p', { class: 'lead', id: 'lead' }, lead) : null,
      prior ? h('p', { class: ['outcome', 'last'], id: 'prior' }, t('table.felt.prior'), ' ', st.words.trick(prior)) : null);
  }

  // outcomeMark marks the card that decided a trick: it took it, or the
  // trick was destroyed or discarded.
  function outcomeMark(o) {
    if (o === 'won') return t('table.trick.took_it');
    return has(`table.trick.${o}`) ? t(`table.trick.${o}`) : o;
  }

  // trickWords says who won a trick and why; once its round is scored,
  // what its bonus came to rather than what it would.
  function trickWords(v, t) {
    return v.results.some((r) => r.round === t.round) ? st.words.trickScored(t) : st.words.trick(t);
  }

  function trickCard(p, label, v) {
    const nm = p.seat === st.seat ? t('name.you') : v.seats[p.seat] ? ctx.name(p.seat) : '';
    return h('li', { class: label ? 'winning' : null, 'data-seat': String(p.seat) },
      label ? h('span', { class: 'win' }, `★ ${label}`) : null,
      card(ctx.art(p), { as: p.as, named: v.named }),
      h('span', { class: 'who' }, nm),
      label ? h('span', { class: 'sr-only' }, `, ${label}`) : null);
  }

  return { felt, outcomeMark, trickCard, trickWords };
}
