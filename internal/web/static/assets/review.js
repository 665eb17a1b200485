// The review page of a finished table (/t/{id}/review): one seat's
// decisions as the captain (the expert bot) judged them, each laid out as
// the table stood when it was taken — every hand around (the game is over:
// all are shown), the trick in the middle, the decision beside it — with
// the list of decisions alongside. The server sends the replay (every
// trick with the hands, built by the engine from the record) and the
// review, told to this reader (?you=: their own seat is "you") as the
// catalogue's sentences by id with their placeholders: the page words
// them in the reader's language (word, below) and chooses none itself, so
// the terminal's review and this one say the same (docs/protocol.md, "GET
// /api/tables/{id}/review"). Cards are drawn by cards.js, tricks and
// actions worded by words.js, as at the table. It shows the
// viewer's own seat when this browser holds its token, and offers a seat
// picker otherwise. Only the reviewed seat's decisions are offered to it:
// another seat's choice — Harry's move, Rascal's wager, Juanita's look —
// is context, in the sentence of the trick its win gave, never an item of
// the list.

import { h, announce, capital } from './dom.js';
import { api, remember, refusal } from './api.js';
import { problemText } from './problem.js';
import { card } from './cards.js';
import { cardOf } from './catalog.js';
import { Words } from './words.js';
import { t } from './locale.js';


