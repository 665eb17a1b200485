// The Captures step of a round: what was captured, one event per
// capture in three taps, and what the modules in play add to a round —
// Loot alliances, Rascal's wager, the cannon loads.

import { h, announce } from '/assets/dom.js';
import { t, n } from '/assets/locale.js';
import { suitIcon, cardPhrase } from '/assets/cards.js';
import { info, ruleValue } from './keeper-rules.js';
import { captureWord, cannonWord } from './keeper-say.js';

// captures gives a sheet's context (keeper-sheet.js) the Captures step.
export function captures(ctx) {
  const { main } = ctx;
  function bonusStep(sh, d, rules, save, redraw) {
    const wrap = h('div', {});
    const winners = sh.players.map((p, i) => i).filter((i) => d.won[i] > 0);
    if (d.bonus_points) {
      wrap.append(h('p', { class: 'muted' }, t('keeper.capture.points_only')));
      return wrap;
    }
    const pick = d.pick || (d.pick = {});
    const btn = (key, label, on, f) => h('button', { type: 'button', 'data-key': key, 'aria-pressed': String(!!on), onclick: f }, label);
    const say = (b) => {
      const p = sh.players[b.seat];
      switch (b.kind) {
        case 'fourteen': return [suitIcon(b.suit), ' ', t('keeper.capture.fourteen', { Name: p, Card: fourteenPhrase(b) })];
        case 'pirate_took_mermaids': case 'skull_king_took_pirates': return n(`keeper.capture.${b.kind}`, b.count, { Name: p });
        case 'mermaid_took_skull_king': return t('keeper.capture.mermaid_took_skull_king', { Name: p });
      }
      return `${p}: ${captureWord(b.kind)}`;
    };
    const sayText = (b) => [say(b)].flat(Infinity).map((x) => (typeof x === 'string' ? x : '')).join('').replace(/ {2}/g, ' ').trim();
    const off = ruleValue(rules, 'bonuses') === false;
    wrap.append(h('p', { class: 'muted' }, t('keeper.capture.help')),
      h('ul', { class: 'sk-events', id: 'events' }, d.bonuses.length ? d.bonuses.map((b, k) => h('li', {}, h('span', {}, say(b)),
        h('button', { type: 'button', 'aria-label': t('keeper.capture.remove', { Capture: sayText(b) }), onclick: () => { d.bonuses.splice(k, 1); save(); redraw(); } }, '✕')))
        : h('li', { class: 'muted' }, t('keeper.capture.none'))));
    if (off) wrap.append(h('p', { class: 'muted' }, t('keeper.capture.off')));
    else if (!info) wrap.append(h('p', { class: 'sk-pending' }, t('keeper.capture.later')));
    // Loot, wagers and cannon loads below are asked for even when no capture can be.
    else if (winners.length) addCapture(wrap, sh, d, pick, btn, winners, sayText, save, redraw);
    moduleEntries(wrap, sh, d, rules, btn, winners, save, redraw);
    return wrap;
  }

  // fourteenPhrase names a 14 the server lists (its suit) in a sentence.
  function fourteenPhrase(c) { return cardPhrase({ kind: 'number', suit: c.suit, rank: 14 }); }

  // fourteen is the 14 of a suit as the server lists it, null if unknown.
  function fourteen(suit) {
    const k = info && info.bonus_kinds.find((x) => x.kind === 'fourteen');
    return (k && (k.cards || []).find((c) => c.suit === suit)) || null;
  }

  // addCapture is the three taps of one capture: who, what, which or how
  // many — the kinds, the 14s and the counts as the server lists them.
  function addCapture(wrap, sh, d, pick, btn, winners, sayText, save, redraw) {
    const add = (b) => { d.bonuses.push({ seat: pick.seat, ...b }); d.pick = {}; save(); redraw(); announce(sayText(d.bonuses[d.bonuses.length - 1])); };
    wrap.append(h('h3', {}, t('keeper.capture.add')),
      h('div', { class: 'sk-pick', role: 'group', 'aria-label': t('keeper.capture.who') }, winners.map((i) =>
        btn('bw-' + i, sh.players[i], pick.seat === i, () => { pick.seat = i; pick.kind = null; save(); redraw(); }))));
    if (pick.seat === undefined || pick.seat === null) return;
    wrap.append(h('div', { class: 'sk-pick', role: 'group', 'aria-label': t('keeper.capture.what') }, info.bonus_kinds.map((k) =>
      btn('bk-' + k.kind, captureWord(k.kind), pick.kind === k.kind, () => {
        if (!k.cards && !k.max) add({ kind: k.kind }); else { pick.kind = k.kind; save(); redraw(); }
      }))));
    const kind = info.bonus_kinds.find((k) => k.kind === pick.kind);
    if (kind && kind.cards) {
      wrap.append(h('div', { class: 'sk-pick', role: 'group', 'aria-label': t('keeper.capture.which') }, kind.cards.map((c) =>
        btn('bs-' + c.suit, [suitIcon(c.suit), ` ${fourteenPhrase(c)}`], false, () => add({ kind: kind.kind, suit: c.suit })))));
    } else if (kind && kind.max) {
      wrap.append(h('div', { class: 'sk-pick', role: 'group', 'aria-label': t('keeper.capture.how_many') }, Array.from({ length: kind.max }, (_, v) =>
        btn('bc-' + (v + 1), String(v + 1), false, () => add({ kind: kind.kind, count: v + 1 })))));
    }
  }

  // moduleEntries asks for what the modules in play add to a round.
  function moduleEntries(wrap, sh, d, rules, btn, winners, save, redraw) {
    if (ruleValue(rules, 'loot') === true) {
      wrap.append(h('h3', {}, t('keeper.loot.title')), h('p', { class: 'muted' }, t('keeper.loot.help')),
        h('ul', { class: 'sk-events', id: 'loot' }, d.loot.map(([a, b], k) => h('li', {}, t('keeper.loot.ally', { Name: sh.players[a], Ally: sh.players[b] }),
          h('button', { type: 'button', 'aria-label': t('keeper.loot.remove'), onclick: () => { d.loot.splice(k, 1); save(); redraw(); } }, '✕')))));
      if (!info || d.loot.length < info.max_loot) {
        const a = h('select', { id: 'loot-looter', 'aria-label': t('keeper.loot.looter') }, sh.players.map((p, i) => h('option', { value: i }, p)));
        const b = h('select', { id: 'loot-winner', 'aria-label': t('keeper.loot.winner') }, winners.map((i) => h('option', { value: i }, sh.players[i])));
        // Whether the alliance can be is the engine's to say, below.
        wrap.append(h('div', { class: 'row' }, a, ' ', t('keeper.loot.with'), ' ', b, h('button', { type: 'button', id: 'loot-add', onclick: () => {
          d.loot.push([Number(a.value), Number(b.value)]); save(); redraw();
        } }, t('keeper.loot.add'))));
      }
    }
    if (ruleValue(rules, 'pirate_abilities') === true && info) {
      const w = d.wagers || sh.players.map(() => 0);
      const who = w.findIndex((x) => x > 0);
      // A change redraws the step, so that the engine's word follows it.
      const update = (ev) => {
        const nw = sh.players.map(() => 0);
        if (sel.value !== '') nw[Number(sel.value)] = Number(amt.value);
        d.wagers = nw;
        save();
        redraw();
        const f = main.querySelector('#' + ev.target.id);
        if (f) f.focus();
      };
      // The seats that won a trick, and the one the round holds a wager of
      // even when its tricks changed since: the select shows what is sent.
      const seats = who >= 0 && !winners.includes(who) ? [...winners, who] : winners;
      const sel = h('select', { id: 'wager-who', 'aria-label': t('keeper.wager.who'), onchange: update },
        h('option', { value: '' }, t('keeper.wager.nobody')), seats.map((i) => h('option', { value: i, selected: who === i }, sh.players[i])));
      const amt = h('select', { id: 'wager-amount', 'aria-label': t('keeper.wager.amount'), onchange: update },
        info.wagers.filter((v) => v > 0).map((v) => h('option', { value: v, selected: who >= 0 && w[who] === v }, String(v))));
      wrap.append(h('h3', {}, t('keeper.wager.title')), h('div', { class: 'row' }, sel, amt));
    }
    // Cannon loads are of Rascal's scoring, which the engine holds them to.
    if (ruleValue(rules, 'cannon_load') === true && info) {
      const c = d.cannon || sh.players.map(() => info.cannon[0]);
      wrap.append(h('h3', {}, t('keeper.cannon.title')), ...sh.players.map((p, i) => h('div', { class: 'sk-seat', role: 'group', 'aria-label': t('keeper.cannon.seat', { Name: p }) },
        h('span', { class: 'who' }, p), h('div', { class: 'sk-pick' }, info.cannon.map((v) =>
          btn(`cannon-${i}-${v}`, cannonWord(v), c[i] === v, () => { c[i] = v; d.cannon = c; save(); redraw(); }))))));
    }
    return wrap;
  }

  return { bonusStep, fourteen, addCapture, moduleEntries };
}
