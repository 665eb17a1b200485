// The review page of a finished table (/t/{id}/review): one seat's
// decisions as the captain (the expert bot) judged them, each laid out as
// the table stood when it was taken — every hand around (the game is over:
// all are shown), the trick in the middle, the decision beside it — with
// the list of decisions alongside. The server sends the replay (every
// trick with the hands, built by the engine from the record) and the
// review, worded for this reader (?you=: their own seat is "you"): the
// page shows the review's sentences as they come and words none of its
// own, so the terminal's review and this one say the same
// (docs/protocol.md, "GET /api/tables/{id}/review"). Cards are drawn by
// cards.js, tricks worded by words.js, as at the table. It shows the
// viewer's own seat when this browser holds its token, and offers a seat
// picker otherwise. Only the reviewed seat's decisions are offered to it:
// another seat's choice — Harry's move, Rascal's wager, Juanita's look —
// is context, in the sentence of the trick its win gave, never an item of
// the list.

import { h, announce, capital } from './dom.js';
import { api, remember } from './api.js';
import { card } from './cards.js';
import { cardOf } from './catalog.js';
import { Words } from './words.js';

export function openReview(root, id, navigate) {
  // choice is the index of the decision shown in the reviewed seat's
  // decisions, or, before a seat is picked, of the trick shown.
  const st = { gone: false, timer: 0, replay: null, reviews: null, seat: -1, choice: 0, own: -1 };
  const saved = remember.seat(id);
  if (saved && Number.isInteger(saved.seat)) st.own = saved.seat;

  const page = h('section', { class: 'panel review', id: 'review', 'aria-labelledby': 'review-h' });
  root.replaceChildren(page);

  function say(text, retry) {
    page.replaceChildren(h('h1', { id: 'review-h' }, "The captain's review"),
      h('p', { class: 'notice', role: 'status', id: 'review-status' }, text),
      h('div', { class: 'row' },
        h('a', { class: 'button', href: `/t/${id}`, 'data-nav': '' }, 'Back to the table'),
        h('a', { class: 'button', href: '/', 'data-nav': '' }, 'Back to the lobby')));
    if (retry) st.timer = setTimeout(load, retry);
  }

  // load fetches the replay once and the review until it is ready: the
  // server answers 202 while it computes it, 503 while it is busy with
  // other games, each with the seconds to wait.
  async function load() {
    if (st.gone) return;
    if (!st.replay) {
      const r = await api('GET', `/api/tables/${id}/replay`);
      if (st.gone) return;
      if (!r.ok) { say(r.status === 409 ? 'The review opens once the game is over.' : r.data.error); return; }
      st.replay = r.data;
    }
    const you = st.own >= 0 ? `?you=${st.own}` : '';
    const res = await fetch(`/api/tables/${id}/review${you}`).catch(() => null);
    if (st.gone) return;
    if (!res) { say('The server cannot be reached. Trying again…', 3000); return; }
    const wait = Math.min(30, Math.max(1, Number(res.headers.get('Retry-After')) || 2)) * 1000;
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (st.gone) return;
    if (res.status === 202) { say('The captain is going over the game, decision by decision…', wait); return; }
    if (res.status === 503) { say('The captain is busy with other games; trying again in a moment…', wait); return; }
    if (!res.ok || !Array.isArray(data)) { say((data && data.error) || `The server answered ${res.status}.`); return; }
    st.reviews = data;
    st.seat = st.own >= 0 && st.own < data.length ? st.own : -1;
    // A link may name the decision to open: /t/{id}/review#d12.
    const m = location.hash.match(/^#d(\d+)$/);
    const r = st.reviews[st.seat];
    st.choice = m && r && Number(m[1]) < r.decisions.length ? Number(m[1]) : 0;
    draw();
    if (m) reveal();
  }

  function onKey(e) {
    if (!st.replay || !st.reviews || e.target.closest('input, select, textarea')) return;
    if (e.key === 'ArrowRight') { go(st.choice + 1); e.preventDefault(); }
    if (e.key === 'ArrowLeft') { go(st.choice - 1); e.preventDefault(); }
  }
  document.addEventListener('keydown', onKey);

  // moments is how many moments the page steps through: the reviewed
  // seat's decisions, or the tricks before a seat is picked.
  function moments() {
    const r = st.reviews[st.seat];
    return r ? r.decisions.length : st.replay.tricks.length;
  }

  // go shows moment i, and brings its entry of the list into view.
  function go(i) {
    if (i < 0 || i >= moments() || i === st.choice) return;
    st.choice = i;
    const r = st.reviews[st.seat];
    if (r) history.replaceState(history.state, '', `${location.pathname}#d${i}`);
    drawStep();
    mark();
    reveal();
    const t = st.replay.tricks[r ? stepOf(r.decisions[i]) : i];
    if (t) announce(r ? said(i).where + '.' : `Round ${t.round}, trick ${t.number}.`);
  }

  // words is the renderer of names and tricks for this reader: "you" for
  // one's own seat.
  function words() {
    const rp = st.replay;
    const ghost = rp.tricks.length && rp.tricks[0].hands.length > rp.players.length ? rp.players.length : 0;
    const names = ghost ? [...rp.players, 'Graybeard'] : rp.players;
    return new Words(names, st.own, rp.named, ghost);
  }

  // said is the server's wording of decision i of the reviewed seat.
  function said(i) {
    const t = st.reviews[st.seat].text;
    for (const s of [t.every, ...t.apart]) {
      const it = s.items.find((x) => x.decision === i);
      if (it) return it;
    }
    return { decision: i, where: '', did: '', captain: '', says: '' };
  }

  // stepOf is the trick of decision d: the one its card went to or whose
  // win offered its ability, the round's first for a bid or a load.
  function stepOf(d) {
    const i = st.replay.tricks.findIndex((t) => t.round === d.round && t.number === Math.max(1, d.trick));
    return i < 0 ? 0 : i;
  }

  function item(it) {
    return h('li', { class: ['decision-item', it.lost && 'lost'], 'data-index': String(it.decision) },
      h('a', { href: `#d${it.decision}`, class: 'linkish', onclick: (e) => { e.preventDefault(); go(it.decision); } }, it.where),
      ': ', it.says);
  }

  function section(s, attrs) {
    return [h('h2', {}, s.heading),
      s.items.length ? h('ol', { class: 'review-list', ...attrs }, s.items.map(item)) : h('p', { id: attrs.id }, s.empty)];
  }

  function picker() {
    const sel = h('select', { id: 'review-seat', onchange: () => { st.seat = Number(sel.value); st.choice = 0; draw(); } },
      st.seat < 0 ? h('option', { value: '-1', selected: true }, 'Choose a seat') : null,
      st.reviews.map((r) => h('option', { value: String(r.seat), selected: r.seat === st.seat },
        r.seat === st.own ? `${r.name} (you)` : r.name)));
    return h('label', { class: 'field', for: 'review-seat' }, h('span', {}, 'Whose decisions'), sel);
  }

  function draw() {
    const r = st.reviews[st.seat];
    const t = r && r.text;
    const head = [h('h1', { id: 'review-h' }, "The captain's review"),
      h('p', { class: 'muted' }, t ? t.explain : ''), picker()];
    if (t) head.push(h('p', { class: 'review-total', id: 'review-total' }, t.summary));
    const aside = [];
    if (t) {
      aside.push(...section(t.costliest, { id: 'review-costliest' }), ...section(t.every, { id: 'review-decisions' }));
      for (const s of t.apart) aside.push(...section(s, { class: 'review-list review-by', 'data-by': s.by }));
    }
    page.replaceChildren(...head,
      h('div', { class: ['review-body', t && 'with-list'] },
        h('div', { id: 'review-step' }),
        t ? h('aside', { class: 'review-aside', id: 'review-aside', 'aria-label': 'Decisions' }, aside) : null),
      h('div', { class: 'row' },
        h('a', { class: 'button', href: `/t/${id}`, 'data-nav': '' }, 'Back to the table'),
        h('a', { class: 'button', href: '/', 'data-nav': '' }, 'Back to the lobby')));
    drawStep();
    mark();
  }

  // mark says which entries of the list are the decision shown.
  function mark() {
    for (const li of page.querySelectorAll('.decision-item')) {
      if (Number(li.dataset.index) === st.choice && st.reviews[st.seat]) li.setAttribute('aria-current', 'true');
      else li.removeAttribute('aria-current');
    }
  }

  // reveal brings the decision shown into view in the list — its entry
  // among every decision, or apart — as scrollIntoView({block: 'nearest'})
  // does when the whole list is on the screen, and otherwise scrolling the
  // list's box alone, never the page: the table stays where the player is
  // looking. The entry comes into the part of the box on the screen, or,
  // when the box is below the screen (a phone's, under the table), into
  // the box's own view, ready when the player scrolls down to it.
  function reveal() {
    const box = document.getElementById('review-aside');
    const li = box && [...box.querySelectorAll('.decision-item[aria-current]')]
      .find((x) => !x.closest('#review-costliest'));
    if (!li) return;
    const b = box.getBoundingClientRect();
    if (b.top >= 0 && b.bottom <= innerHeight) { li.scrollIntoView({ block: 'nearest' }); return; }
    let lo = Math.max(b.top, 0);
    let hi = Math.min(b.bottom, innerHeight);
    if (hi - lo < 2 * li.offsetHeight) { lo = b.top; hi = b.bottom; }
    const r = li.getBoundingClientRect();
    if (r.top < lo) box.scrollTop -= lo - r.top;
    else if (r.bottom > hi) box.scrollTop += Math.min(r.bottom - hi, r.top - lo);
  }

  // scene is the table when decision d (or, without one, trick t
  // complete) was taken: which cards were on the trick and what each seat
  // held then.
  function scene(t, d) {
    let plays = t.trick.plays;
    if (d && d.trick === 0) plays = []; // bids and loads: before the first card
    else if (d && d.played.kind === 'play') plays = plays.slice(0, Math.max(0, plays.findIndex((p) => p.seat === st.seat)));
    const out = new Map(plays.map((p) => [p.seat, p]));
    const hands = t.hands.map((hand, s) => (out.has(s) ? hand.filter((c) => c.card !== out.get(s).card) : hand));
    return { plays, hands, complete: plays.length === t.trick.plays.length };
  }

  // seatBox is one seat's place at the table: name, bid, and hand.
  function seatBox(w, t, sc, s, d) {
    const rp = st.replay;
    const hand = sc.hands[s];
    const mark = (c) => {
      if (!d || d.played.kind !== 'play' || s !== st.seat) return '';
      return [c.card === d.played.card && 'played', d.loss > 0.05 && c.card === d.best.card && 'best'].filter(Boolean).join(' ');
    };
    const bid = sc.plays.length || (d && d.trick > 0) ? t.bids[s] : undefined;
    return h('li', { class: ['review-hand', s === st.seat && 'reviewed'], 'data-seat': String(s) },
      h('div', { class: 'who' }, h('strong', {}, capital(w.name(s))),
        bid !== undefined ? h('span', { class: 'muted' }, ` · bid ${bid}`) : null),
      h('div', { class: 'review-cards' }, t.hands[s].length
        ? hand.map((c) => card(cardOf(c.card), { small: true, named: rp.named, cls: mark(c) }))
        : h('span', { class: 'muted' }, 'flips the top card of his pile')));
  }

  // decisionBox is the decision shown, as the server words it, with the
  // cards played and suggested.
  function decisionBox(d, i) {
    const it = said(i);
    const rp = st.replay;
    const face = (a) => (a.kind === 'play' ? card(cardOf(a.card), { small: true, named: rp.named, as: a.as }) : null);
    return h('section', { class: ['review-decision', it.lost && 'lost'], id: 'review-decision', 'aria-labelledby': 'decision-h' },
      h('h3', { id: 'decision-h' }, it.where),
      h('p', { class: 'did' }, face(d.played), h('span', {}, `${it.did}.`)),
      h('p', { class: 'captain' }, it.lost ? face(d.best) : null, h('span', {}, `${capital(it.captain)}.`)),
      it.cost ? h('p', { class: 'cost' }, it.cost) : null);
  }

  // drawStep lays the table out for the moment shown.
  function drawStep() {
    const box = document.getElementById('review-step');
    if (!box) return;
    const rp = st.replay;
    const w = words();
    const n = moments();
    if (!rp.tricks.length) { box.replaceChildren(h('p', {}, 'No trick was played.')); return; }
    const r = st.reviews[st.seat];
    const d = r ? r.decisions[st.choice] : null;
    const t = rp.tricks[d ? stepOf(d) : st.choice];
    const sc = scene(t, d);
    const seats = t.hands.map((_, s) => s);
    const others = seats.filter((s) => s !== st.seat);
    const win = sc.complete ? t.trick.winning : -1;
    // A trick not yet complete has the round's trick before it for
    // context: who won it, and what any pirate ability it gave became.
    const before = rp.tricks[rp.tricks.indexOf(t) - 1];
    const last = !sc.complete && d && d.trick > 1 && before && before.round === t.round ? before : null;
    const heading = d ? said(st.choice).where : `Round ${t.round}, trick ${t.number}`;
    box.replaceChildren(h('section', { class: 'review-trick', 'aria-labelledby': 'step-h' },
      h('div', { class: 'bar' },
        h('button', { type: 'button', id: 'review-prev', disabled: st.choice === 0, onclick: () => go(st.choice - 1), 'aria-label': 'Previous' }, '← Previous'),
        h('h2', { id: 'step-h' }, heading, h('span', { class: 'muted' }, ` (${st.choice + 1} of ${n})`)),
        h('button', { type: 'button', id: 'review-next', disabled: st.choice === n - 1, onclick: () => go(st.choice + 1), 'aria-label': 'Next' }, 'Next →')),
      h('div', { class: 'review-table', id: 'review-table' },
        h('ul', { class: 'review-hands review-others', id: 'review-hands' }, others.map((s) => seatBox(w, t, sc, s, d))),
        h('div', { class: 'review-middle' },
          h('ul', { class: 'trick review-trick-cards', id: 'review-trick', 'aria-label': 'The trick' },
            sc.plays.length
              ? sc.plays.map((p, k) => h('li', { class: k === win && 'winning' },
                h('span', { class: 'who' }, capital(w.name(p.seat))),
                card(cardOf(p.card), { named: rp.named, as: p.as })))
              : h('li', { class: 'empty' }, d && d.trick === 0 ? 'Before the first trick' : 'The first card')),
          sc.complete && sc.plays.length ? h('p', { class: 'outcome', id: 'review-outcome' }, w.trick(t.trick))
            : last ? h('p', { class: 'outcome last', id: 'review-last' }, `Last trick: ${w.trick(last.trick)}`) : null,
          d ? decisionBox(d, st.choice) : null),
        st.seat >= 0 ? h('ul', { class: 'review-hands review-me' }, seatBox(w, t, sc, st.seat, d)) : null)));
  }

  load();
  return () => {
    st.gone = true;
    clearTimeout(st.timer);
    document.removeEventListener('keydown', onKey);
  };
}
