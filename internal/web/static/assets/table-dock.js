// The dock, what the player acts on: the decisions the legal actions
// offer (the bid, the Tigress, the abilities of the Pirates, the cannon)
// and the hand, with the line under it that says why a card waits or why
// the server refused a move.

import { h, announce, capital } from './dom.js';
import { t, n, has } from './locale.js';
import { optionOf, optionHelp } from './catalog.js';
import { look, cardFace, cardClasses, cardHelp } from './cards.js';

// abilityName names a decision the legal actions offer, by its kind.
export function abilityName(k) {
  return has(`table.ability.${k}`) ? t(`table.ability.${k}`) : k;
}

// dockViews gives the table's context (table.js) the player's decisions and hand.
export function dockViews(ctx) {
  const { st } = ctx;
  function choice(label, onclick, attrs = {}) {
    return h('button', Object.assign({ type: 'button', onclick }, attrs), label);
  }

  // offered is what the trick just won offers its winner, in words: the
  // title of an ability's decision.
  function offered(v) {
    const tr = v.last_trick;
    return tr && tr.ability && tr.ability.state === 'offered' ? st.words.ability(tr) : '';
  }

  function decision(v, kinds) {
    if (kinds.has('bid')) return bidPanel(v);
    const say = (a) => capital(st.words.action(a));
    if (kinds.has('play') && st.tigress) {
      const opts = v.legal.filter((a) => a.kind === 'play' && a.card === st.tigress.card && a.as);
      const c = ctx.art(st.tigress);
      return h('div', { class: 'decision', id: 'tigress', role: 'group', 'aria-label': t('table.tigress.label') },
        h('p', {}, cardHelp(c, false)),
        h('div', { class: 'choices' },
          opts.map((a) => choice(say(a), () => { st.tigress = null; ctx.act(a); }, { 'data-key': 'tig-' + a.as, 'data-group': 'tig' })),
          choice(t('table.cancel'), () => { st.tigress = null; ctx.render(); }, { 'data-key': 'tig-cancel' })));
    }
    const other = v.legal.filter((a) => a.kind !== 'play' && a.kind !== 'bid');
    if (!other.length) return null;
    const k = other[0].kind;
    const byValue = (label) => other.filter((a) => a.kind === k).map((a) => choice(label(a), () => ctx.act(a), { 'data-key': `${k}-${a.value}` }));
    let title = offered(v) || t('table.decision.title', { Ability: abilityName(k) });
    let body;
    if (k === 'cannon') {
      const o = optionOf('cannon_load');
      title = t('table.decision.cannon') + (o ? ' ' + optionHelp(o) : '');
      body = byValue(say);
    } else if (k === 'rosie') {
      body = byValue((a) => capital(ctx.who(a.value)));
    } else if (k === 'harry') {
      const me = v.seats[st.seat];
      title += me && me.bid !== null && me.bid !== undefined ? ' ' + t('table.decision.you_bid', { Bid: me.bid }) : '';
      body = byValue(say);
    } else if (k === 'discard') {
      const draw = v.pending && v.pending.draw ? v.pending.draw : 2;
      title = n('table.decision.discard', draw);
      const match = other.find((a) => {
        const got = [a.card, a.card2].filter((c) => c !== undefined && c !== null);
        return got.length === st.picked.size && got.every((c) => st.picked.has(c));
      });
      body = [choice(match ? say(match) : t('table.decision.discard_button'), () => match && ctx.act(match), { 'data-key': 'discard-ok', disabled: !match, class: 'primary' })];
    } else {
      body = byValue(say);
    }
    return h('div', { class: 'decision', id: 'decision', role: 'group', 'aria-label': abilityName(k) },
      h('p', {}, title), h('div', { class: 'choices' }, body));
  }

  function bidPanel(v) {
    const values = v.legal.filter((a) => a.kind === 'bid').map((a) => a.value);
    const pick = st.bidPick;
    return h('div', { class: 'decision', id: 'bid' },
      h('div', { class: 'choices', role: 'radiogroup', 'aria-label': t('table.bid.label', { Cards: v.cards }) },
        values.map((x, k) => h('button', { type: 'button', role: 'radio', 'aria-checked': String(pick === x),
          tabindex: (pick === null ? k === 0 : pick === x) ? '0' : '-1', 'data-key': `bid-${x}`, 'data-group': 'bid', 'data-index': String(k),
          onclick: () => { st.bidPick = x; ctx.render(); } }, String(x)))),
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'primary', id: 'bid-confirm', 'data-key': 'bid-confirm', disabled: pick === null,
          onclick: () => pick !== null && ctx.act({ kind: 'bid', value: pick }) }, pick === null ? t('table.bid.choose') : t('table.bid.confirm', { Bid: pick })),
        h('span', { class: 'hintline' }, t('table.bid.type'))));
  }

  function hand(v, kinds) {
    const cards = [...v.hand].sort((a, b) => a.card - b.card);
    const discard = kinds.has('discard');
    const playing = kinds.has('play');
    if (st.handFocus >= cards.length) st.handFocus = cards.length - 1;
    let roving = st.handFocus;
    if (roving < 0) roving = Math.max(0, cards.findIndex((c) => c.playable));
    // --n lets the style overlap a long hand to fit one row on a phone.
    const box = h('div', { class: ['hand', playing && 'myturn'], id: 'hand', role: 'group', style: { '--n': String(Math.max(cards.length, 2)) },
      'aria-label': n(playing ? 'table.hand.label.turn' : 'table.hand.label', cards.length) });
    if (!cards.length) box.append(h('p', { class: 'muted' }, v.phase === 'over' ? '' : t('table.hand.empty')));
    cards.forEach((c, k) => {
      const lk = look(ctx.art(c), '', v.named);
      const usable = discard || c.playable;
      // Only on this seat's turn to play is a card refused (greyed, marked
      // ⊘): through the bidding and others' turns the hand is there to be
      // read, and a card clicked then still says why it waits.
      const refused = playing && !c.playable;
      // Why a card may not be played is the engine's refusal, worded; it is
      // shown in the line under the hand, which covers nothing.
      const why = cardWhy(c, discard);
      const state = usable ? (discard ? (st.picked.has(c.card) ? ', ' + t('table.hand.picked') : '') : ', ' + t('table.hand.playable')) : refused ? ', ' + t('table.hand.not_playable', { Why: why }) : '';
      const el = h('button', { type: 'button', class: cardClasses(lk, st.picked.has(c.card) && 'picked', refused && 'refused'),
        'data-key': `c${c.card}`, 'data-group': 'hand', 'data-index': String(k), 'data-code': c.code, 'data-card': String(c.card),
        tabindex: k === roving ? '0' : '-1', 'aria-disabled': String(!usable),
        'aria-label': lk.long + (st.fresh.has(c.card) ? ', ' + t('table.hand.drawn') : '') + state,
        'aria-pressed': discard ? String(st.picked.has(c.card)) : null,
        onclick: () => clickCard(c, k, v, discard, why),
        onfocus: () => { st.handFocus = k; showCardWhy(refused || discard ? c.card : null); },
        onmouseenter: () => showCardWhy(refused || discard ? c.card : null),
      }, cardFace(lk), st.fresh.has(c.card) ? h('span', { class: 'new-card', 'aria-hidden': 'true' }, t('table.hand.new')) : null);
      box.append(el);
    });
    return box;
  }

  // cardWhy words why a card in the hand may not be played now: the
  // engine's refusal, from the view the card came in.
  function cardWhy(c, discard) {
    return discard ? t('table.hand.pick_discard') : c.playable ? '' : c.why ? st.words.refusal(c.why) : t('table.hand.not_now');
  }

  // The line under the hand says why a card waits, or why the server
  // refused a move. A card's reason is worded anew from each view drawn,
  // never kept as words: while it shows, the bids and plays of others
  // change it ("waiting for Ann and you" becomes "Bid first").
  function showWhy(text) {
    st.why = text ? { text } : null;
    drawWhy();
  }
  function showCardWhy(card) {
    st.why = card === null || card === undefined ? null : { card };
    drawWhy();
  }
  function whyText(v) {
    if (!st.why) return '';
    if (st.why.text) return st.why.text;
    const c = v.hand.find((x) => x.card === st.why.card);
    return c ? cardWhy(c, v.legal.some((a) => a.kind === 'discard')) : '';
  }
  function drawWhy() {
    const el = document.getElementById('whyline');
    if (el) el.textContent = whyText(ctx.live());
  }

  function clickCard(c, k, v, discard, why) {
    st.handFocus = k;
    if (discard) {
      if (st.picked.has(c.card)) st.picked.delete(c.card); else st.picked.add(c.card);
      const draw = v.pending && v.pending.draw ? v.pending.draw : 2;
      while (st.picked.size > draw) st.picked.delete(st.picked.values().next().value);
      ctx.render();
      return;
    }
    if (!c.playable) {
      showCardWhy(c.card);
      announce(why);
      return;
    }
    // A card played with a declaration (the Tigress) offers a choice; the
    // legal actions say which card needs one.
    const plays = v.legal.filter((x) => x.kind === 'play' && x.card === c.card);
    if (plays.some((x) => x.as)) {
      st.tigress = { card: c.card };
      st.focusNext = 'decision';
      ctx.render();
      return;
    }
    ctx.act(plays[0] || { kind: 'play', card: c.card });
  }

  return { bidPanel, cardWhy, choice, clickCard, decision, drawWhy, hand, offered, showCardWhy, showWhy, whyText };
}
