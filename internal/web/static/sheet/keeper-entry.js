// Entering a round, step by step: bids, then tricks (checked by the
// engine against the cards dealt), then captures (keeper-captures.js),
// then the points as the server scores them; a round's correction, the
// round being entered kept in step with the sheet, and the end of the
// game.

import { h } from '/assets/dom.js';
import { t, n as nOf, list } from '/assets/locale.js';
import { engine, engineNow } from '/sheet/assets/engine.js';
import { clashOf } from './keeper-conflict.js';
import { sameValue, canon, sameRules, mostCards, currentRules, ruleAt, toNobody } from './keeper-rules.js';
import { SAY, signed, scoreParts } from './keeper-say.js';
import { worded, getEntry, putEntry, api, sheetBody, checkRound, scoreNow } from './keeper-store.js';
import { totalsStrip, graybeardRow } from './keeper-totals.js';

// entrySteps gives a sheet's context (keeper-sheet.js) its round entry.
export function entrySteps(ctx) {
  const { st, main } = ctx;
  // next is the round to enter: the server's word when the score is up to
  // date. After a change it has not scored yet, the engine on the phone's
  // word, once it runs; until then, the server's schedule while the rules
  // are those it last scored, else cards null, for the keeper to tell if
  // the engine cannot be had. A trick may then go to nobody as far as this
  // phone knows: the server checks once it is reached.
  let fetching = false; // the engine, for nextRound
  function nextRound(sh) {
    const sc = sh.score;
    const opts = currentRules(sh);
    const last = sc && sc.next;
    const same = !!last && sameRules(last.rules, opts);
    if (sc && sc.rounds.length === sh.rounds.length && (!last || same)) return last;
    const here = scoreNow(sh);
    if (here) return here.next;
    // The engine is fetched on first use: once it runs, the page is drawn
    // again with its word.
    if (!engineNow() && !fetching) {
      fetching = true;
      engine().then(() => ctx.redraw(), () => {}).finally(() => { fetching = false; });
    }
    const n = sh.rounds.length + 1;
    const cards = same && sc.schedule && n <= sc.schedule.length ? sc.schedule[n - 1] : null;
    return { round: n, cards, max_cards: same ? last.max_cards : mostCards(), rules: opts, pending: true };
  }

  function startEdit(n) {
    const e = getEntry(st.key);
    const r = e.sheet.rounds[n - 1];
    const sr = e.sheet.score && e.sheet.score.rounds[n - 1];
    // round and from: which round this is and how it was, to see if
    // another phone changes it meanwhile (clashOf).
    e.draft = { replace: n, round: n, from: canon(r), step: 'bids', cards: r.cards || (sr && sr.cards) || null, sched: r.cards ? 0 : sr && sr.cards, bids: [...r.bids], won: [...r.won],
      bonuses: (r.bonuses || []).map((b) => ({ ...b })), loot: r.loot || [], wagers: r.wagers || null, cannon: r.cannon, bonus_points: r.bonus_points };
    putEntry(e);
    st.tab = 'round';
    ctx.redraw();
  }

  // entryScreen is one round: bids, then tricks, then captures, then the
  // points as the server scores them.
  function entryScreen(e) {
    const sh = e.sheet;
    const next = nextRound(sh);
    let d = e.draft;
    const clash = clashOf(sh, d);
    if (clash) return h('div', { class: 'sk-wide' }, ctx.clashPanel(sh, d, clash), h('aside', {}, totalsStrip(sh)));
    if (!d) {
      if (!next) return finished(sh);
      d = { replace: 0, round: next.round, from: canon(null), step: 'bids', cards: next.cards, sched: next.pending ? 0 : next.cards,
        bids: sh.players.map(() => null), won: sh.players.map(() => null), bonuses: [], loot: [], wagers: null };
    }
    const save = () => { const x = getEntry(st.key); x.draft = d; putEntry(x); };
    const n = d.replace || next.round;
    const rules = (d.replace ? ruleAt(sh, d.replace) : next.rules) || {};
    const two = sh.players.length === 2; // Graybeard plays the third hand
    // A correction is bounded by what the server said of that round; a
    // round it has not scored yet, only by what this phone knows.
    const sr = d.replace && sh.score ? sh.score.rounds[d.replace - 1] : null;
    const bounds = d.replace ? sr : next;
    const maxCards = Math.max((bounds && bounds.max_cards) || (next && next.max_cards) || mostCards(), d.cards || 1);
    const box = h('section', { class: 'panel', 'aria-labelledby': 'round-h' });
    const steps = ['bids', 'won', 'bonus', 'confirm'];
    const heading = d.replace ? 'keeper.entry.correct' : next && next.tiebreak ? 'keeper.entry.tiebreak' : 'keeper.entry.round';
    box.append(h('h2', { id: 'round-h' }, t(heading, { Round: n }), d.cards ? [' · ', nOf('keeper.entry.cards', d.cards)] : ''),
      h('div', { class: 'sk-steps', 'aria-label': t('keeper.entry.steps') }, steps.map((k) => h('span', { 'aria-current': d.step === k ? 'step' : null }, t(`keeper.entry.step.${k}`)))));
    const go = (step) => { d.step = step; save(); ctx.redraw(); const f = main.querySelector('[data-first]'); if (f) f.focus(); };
    const bar = (back, fwd, fwdLabel, ok) => h('div', { class: 'sk-bar' },
      back ? h('button', { type: 'button', id: 'back', onclick: () => go(back) }, t('keeper.back'))
        : d.replace ? h('button', { type: 'button', id: 'cancel', onclick: () => { const x = getEntry(st.key); x.draft = null; putEntry(x); ctx.redraw(); } }, t('keeper.cancel')) : h('span'),
      h('button', { type: 'button', class: 'primary', id: 'next', disabled: !ok, onclick: fwd }, fwdLabel));

    // One line a seat, however many players: the name (with the bid, on the
    // Tricks step) and the counts, which scroll sideways when they do not
    // fit, so that eight players' bids fit one phone screen.
    const numbers = (what, counts) => sh.players.map((p, i) => h('div', { class: 'sk-seat', role: 'group', 'aria-label': t(`keeper.entry.seat.${what}`, { Name: p }) },
      h('span', { class: 'who' }, h('span', { class: 'sk-name' }, p),
        what === 'won' && d.bids[i] !== null ? h('small', { class: 'sk-bid', 'data-bid': i }, t('keeper.entry.bid_was', { Bid: d.bids[i] })) : null),
      h('div', { class: 'sk-nums' }, Array.from({ length: d.cards + 1 }, (_, v) => h('button', {
        type: 'button', 'data-key': `${what}-${i}-${v}`, 'aria-pressed': String(counts[i] === v), 'data-first': i === 0 && v === 0 ? '' : null,
        'aria-label': nOf(`keeper.entry.count.${what}`, v, { Name: p }),
        onclick: () => { counts[i] = v; save(); ctx.redraw(); const b = main.querySelector(`[data-key="${what}-${i}-${v}"]`); if (b) b.focus(); },
      }, String(v))))));

    if (d.step === 'bids') {
      const dealt = h('select', { id: 'cards-dealt', 'aria-label': t('keeper.entry.dealt'), onchange: () => {
        d.cards = Number(dealt.value); d.bids = d.bids.map((b) => (b !== null && b > d.cards ? null : b)); d.won = d.won.map(() => null); save(); ctx.redraw();
      } }, d.cards ? null : h('option', { value: '', selected: true }, '—'),
      Array.from({ length: maxCards }, (_, i) => h('option', { value: i + 1, selected: i + 1 === d.cards }, String(i + 1))));
      if (!d.cards) {
        // Offline, with rules the server has not seen: the keeper says the deal.
        box.append(h('p', { class: 'sk-pending', id: 'cards-unknown' }, t('keeper.entry.deal_unknown')),
          h('p', { class: 'row' }, h('label', { for: 'cards-dealt' }, t('keeper.entry.dealt_label'), ' '), dealt), bar(null, () => {}, t('keeper.entry.to.won'), false));
        return h('div', { class: 'sk-wide' }, box, h('aside', {}, totalsStrip(sh)));
      }
      box.append(h('p', { class: 'muted', id: 'bids-note' }, SAY.bids(two)), ...numbers('bid', d.bids),
        h('p', { class: 'row' }, h('label', { for: 'cards-dealt' }, t('keeper.entry.dealt_other'), ' '), dealt),
        bar(null, () => go('won'), t('keeper.entry.to.won'), d.bids.every((b) => b !== null)));
    } else if (d.step === 'won') {
      const all = d.won.every((b) => b !== null);
      const verdict = h('p', { class: 'sk-check', id: 'tricks-check', role: 'status' }, t(all ? 'keeper.entry.checking' : 'keeper.entry.tap_won'));
      let said = null;
      const fwd = bar('bids', () => said.then((v) => { if (!v || v.ok) go('bonus'); }), t('keeper.entry.to.bonus'), all);
      box.append(h('p', { class: 'muted', id: 'won-note' }, SAY.won(two)), ...numbers('won', d.won), verdict, fwd);
      if (all) {
        // The tricks alone, as the engine sees them at this step.
        const lost = d.cards - d.won.reduce((a, b) => a + b, 0);
        const alone = roundOf({ ...d, bonuses: [], loot: [], wagers: null, cannon: undefined, bonus_points: undefined });
        const whole = roundOf(d);
        said = verdictOf(sh, alone, d.replace, verdict, fwd,
          SAY.tricks(d.cards, lost, two, toNobody(rules)), t('keeper.entry.later.won'))
          .then((v) => (v && v.ok && !sameValue(alone, whole) ? laterEntries(sh, whole, d.replace, verdict, v) : v));
      }
    } else if (d.step === 'bonus') {
      const verdict = h('p', { class: 'sk-check', id: 'events-check', role: 'status' });
      let said = null;
      const fwd = bar('won', () => said.then((v) => { if (!v || v.ok) go('confirm'); }), t('keeper.entry.to.confirm'), true);
      box.append(ctx.bonusStep(sh, d, rules, save, ctx.redraw), verdict, fwd);
      said = verdictOf(sh, roundOf(d), d.replace, verdict, fwd, '', t('keeper.entry.later.bonus'));
    } else {
      box.append(confirmStep(sh, d, n, bar, go));
    }
    return h('div', { class: 'sk-wide' }, box, h('aside', {}, totalsStrip(sh)));
  }

  // ownRounds keeps the round being entered in step with a change this
  // phone made to the rounds itself, which is no other phone's: a new
  // round stays the next one, a correction of a deleted round goes, and a
  // correction of a changed round goes on from the round as it now is.
  function ownRounds(x) {
    const d = x.draft;
    if (!d || !d.round || d.from === undefined) return;
    const now = x.sheet.rounds[d.round - 1] || null;
    if (!d.replace) d.round = x.sheet.rounds.length + 1;
    else if (!now) x.draft = null;
    else d.from = canon(now);
  }

  // verdictOf shows the engine's word on the round so far in verdict, and
  // resolves to it: the step goes on (the #next button in fwd) unless the
  // engine refused the round, which marks the button aria-disabled — it
  // stays in the keyboard's reach, and a tap before the answer waits for
  // it. Offline, the engine on the phone gives the same word; only when it
  // cannot start either does the step go on, the server checking the round
  // when the sheet reaches it.
  function verdictOf(sh, round, replace, verdict, fwd, good, offline) {
    const btn = fwd.querySelector('#next');
    return checkRound(sh, round, replace).then((v) => {
      if (!verdict.isConnected) return v;
      verdict.classList.remove('good', 'bad');
      if (!v) { verdict.textContent = offline; return v; }
      verdict.classList.add(v.ok ? 'good' : 'bad');
      verdict.textContent = v.ok ? good : v.error;
      if (!v.ok) { verdict.setAttribute('role', 'alert'); btn.setAttribute('aria-disabled', 'true'); }
      return v;
    });
  }

  // laterEntries shows at the tricks step the engine's word on the whole
  // round when the tricks, fine alone, leave a capture, a wager or an
  // alliance entered at the next step impossible (a trick count changed
  // after them): the keeper sees it where the count changed. The step goes
  // on (tricks resolves to the tricks' own verdict), since the fix may be
  // the captures instead; the Captures step holds the round until it fits.
  function laterEntries(sh, whole, replace, verdict, tricks) {
    return checkRound(sh, whole, replace).then((v) => {
      if (!v || v.ok || !verdict.isConnected) return tricks;
      verdict.classList.replace('good', 'bad');
      verdict.setAttribute('role', 'alert');
      verdict.replaceChildren(v.error, h('small', { class: 'sk-parts' }, t('keeper.entry.fix_here')));
      return tricks;
    });
  }

  function roundOf(d) {
    const r = { bids: d.bids, won: d.won };
    // The deal's size is sent only when it differed from the schedule, as
    // the record then says.
    if (d.cards && d.cards !== d.sched) r.cards = d.cards;
    if (d.bonus_points) r.bonus_points = d.bonus_points; else if (d.bonuses.length) r.bonuses = d.bonuses;
    if (d.loot && d.loot.length) r.loot = d.loot;
    if (d.wagers && d.wagers.some((x) => x)) r.wagers = d.wagers;
    if (d.cannon) r.cannon = d.cannon;
    return r;
  }

  function confirmStep(sh, d, n, bar, go) {
    const wrap = h('div', {});
    const out = h('div', { id: 'preview' }, h('p', { class: 'muted' }, t('keeper.entry.scoring')));
    const round = roundOf(d);
    let ok = true;
    const saveBtn = () => h('div', { class: 'sk-bar' }, h('button', { type: 'button', id: 'back', onclick: () => go('bonus') }, t('keeper.back')),
      h('button', { type: 'button', class: 'primary', id: 'save-round', disabled: !ok, onclick: () => {
        // Another phone's change may have come in since this screen was
        // drawn: a round it entered or changed is not entered over.
        const now = getEntry(st.key);
        if (clashOf(now.sheet, now.draft)) { ctx.redraw(); return; }
        ctx.change((x) => {
          const r = roundOf(x.draft);
          if (x.draft.replace) x.sheet.rounds[x.draft.replace - 1] = r; else x.sheet.rounds.push(r);
          x.draft = null;
        }, t('keeper.entry.saved', { Round: n }));
      } }, t(d.replace ? 'keeper.entry.save_correction' : 'keeper.entry.save')));
    wrap.append(out, saveBtn());
    const tok = sh.id;
    // Offline, or with changes the server has not had yet: the engine on
    // the phone scores the sheet as it will be sent, this round in it.
    const here = () => {
      const body = sheetBody(sh);
      body.rounds = [...body.rounds];
      if (d.replace) body.rounds[d.replace - 1] = round; else body.rounds.push(round);
      engine().then((score) => {
        const a = worded(score(body));
        if (a.error) refuse(a.error);
        else out.replaceChildren(pointsTable(a.rounds[n - 1]),
          h('p', { class: 'muted', id: 'scored-here' }, t('keeper.entry.scored_here')));
      }).catch(() => out.replaceChildren(h('p', { class: 'sk-pending' }, t('keeper.entry.score_later'))));
    };
    const refuse = (msg) => {
      ok = false;
      out.replaceChildren(h('p', { class: ['sk-check', 'bad'], role: 'alert' }, msg));
      wrap.lastChild.replaceWith(saveBtn());
    };
    const pointsTable = (sr) => h('table', { class: 'sk-table' },
      h('thead', {}, h('tr', {}, ['player', 'bid', 'won', 'points', 'total'].map((k) => h('th', {}, t(`keeper.col.${k}`))))),
      h('tbody', {}, sh.players.map((p, i) => h('tr', {}, h('td', {}, p), h('td', {}, d.bids[i]), h('td', {}, d.won[i]),
        h('td', { 'data-points': i }, signed(sr.points[i]), sr.scores[i].exact ? ' ✓' : ' ✗',
          h('small', { class: 'sk-parts' }, scoreParts(sr.scores[i]))), h('td', {}, sr.totals[i]))),
      graybeardRow(sh, sr, ruleAt(sh, n), 5)));
    if (!tok || getEntry(st.key).dirty) {
      here();
      return wrap;
    }
    api('POST', `/api/sheets/${tok}/preview`, { round, replace: d.replace || 0 }).then(async (r) => {
      if (r.status !== 200 || r.data.round.round !== n) {
        // Scored as another round, or refused: if another phone changed the
        // sheet, the preview says nothing about this phone's round. Saving
        // then meets the conflict, and the keeper chooses.
        const cur = await api('GET', '/api/sheets/' + tok).catch(() => null);
        if (cur && cur.status === 200 && cur.data.version !== sh.version) {
          out.replaceChildren(h('p', { class: ['sk-check', 'bad'], id: 'stale', role: 'alert' },
            t('keeper.entry.stale')));
          return;
        }
      }
      if (r.status === 200) out.replaceChildren(pointsTable(r.data.round));
      else refuse((r.data && r.data.error) || t('keeper.entry.unscored'));
    }).catch(() => here()); // no answer from the server: the phone's points
    return wrap;
  }

  function finished(sh) {
    const sc = sh.score;
    const win = sc && sc.winners ? sc.winners.map((i) => sh.players[i]) : [];
    return h('section', { class: 'panel', id: 'game-over' }, h('h2', {}, t('keeper.over')),
      win.length ? h('p', { class: 'big' }, win.length > 1 ? t('keeper.over.shared', { Names: list(win) }) : t('keeper.over.won', { Name: win[0] })) : null,
      totalsStrip(sh), h('p', { class: 'muted' }, t('keeper.over.correct')));
  }

  return { nextRound, startEdit, entryScreen, finished, roundOf, verdictOf, laterEntries, confirmStep, ownRounds };
}