export function openReview(root, id, navigate) {
  // choice is the index of the decision shown in the reviewed seat's
  // decisions, or, before a seat is picked, of the trick shown.
  const st = { gone: false, timer: 0, replay: null, reviews: null, seat: -1, choice: 0, own: -1 };
  const saved = remember.seat(id);
  if (saved && Number.isInteger(saved.seat)) st.own = saved.seat;

  const page = h('section', { class: ['panel', 'review'], id: 'review', 'aria-labelledby': 'review-h' });
  root.replaceChildren(page);

  // back are the links out of the review.
  const back = () => h('div', { class: 'row' },
    h('a', { class: 'button', href: `/t/${id}`, 'data-nav': '' }, t('review.back.table')),
    h('a', { class: 'button', href: '/', 'data-nav': '' }, t('review.back.lobby')));

  function say(text, retry) {
    page.replaceChildren(h('h1', { id: 'review-h' }, t('review.title')),
      h('p', { class: 'notice', role: 'status', id: 'review-status' }, text), back());
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
      if (!r.ok) { say(r.status === 409 ? t('review.not_over') : refusal(r)); return; }
      st.replay = r.data;
    }
    const you = st.own >= 0 ? `?you=${st.own}` : '';
    const res = await fetch(`/api/tables/${id}/review${you}`).catch(() => null);
    if (st.gone) return;
    if (!res) { say(t('review.offline'), 3000); return; }
    const wait = Math.min(30, Math.max(1, Number(res.headers.get('Retry-After')) || 2)) * 1000;
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (st.gone) return;
    if (res.status === 202) { say(t('review.working'), wait); return; }
    if (res.status === 503) { say(t('review.busy'), wait); return; }
    if (!res.ok || !Array.isArray(data)) { say(data && data.problem ? problemText(data.problem) : t('review.error.status', { Status: String(res.status) })); return; }
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
    if (!st.replay || !st.reviews || e.target.closest(['input', 'select', 'textarea'].join())) return;
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
    const tr = st.replay.tricks[r ? stepOf(r.decisions[i]) : i];
    if (tr) announce(heading(tr, i));
  }

  // heading says when the moment shown is: the decision's place in the
  // game, or the trick's.
  function heading(tr, i) {
    if (st.reviews[st.seat]) return words().sentence(said(i).where);
    return t('review.where.trick', { Round: tr.round, Trick: tr.number });
  }

  // words is the renderer of names and tricks for this reader: "you" for
  // one's own seat.
  function words() {
    const rp = st.replay;
    const ghost = rp.tricks.length && rp.tricks[0].hands.length > rp.players.length ? rp.players.length : 0;
    return new Words(rp.players, st.own, rp.named, ghost);
  }

  // said is what the server tells of decision i of the reviewed seat.
  function said(i) {
    const r = st.reviews[st.seat].said;
    for (const s of [r.every, ...r.apart]) {
      const it = s.items.find((x) => x.decision === i);
      if (it) return it;
    }
    const none = { id: 'review.every.none' };
    return { decision: i, where: none, did: none, captain: none, says: none };
  }

  // stepOf is the trick of decision d: the one its card went to or whose
  // win offered its ability, the round's first for a bid or a load.
  function stepOf(d) {
    const i = st.replay.tricks.findIndex((x) => x.round === d.round && x.number === Math.max(1, d.trick));
    return i < 0 ? 0 : i;
  }

  function item(it, w) {
    return h('li', { class: ['decision-item', it.lost && 'lost'], 'data-index': String(it.decision) },
      h('a', { href: `#d${it.decision}`, class: 'linkish', onclick: (e) => { e.preventDefault(); go(it.decision); } }, w.sentence(it.where)),
      t('review.where.separator'), w.sentence(it.says));
  }

  function section(s, attrs, w) {
    return [h('h2', {}, w.sentence(s.heading)), s.items.length
      ? h('ol', { class: 'review-list', ...attrs }, s.items.map((it) => item(it, w)))
      : h('p', { id: attrs.id }, s.empty ? w.sentence(s.empty) : '')];
  }

  function picker() {
    const sel = h('select', { id: 'review-seat', onchange: () => { st.seat = Number(sel.value); st.choice = 0; draw(); } },
      st.seat < 0 ? h('option', { value: '-1', selected: true }, t('review.seat.choose')) : null,
      st.reviews.map((r) => h('option', { value: String(r.seat), selected: r.seat === st.seat },
        r.seat === st.own ? t('review.seat.you', { Name: r.name }) : r.name)));
    return h('label', { class: 'field', for: 'review-seat' }, h('span', {}, t('review.seat.label')), sel);
  }

  function draw() {
    const r = st.reviews[st.seat];
    const s = r && r.said;
    const w = words();
    const head = [h('h1', { id: 'review-h' }, t('review.title')),
      h('p', { class: 'muted' }, s ? w.sentence(s.explain) : ''), picker()];
    if (s) head.push(h('p', { class: 'review-total', id: 'review-total' }, s.summary.map((m) => w.sentence(m)).join(' ')));
    const aside = [];
    if (s) {
      aside.push(...section(s.costliest, { id: 'review-costliest' }, w), ...section(s.every, { id: 'review-decisions' }, w));
      for (const a of s.apart) aside.push(...section(a, { class: ['review-list', 'review-by'], 'data-by': a.by }, w));
    }
    page.replaceChildren(...head,
      h('div', { class: ['review-body', s && 'with-list'] },
        h('div', { id: 'review-step' }),
        s ? h('aside', { class: 'review-aside', id: 'review-aside', 'aria-label': t('review.list.label') }, aside) : null),
      back());
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

  // scene is the table when decision d (or, without one, trick tr
  // complete) was taken: which cards were on the trick and what each seat
  // held then.
  function scene(tr, d) {
    let plays = tr.trick.plays;
    if (d && d.trick === 0) plays = []; // bids and loads: before the first card
    else if (d && d.played.kind === 'play') plays = plays.slice(0, Math.max(0, plays.findIndex((p) => p.seat === st.seat)));
    const out = new Map(plays.map((p) => [p.seat, p]));
    const hands = tr.hands.map((hand, s) => (out.has(s) ? hand.filter((c) => c.card !== out.get(s).card) : hand));
    return { plays, hands, complete: plays.length === tr.trick.plays.length };
  }

  // seatBox is one seat's place at the table: name, bid, and hand.
  function seatBox(w, tr, sc, s, d) {
    const rp = st.replay;
    const hand = sc.hands[s];
    const mark = (c) => {
      if (!d || d.played.kind !== 'play' || s !== st.seat) return '';
      return [c.card === d.played.card && 'played', d.loss > 0.05 && c.card === d.best.card && 'best'].filter(Boolean).join(' ');
    };
    const bid = sc.plays.length || (d && d.trick > 0) ? tr.bids[s] : undefined;
    return h('li', { class: ['review-hand', s === st.seat && 'reviewed'], 'data-seat': String(s) },
      h('div', { class: 'who' }, h('strong', {}, capital(w.name(s))),
        bid !== undefined ? h('span', { class: 'muted' }, ' · ', t('review.hand.bid', { Bid: bid })) : null),
      h('div', { class: 'review-cards' }, tr.hands[s].length
        ? hand.map((c) => card(cardOf(c.card), { small: true, named: rp.named, cls: mark(c) }))
        : h('span', { class: 'muted' }, t('review.hand.graybeard'))));
  }

  // decisionBox is the decision shown, as the server tells it, with the
  // cards played and suggested.
  function decisionBox(d, i, w) {
    const it = said(i);
    const rp = st.replay;
    const face = (a) => (a.kind === 'play' ? card(cardOf(a.card), { small: true, named: rp.named, as: a.as }) : null);
    return h('section', { class: ['review-decision', it.lost && 'lost'], id: 'review-decision', 'aria-labelledby': 'decision-h' },
      h('h3', { id: 'decision-h' }, w.sentence(it.where)),
      h('p', { class: 'did' }, face(d.played), h('span', {}, t('review.did.sentence', { Did: w.sentence(it.did) }))),
      h('p', { class: 'captain' }, it.lost ? face(d.best) : null, h('span', {}, w.sentence(it.captain))),
      it.cost ? h('p', { class: 'cost' }, w.sentence(it.cost)) : null);
  }

  // drawStep lays the table out for the moment shown.
  function drawStep() {
    const box = document.getElementById('review-step');
    if (!box) return;
    const rp = st.replay;
    const w = words();
    const count = moments();
    if (!rp.tricks.length) { box.replaceChildren(h('p', {}, t('review.no_tricks'))); return; }
    const r = st.reviews[st.seat];
    const d = r ? r.decisions[st.choice] : null;
    const tr = rp.tricks[d ? stepOf(d) : st.choice];
    const sc = scene(tr, d);
    const seats = tr.hands.map((_, s) => s);
    const others = seats.filter((s) => s !== st.seat);
    const win = sc.complete ? tr.trick.winning : -1;
    // A trick not yet complete has the round's trick before it for
    // context: who won it, and what any pirate ability it gave became.
    const before = rp.tricks[rp.tricks.indexOf(tr) - 1];
    const last = !sc.complete && d && d.trick > 1 && before && before.round === tr.round ? before : null;
    box.replaceChildren(h('section', { class: 'review-trick', 'aria-labelledby': 'step-h' },
      h('div', { class: 'bar' },
        h('button', { type: 'button', id: 'review-prev', disabled: st.choice === 0, onclick: () => go(st.choice - 1), 'aria-label': t('review.prev.label') }, t('review.prev')),
        h('h2', { id: 'step-h' }, heading(tr, st.choice), h('span', { class: 'muted' }, ' ', t('review.step.count', { Number: st.choice + 1, Count: count }))),
        h('button', { type: 'button', id: 'review-next', disabled: st.choice === count - 1, onclick: () => go(st.choice + 1), 'aria-label': t('review.next.label') }, t('review.next'))),
      h('div', { class: 'review-table', id: 'review-table' },
        h('ul', { class: ['review-hands', 'review-others'], id: 'review-hands' }, others.map((s) => seatBox(w, tr, sc, s, d))),
        h('div', { class: 'review-middle' },
          h('ul', { class: ['trick', 'review-trick-cards'], id: 'review-trick', 'aria-label': t('review.trick.label') },
            sc.plays.length
              ? sc.plays.map((p, k) => h('li', { class: k === win && 'winning' },
                h('span', { class: 'who' }, capital(w.name(p.seat))),
                card(cardOf(p.card), { named: rp.named, as: p.as })))
              : h('li', { class: 'empty' }, t(d && d.trick === 0 ? 'review.trick.before' : 'review.trick.first'))),
          sc.complete && sc.plays.length ? h('p', { class: 'outcome', id: 'review-outcome' }, w.trick(tr.trick))
            : last ? h('p', { class: ['outcome', 'last'], id: 'review-last' }, t('review.trick.last', { Trick: w.trick(last.trick) })) : null,
          d ? decisionBox(d, st.choice, w) : null),
        st.seat >= 0 ? h('ul', { class: ['review-hands', 'review-me'] }, seatBox(w, tr, sc, st.seat, d)) : null)));
  }

  load();
  return () => {
    st.gone = true;
    clearTimeout(st.timer);
    document.removeEventListener('keydown', onKey);
  };
}
