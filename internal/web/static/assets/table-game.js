// The game screen: the bar (the round, the bids, the tools), the seats
// around the table, the felt and the dock (table-felt.js, table-dock.js)
// put together, the turn line with its clock, what only this seat knows,
// the round just scored and, at the end, who won with the way to the
// review and the rematch.

import { h, s as svg, icon, plural, names } from './dom.js';
import { remember } from './api.js';
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
    const t = st.info;
    const kinds = new Set(o.legal.map((a) => a.kind));
    // The tab's title tells a player in another tab that the table waits.
    document.title = `${kinds.size ? '▶ Your turn · ' : ''}Skull King — round ${v.round}`;
    // Through the next round's bidding the round just scored and its last
    // trick come first, side by side where the screen is wide enough, so
    // both are seen without scrolling.
    const summary = v.phase !== 'over' ? roundPanel(v) : null;
    const notices = [
      v.tiebreak && v.phase === 'bidding' ? h('p', { class: 'notice', role: 'status' }, `Tiebreak round: the top total is tied, so round ${v.round} is played to break it.`) : null,
      st.stoodIn.length ? h('div', { class: 'notice row', id: 'away-report' }, h('span', {}, st.words.stoodIn(st.stoodIn)),
        h('button', { type: 'button', 'data-key': 'away-ok', onclick: () => { st.stoodIn = []; ctx.render(); } }, 'OK')) : null];
    const seats = [h('h2', { class: 'sr-only' }, 'Seats'), h('ul', { class: 'seats', id: 'seats' }, seatOrder(v).map((i) => seatBox(v, t, i)))];
    // Once the game is over the page reads from the top: who won, the
    // way to the review and the rematch, then the sheet and the table.
    if (v.phase === 'over') {
      return h('section', { class: 'game', 'aria-label': 'The table' },
        topBar(v), notices, gameOver(v), seats, ctx.felt(v),
        st.seat >= 0 ? h('div', { class: 'mine-seat' }, h('ul', { class: 'seats' }, seatBox(o, t, st.seat))) : null,
        ctx.chatBox());
    }
    // During the game the screen is the table, which scrolls, over the
    // dock, which holds what the player acts on: the dock never covers
    // the table, and the hand is never below the fold (style.css).
    return h('section', { class: 'game playing', 'aria-label': 'The table' },
      topBar(v),
      h('div', { class: 'stage', id: 'stage' },
        notices,
        summary ? h('div', { class: 'recap' }, summary, ctx.felt(v)) : null,
        seats,
        summary ? null : ctx.felt(v),
        // What only this seat learnt (Juanita's look, Bendt's discards)
        // shows by the trick, where the player looks.
        secrets(o),
        st.seat >= 0 ? null : h('p', { class: 'muted', id: 'spectating' }, `You are watching${t.watching > 1 ? ` with ${t.watching - 1} other${t.watching > 2 ? 's' : ''}` : ''}: hands stay hidden.`),
        ctx.chatBox()),
      h('div', { class: 'dock' },
        st.seat >= 0 ? h('div', { class: 'mine-seat' }, h('ul', { class: 'seats' }, seatBox(o, t, st.seat))) : null,
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
      bids = h('span', {}, `bids ${sum} / ${v.cards} `,
        h('span', { class: d > 0 ? 'over' : d < 0 ? 'under' : '' }, d > 0 ? `(over by ${d})` : d < 0 ? `(under by ${-d})` : '(even)'));
    } else {
      bids = h('span', {}, `bids hidden: ${scoring.filter((s) => s.has_bid).length} of ${scoring.length} in`);
    }
    const roundText = v.tiebreak ? `Tiebreak round ${v.round}` : `Round ${v.round} of ${v.rounds}`;
    return h('div', { class: 'bar' },
      h('div', { class: 'info', id: 'round-info' }, `${roundText} · ${plural(v.cards, 'card')} · `, bids),
      h('div', { class: 'tools' },
        h('button', { type: 'button', id: 'open-sheet', 'aria-keyshortcuts': 's', onclick: () => ctx.toggleSheet('sheet') }, 'Sheet ', h('kbd', {}, 's')),
        h('button', { type: 'button', id: 'open-chart', 'aria-keyshortcuts': 'c', onclick: () => ctx.toggleSheet('chart') }, 'Chart ', h('kbd', {}, 'c')),
        h('button', { type: 'button', id: 'open-tricks', 'aria-keyshortcuts': 't', onclick: () => ctx.toggleSheet('tricks') }, 'Tricks ', h('kbd', {}, 't')),
        st.seat >= 0 && v.phase !== 'over'
          ? h('button', { type: 'button', id: 'ask-hint', 'aria-keyshortcuts': 'h', onclick: ctx.hint }, 'Hint ', h('kbd', {}, 'h'))
          : null,
        h('button', { type: 'button', id: 'open-help', 'aria-keyshortcuts': '?', onclick: ctx.toggleHelp }, h('span', { class: 'wide-only' }, 'Keys & pace'), h('span', { class: 'narrow-only' }, 'Pace'), ' ', h('kbd', {}, '?'))));
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

  function seatBox(v, t, i) {
    const s = v.seats[i];
    const p = t.seats[i];
    const acting = v.turn === i && (v.phase === 'playing' || v.phase === 'ability');
    const mine = i === st.seat;
    const tags = [];
    if (p && p.kind === 'bot') tags.push(['bot', 'bot']);
    if (p && p.kind === 'person' && !p.connected) tags.push(['away', p.bot_plays ? 'away · bot plays' : 'away']);
    if (p && p.kind === 'open') tags.push(['away', 'bot plays']);
    if (t.host === i) tags.push(['host', 'host']);
    const lines = [];
    if (s.graybeard) {
      lines.push(h('div', { class: 'st muted' }, 'the ghost: never bids, never scores'));
      lines.push(h('div', { class: 'pile' }, cardBack({ small: true }), h('span', { class: 'st' }, `${s.hand_size} face down`)));
    } else {
      let bid;
      if (s.bid !== null && s.bid !== undefined) bid = h('span', { class: 'bid' }, `bid ${s.bid}`);
      else if (s.has_bid) bid = h('span', { class: 'bid bid-in' }, 'has bid ✓');
      else bid = h('span', { class: 'bid bid-wait' }, v.phase === 'bidding' ? 'not yet bid' : 'no bid');
      lines.push(h('div', { class: 'st' }, bid, ` · won ${s.won}`));
      // One's own cards are counted by the hand itself.
      lines.push(h('div', { class: 'st' }, h('strong', {}, `${s.total}`), ' pts',
        v.phase !== 'over' && !mine ? h('span', { class: 'cards' }, ` · ${plural(s.hand_size, 'card')}`) : null));
      const extra = [];
      if (s.wager) extra.push(`wager ${s.wager}`);
      if (s.cannon) extra.push(s.cannon);
      if (extra.length) lines.push(h('div', { class: 'st muted' }, extra.join(' · ')));
    }
    const hostTool = ctx.isHost() && !mine && p && p.kind === 'person' && !p.connected && v.phase !== 'over'
      ? h('button', { type: 'button', class: 'link', onclick: () => st.conn.send({ type: 'seat', seat: i, set: 'bot', level: t.standin || 'heuristic' }) }, 'give the seat to a bot')
      : null;
    return h('li', { class: ['seat', acting && 'turn', mine && 'me', s.graybeard && 'ghost'], id: `seat-${i}`, 'data-seat': String(i),
      'aria-current': acting ? 'true' : null },
    acting ? h('span', { class: 'turnflag' }, v.phase === 'ability' ? 'deciding' : 'to play') : null,
    h('div', { class: 'nm' }, s.graybeard ? icon('roger', 'suit-icon') : null, h('span', { class: 'who' }, s.name), mine ? ' (you)' : null,
      tags.map(([k, x]) => h('span', { class: 'tag tag-' + k }, x))),
    lines, hostTool,
    acting ? h('span', { class: 'sr-only' }, mine ? ' — your turn' : ' — their turn') : null);
  }

  function turnLine(v, kinds) {
    let text;
    let mine = kinds.size > 0;
    const waiting = v.seats.map((s, i) => (!s.graybeard && !s.has_bid ? i : -1)).filter((i) => i >= 0);
    if (v.phase === 'over') { text = ctx.winnerLine(v); mine = false; }
    // A player is never told the table waits for them by name.
    else if (kinds.has('bid') || (v.phase === 'bidding' && waiting.includes(st.seat))) text = 'Your bid: how many tricks will you win?';
    else if (v.phase === 'bidding') {
      const me = st.seat >= 0 ? v.seats[st.seat] : null;
      const others = names(waiting.map(ctx.name));
      text = me && me.bid !== null && me.bid !== undefined ? `You bid ${me.bid} — waiting for ${others}…` : `Bidding — waiting for ${others}…`;
    } else if (kinds.has('cannon')) text = 'Load your cannon: grapeshot or the cannonball?';
    else if (v.phase === 'cannon') text = 'Waiting for the others to load their cannons…';
    else if (kinds.has('play')) text = `Your turn. ${leadAdvice(v)}`;
    else if (v.phase === 'playing') text = v.turn === st.seat && st.seat >= 0 ? 'Your turn.' : v.turn >= 0 ? `${ctx.name(v.turn)} is playing…` : 'Waiting…';
    else if (v.phase === 'ability' && v.pending) text = v.pending.seat === st.seat ? 'Your decision: choose below.' : `${ctx.name(v.pending.seat)} is deciding: ${abilityName(v.pending.kind)}…`;
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
    if (!refused.length) return v.trick.length ? 'Any card may be played.' : 'You lead: any card may be played.';
    return 'Play one of the raised cards.';
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
      el.replaceChildren(clockGlyph(), ` ${left} s`);
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
    if (v.undealt_seen && v.undealt_seen.length) parts.push(h('div', {}, h('p', {}, 'Juanita Jade showed you the undealt cards:'),
      h('div', { class: 'row' }, v.undealt_seen.map((c) => card(ctx.art(c), { small: true, named: v.named })))));
    if (v.discarded && v.discarded.length) parts.push(h('div', {}, h('p', {}, 'You discarded, face down:'),
      h('div', { class: 'row' }, v.discarded.map((c) => card(ctx.art(c), { small: true, named: v.named })))));
    return parts.length ? h('section', { class: 'panel secrets', id: 'secrets', 'aria-label': 'What only you know' }, parts) : null;
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
    return h('section', { class: 'panel summary-box', id: elId, 'aria-labelledby': elId + '-h' },
      h('h2', { id: elId + '-h' }, `Round ${r.round}: the score`),
      roundSummary(v, r, st.words, k > 0 ? v.results[k - 1] : null, `Round ${r.round}, part by part`));
  }

  function gameOver(v) {
    const t = st.info;
    const saved = remember.seat(id);
    let rematch;
    if (t.rematch) {
      rematch = h('button', { type: 'button', class: 'primary', id: 'go-rematch', onclick: () => {
        if (saved && st.seat >= 0) remember.setSeat(t.rematch, saved.seat, saved.token);
        ctx.navigate('/t/' + t.rematch);
      } }, 'Go to the rematch');
    } else if (ctx.isHost()) {
      rematch = h('button', { type: 'button', id: 'rematch', onclick: () => st.conn.send({ type: 'rematch' }) }, 'Offer a rematch');
    } else rematch = h('span', { class: 'muted' }, 'The host may offer a rematch.');
    return h('section', { class: 'panel over-box', id: 'game-over', 'aria-labelledby': 'go-h' },
      h('h2', { id: 'go-h' }, 'Game over'),
      h('p', { class: 'winner', id: 'winner' }, ctx.winnerLine(v).replace(/^Game over: /, '')),
      // What comes next is in view with the winner, above the sheet.
      h('div', { class: 'row next-steps' },
        h('a', { class: 'button', href: `/t/${id}/review`, 'data-nav': '', id: 'go-review' }, "The captain's review"),
        rematch,
        h('a', { class: 'button', href: `/api/tables/${id}/record`, download: `skullking-${id}.json`, id: 'download-record' }, 'Download the game record'),
        h('a', { class: 'button', href: '/', 'data-nav': '' }, 'Back to the lobby')),
      v.results.length ? summaryBox(v, v.results.length - 1, 'final-round') : null,
      fullSheet(v, st.words), chart(v));
  }

  return { clockGlyph, gameOver, gameScreen, leadAdvice, roundPanel, seatBox, seatOrder, secrets, stopClock, summaryBox, tickClock, topBar, turnLine };
}
