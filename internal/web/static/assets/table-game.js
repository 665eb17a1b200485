// The game screen: the bar (the round, the bids, the tools), the seats
// around the table, the felt and the dock (table-felt.js, table-dock.js)
// put together, the turn line with its clock, what only this seat knows,
// the round just scored and, at the end, who won with the way to the
// review and the rematch.

import { h, s as svg, icon, toast } from './dom.js';
import { t, n, has } from './locale.js';
import { remember, refusal } from './api.js';
import { downloadRecord, sendForReview } from './local.js';
import { card, cardBack } from './cards.js';
import { fullSheet, chart, roundSummary } from './sheet.js';
import { abilityName } from './table-dock.js';

// gameViews gives the table's context (table.js) the game screen.
export function gameViews(ctx) {
  const { st, id } = ctx;
  let clock = 0;
  function gameScreen() {
    const v = st.view;
    // The player's own part — their seat, hand, turn line and decisions —
    // is drawn from the live view: ahead of the table's while the pause
    // holds back a state of the player's own action.
    const o = ctx.live();
    const info = st.info;
    const kinds = new Set(o.legal.map((a) => a.kind));
    // The tab's title tells a player in another tab that the table waits.
    const title = t('table.title.round', { Round: v.round });
    document.title = kinds.size ? t('table.title.turn', { Title: title }) : title;
    // …and a sound, a buzz or a notification, once a turn (table-told.js).
    ctx.tellTurn(o, kinds);
    // Through the next round's bidding the round just scored and its last
    // trick come first, side by side where the screen is wide enough, so
    // both are seen without scrolling.
    const summary = v.phase !== 'over' ? roundPanel(v) : null;
    const notices = [
      v.tiebreak && v.phase === 'bidding' ? h('p', { class: 'notice', role: 'status' }, t('table.notice.tiebreak', { Round: v.round })) : null,
      st.stoodIn.length ? h('div', { class: ['notice', 'row'], id: 'away-report' }, h('span', {}, st.words.stoodIn(st.stoodIn)),
        h('button', { type: 'button', 'data-key': 'away-ok', onclick: () => { st.stoodIn = []; ctx.render(); } }, t('table.ok'))) : null];
    const seats = [h('h2', { class: 'sr-only' }, t('table.seats')), h('ul', { class: 'seats', id: 'seats' }, seatOrder(v).map((i) => seatBox(v, info, i)))];
    // Once the game is over the page reads from the top: who won, the
    // way to the review and the rematch, then the sheet and the table.
    if (v.phase === 'over') {
      return h('section', { class: 'game', 'aria-label': t('table.aria') },
        topBar(v), notices, gameOver(v), seats, ctx.felt(v),
        st.seat >= 0 ? h('div', { class: 'mine-seat' }, h('ul', { class: 'seats' }, seatBox(o, info, st.seat))) : null,
        ctx.chatBox());
    }
    // During the game the screen is the table, which scrolls, over the
    // dock, which holds what the player acts on: the dock never covers
    // the table, and the hand is never below the fold (style.css).
    return h('section', { class: ['game', 'playing'], 'aria-label': t('table.aria') },
      topBar(v),
      h('div', { class: 'stage', id: 'stage' },
        notices,
        summary ? h('div', { class: 'recap' }, summary, ctx.felt(v)) : null,
        seats,
        summary ? null : ctx.felt(v),
        // What only this seat learnt (Juanita's look, Bendt's discards)
        // shows by the trick, where the player looks.
        secrets(o),
        st.seat >= 0 ? null : h('p', { class: 'muted', id: 'spectating' }, info.watching > 1 ? n('table.spectating.others', info.watching - 1) : t('table.spectating')),
        ctx.chatBox()),
      h('div', { class: 'dock' },
        st.seat >= 0 ? h('div', { class: 'mine-seat' }, h('ul', { class: 'seats' }, seatBox(o, info, st.seat))) : null,
        turnLine(o, kinds),
        ctx.decision(o, kinds),
        st.seat >= 0 ? ctx.hand(o, kinds) : null,
        st.seat >= 0 ? h('p', { class: 'whyline', id: 'whyline', 'aria-hidden': 'true' }, ctx.whyText(o)) : null));
  }

  function topBar(v) {
    const scoring = v.seats.filter((s) => !s.graybeard);
    const revealed = scoring.every((s) => s.bid !== null && s.bid !== undefined) && v.phase !== 'bidding';
    let bids;
    if (revealed) {
      const sum = scoring.reduce((a, s) => a + s.bid, 0);
      const d = sum - v.cards;
      bids = h('span', {}, t('table.bar.bids', { Sum: sum, Cards: v.cards }), ' ',
        h('span', { class: d > 0 ? 'over' : d < 0 ? 'under' : '' }, d > 0 ? t('table.bar.over', { By: d }) : d < 0 ? t('table.bar.under', { By: -d }) : t('table.bar.even')));
    } else {
      bids = h('span', {}, t('table.bar.bids_hidden', { In: scoring.filter((s) => s.has_bid).length, Seats: scoring.length }));
    }
    const roundText = v.tiebreak ? t('table.bar.tiebreak', { Round: v.round }) : t('table.bar.round', { Round: v.round, Rounds: v.rounds });
    return h('div', { class: 'bar' },
      h('div', { class: 'info', id: 'round-info' }, roundText, ' · ', n('table.cards', v.cards), ' · ', bids),
      h('div', { class: 'tools' },
        h('button', { type: 'button', id: 'open-sheet', 'aria-keyshortcuts': 's', onclick: () => ctx.toggleSheet('sheet') }, t('table.bar.sheet'), ' ', h('kbd', {}, 's')),
        h('button', { type: 'button', id: 'open-chart', 'aria-keyshortcuts': 'c', onclick: () => ctx.toggleSheet('chart') }, t('table.bar.chart'), ' ', h('kbd', {}, 'c')),
        h('button', { type: 'button', id: 'open-tricks', 'aria-keyshortcuts': 't', onclick: () => ctx.toggleSheet('tricks') }, t('table.bar.tricks'), ' ', h('kbd', {}, 't')),
        st.seat >= 0 && v.phase !== 'over'
          ? h('button', { type: 'button', id: 'ask-hint', 'aria-keyshortcuts': 'h', onclick: ctx.hint }, t('table.bar.hint'), ' ', h('kbd', {}, 'h'))
          : null,
        h('button', { type: 'button', id: 'open-help', 'aria-keyshortcuts': '?', onclick: ctx.toggleHelp }, h('span', { class: 'wide-only' }, t('table.bar.keys')), h('span', { class: 'narrow-only' }, t('table.help.pace')), ' ', h('kbd', {}, '?'))));
  }

  // seatOrder lists the other seats clockwise from the viewer, Graybeard
  // where he sits; a spectator sees every seat from seat 1.
  function seatOrder(v) {
    const n = v.seats.length;
    const out = [];
    const start = st.seat >= 0 ? st.seat + 1 : 0;
    for (let k = 0; k < n; k++) {
      const i = (start + k) % n;
      if (i !== st.seat) out.push(i);
    }
    return out;
  }

  function seatBox(v, info, i) {
    const s = v.seats[i];
    const p = info.seats[i];
    const acting = v.turn === i && (v.phase === 'playing' || v.phase === 'ability');
    const mine = i === st.seat;
    const tags = [];
    if (p && p.kind === 'bot') tags.push(['bot', t('table.tag.bot')]);
    if (p && p.kind === 'person' && !p.connected) tags.push(['away', p.bot_plays ? t('table.tag.away_bot') : t('table.tag.away')]);
    if (p && p.kind === 'open') tags.push(['away', t('table.tag.bot_plays')]);
    if (info.host === i) tags.push(['host', t('table.tag.host')]);
    const lines = [];
    if (s.graybeard) {
      lines.push(h('div', { class: ['st', 'muted'] }, t('table.seat.ghost')));
      lines.push(h('div', { class: 'pile' }, cardBack({ small: true }), h('span', { class: 'st' }, n('table.seat.face_down', s.hand_size))));
    } else {
      let bid;
      if (s.bid !== null && s.bid !== undefined) bid = h('span', { class: 'bid' }, t('table.seat.bid', { Bid: s.bid }));
      else if (s.has_bid) bid = h('span', { class: ['bid', 'bid-in'] }, t('table.seat.has_bid'));
      else bid = h('span', { class: ['bid', 'bid-wait'] }, v.phase === 'bidding' ? t('table.seat.not_yet') : t('table.seat.no_bid'));
      lines.push(h('div', { class: 'st' }, bid, ' · ', t('table.seat.won', { Won: s.won })));
      // One's own cards are counted by the hand itself.
      lines.push(h('div', { class: 'st' }, h('strong', {}, `${s.total}`), ' ', t('table.seat.pts'),
        v.phase !== 'over' && !mine ? h('span', { class: 'cards' }, ' · ', n('table.cards', s.hand_size)) : null));
      const extra = [];
      if (s.wager) extra.push(t('table.seat.wager', { Wager: s.wager }));
      if (s.cannon) extra.push(has(`table.seat.cannon.${s.cannon}`) ? t(`table.seat.cannon.${s.cannon}`) : s.cannon);
      if (extra.length) lines.push(h('div', { class: ['st', 'muted'] }, extra.join(' · ')));
    }
    const hostTool = ctx.isHost() && !mine && p && p.kind === 'person' && !p.connected && v.phase !== 'over'
      ? h('button', { type: 'button', class: 'link', onclick: () => st.conn.send({ type: 'seat', seat: i, set: 'bot', level: info.standin || 'heuristic' }) }, t('table.seat.give_bot'))
      : null;
    return h('li', { class: ['seat', acting && 'turn', mine && 'me', s.graybeard && 'ghost'], id: `seat-${i}`, 'data-seat': String(i),
      'aria-current': acting ? 'true' : null },
    acting ? h('span', { class: 'turnflag' }, v.phase === 'ability' ? t('table.seat.deciding') : t('table.seat.to_play')) : null,
    h('div', { class: 'nm' }, s.graybeard ? icon('roger', 'suit-icon') : null, h('span', { class: 'who' }, s.graybeard ? t('name.graybeard') : s.name), mine ? ' ' + t('table.seat.you') : null,
      tags.map(([k, x]) => h('span', { class: ['tag', 'tag-' + k] }, x))),
    lines, hostTool,
    acting ? h('span', { class: 'sr-only' }, ' — ' + (mine ? t('table.seat.your_turn') : t('table.seat.their_turn'))) : null);
  }

  function turnLine(v, kinds) {
    let text;
    let mine = kinds.size > 0;
    const waiting = v.seats.map((s, i) => (!s.graybeard && !s.has_bid ? i : -1)).filter((i) => i >= 0);
    if (v.phase === 'over') { text = ctx.winnerLine(v); mine = false; }
    // A player is never told the table waits for them by name.
    else if (kinds.has('bid') || (v.phase === 'bidding' && waiting.includes(st.seat))) text = t('table.turn.bid');
    else if (v.phase === 'bidding') {
      const me = st.seat >= 0 ? v.seats[st.seat] : null;
      const others = st.words.list(waiting.map(ctx.name));
      text = me && me.bid !== null && me.bid !== undefined ? t('table.turn.bid_waiting', { Bid: me.bid, Names: others }) : t('table.turn.bidding_waiting', { Names: others });
    } else if (kinds.has('cannon')) text = t('table.turn.cannon');
    else if (v.phase === 'cannon') text = t('table.turn.cannon_wait');
    else if (kinds.has('play')) text = t('table.turn.play', { Advice: leadAdvice(v) });
    else if (v.phase === 'playing') text = v.turn === st.seat && st.seat >= 0 ? t('table.said.turn') : v.turn >= 0 ? t('table.turn.playing', { Name: ctx.name(v.turn) }) : t('table.turn.waiting');
    else if (v.phase === 'ability' && v.pending) text = v.pending.seat === st.seat ? t('table.turn.decision') : t('table.turn.deciding', { Name: ctx.name(v.pending.seat), Ability: abilityName(v.pending.kind) });
    else text = '';
    return h('p', { class: ['turnline', mine && 'mine'], id: 'turnline' }, text,
      ctx.liveDeadline() ? h('span', { class: 'clock', id: 'clock' }) : null);
  }

  // leadAdvice says what the hand may play, from the view alone: the
  // engine refuses the cards that do not follow, and says why.
  function leadAdvice(v) {
    const refused = v.hand.filter((c) => !c.playable && c.why);
    const follow = refused.find((c) => c.why.code === 'must_follow_suit');
    if (follow) return st.words.refusal(follow.why);
    if (!refused.length) return v.trick.length ? t('table.advice.any') : t('table.advice.lead');
    return t('table.advice.raised');
  }

  // clockGlyph is the turn timer's stopwatch, drawn rather than written:
  // the stopwatch character has no glyph in many systems' fonts.
  function clockGlyph() {
    const line = { fill: 'none', stroke: 'currentColor', 'stroke-width': '1.6', 'stroke-linecap': 'round' };
    return svg('svg', { class: 'clock-glyph', viewBox: '0 0 16 16', 'aria-hidden': 'true', focusable: 'false' },
      svg('circle', Object.assign({ cx: '8', cy: '9.2', r: '5.8' }, line)),
      svg('path', Object.assign({ d: 'M8 9.2V6M6.2 1.6h3.6M8 1.6v1.8' }, line)));
  }

  function tickClock() {
    clearInterval(clock);
    const deadline = ctx.liveDeadline();
    if (!deadline) return;
    const run = () => {
      const el = document.getElementById('clock');
      if (!el) return;
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      el.replaceChildren(clockGlyph(), ' ', t('table.seconds', { Seconds: left }));
    };
    run();
    clock = setInterval(run, 1000);
  }

  // stopClock stops the turn timer's tick when the table is left.
  function stopClock() { clearInterval(clock); }

  // secrets shows what only this seat knows: Juanita's look at the undealt
  // cards and Bendt's discards.
  function secrets(v) {
    const parts = [];
    if (v.undealt_seen && v.undealt_seen.length) parts.push(h('div', {}, h('p', {}, t('table.secrets.undealt')),
      h('div', { class: 'row' }, v.undealt_seen.map((c) => card(ctx.art(c), { small: true, named: v.named })))));
    if (v.discarded && v.discarded.length) parts.push(h('div', {}, h('p', {}, t('table.secrets.discarded')),
      h('div', { class: 'row' }, v.discarded.map((c) => card(ctx.art(c), { small: true, named: v.named })))));
    return parts.length ? h('section', { class: ['panel', 'secrets'], id: 'secrets', 'aria-label': t('table.secrets.title') }, parts) : null;
  }

  // roundPanel is the round just scored, part by part, shown through the
  // next round's bidding.
  function roundPanel(v) {
    if (!v.results.length || v.phase !== 'bidding') return null;
    const r = v.results[v.results.length - 1];
    if (r.round !== v.round - 1) return null;
    return summaryBox(v, v.results.length - 1, 'round-summary');
  }

  function summaryBox(v, k, elId) {
    const r = v.results[k];
    return h('section', { class: ['panel', 'summary-box'], id: elId, 'aria-labelledby': elId + '-h' },
      h('h2', { id: elId + '-h' }, t('table.summary.title', { Round: r.round })),
      roundSummary(v, r, st.words, k > 0 ? v.results[k - 1] : null, t('table.summary.parts', { Round: r.round })));
  }

  // recordLink downloads the finished game's record: the server's, or the
  // one this device keeps of a game played here.
  function recordLink(attrs = {}) {
    if (!ctx.local) {
      return h('a', Object.assign({ class: 'button', href: `/api/tables/${id}/record`, download: `skullking-${id}.json` }, attrs), t('table.record'));
    }
    return h('button', Object.assign({ type: 'button', onclick: () => downloadRecord(id) }, attrs), t('table.record'));
  }

  // reviewButton sends a game played on this device to the server for the
  // captain's review, on the player's word, and opens the review.
  function reviewButton() {
    const b = h('button', { type: 'button', id: 'send-review', onclick: async () => {
      b.disabled = true;
      toast(t('table.local.sending'));
      const r = await sendForReview(id);
      b.disabled = false;
      if (!r.ok) { toast(refusal(r), 'error'); return; }
      ctx.navigate(`/t/${r.data.id}/review`);
    } }, t('table.local.review'));
    return b;
  }

  function gameOver(v) {
    const info = st.info;
    const saved = remember.seat(id);
    let rematch;
    if (info.rematch) {
      rematch = h('button', { type: 'button', class: 'primary', id: 'go-rematch', onclick: () => {
        if (saved && st.seat >= 0) remember.setSeat(info.rematch, saved.seat, saved.token);
        ctx.navigate(ctx.path(info.rematch));
      } }, t('table.over.go_rematch'));
    } else if (ctx.isHost()) {
      rematch = h('button', { type: 'button', id: 'rematch', onclick: () => st.conn.send({ type: 'rematch' }) }, t('table.over.offer'));
    } else rematch = h('span', { class: 'muted' }, t('table.over.host_may'));
    return h('section', { class: ['panel', 'over-box'], id: 'game-over', 'aria-labelledby': 'go-h' },
      h('h2', { id: 'go-h' }, t('table.over.title')),
      h('p', { class: 'winner', id: 'winner' }, ctx.winnerLine(v, true)),
      // What comes next is in view with the winner, above the sheet.
      h('div', { class: ['row', 'next-steps'] },
        ctx.local ? reviewButton() : h('a', { class: 'button', href: `/t/${id}/review`, 'data-nav': '', id: 'go-review' }, t('table.review')),
        rematch,
        ctx.recordLink({ id: 'download-record' }),
        h('a', { class: 'button', href: '/', 'data-nav': '' }, t('table.back'))),
      v.results.length ? summaryBox(v, v.results.length - 1, 'final-round') : null,
      fullSheet(v, st.words), chart(v));
  }

  return { clockGlyph, gameOver, gameScreen, leadAdvice, recordLink, roundPanel, seatBox, seatOrder, secrets, stopClock, summaryBox, tickClock, topBar, turnLine };
}
