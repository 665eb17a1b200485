// The review page of a finished table (/t/{id}/review): the game trick by
// trick with every hand shown, and one seat's decisions as the captain (the
// expert bot) judged them. The server sends both: the replay (every trick
// with the hands, built by the engine from the record) and the review
// (every seat's decisions, the captain's choice and the expected points
// each gave up), so the page works out no rule. It shows the viewer's own
// seat when this browser holds its token, and offers a seat picker
// otherwise (docs/protocol.md, "GET /api/tables/{id}/review"). The review
// judges the player: a decision a stand-in bot, the timer or automatic play
// made for the seat (its "by") is shown in a list of its own, and is in
// neither the total nor the costliest.

import { h, announce, capital } from './dom.js';
import { api, remember } from './api.js';
import { card } from './cards.js';
import { cardOf } from './catalog.js';
import { Words, list } from './words.js';

// points writes expected points to a tenth: "12.5", "3".
function points(x) {
  const r = Math.round(x * 10) / 10;
  return String(r).replace('-', '−');
}

// madeFor is who may decide for a seat (a decision's "by"), in the order
// their lists are shown, with each list's heading for the seat's name.
const madeFor = [
  { by: 'bot', heading: (name) => `Played for ${name} while away` },
  { by: 'timer', heading: () => 'By the timer' },
  { by: 'auto', heading: () => 'Played automatically' },
];

// sameAction tells whether two protocol actions are the same decision.
function sameAction(a, b) {
  return a.kind === b.kind && (a.card ?? -1) === (b.card ?? -1) && (a.card2 ?? -1) === (b.card2 ?? -1) &&
    (a.as || '') === (b.as || '') && (a.value ?? 0) === (b.value ?? 0);
}

export function openReview(root, id, navigate) {
  const st = { gone: false, timer: 0, replay: null, reviews: null, seat: -1, step: 0, own: -1 };
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
    const res = await fetch(`/api/tables/${id}/review`).catch(() => null);
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
    draw();
  }

  function onKey(e) {
    if (!st.replay || e.target.closest('input, select, textarea')) return;
    if (e.key === 'ArrowRight') { go(st.step + 1); e.preventDefault(); }
    if (e.key === 'ArrowLeft') { go(st.step - 1); e.preventDefault(); }
  }
  document.addEventListener('keydown', onKey);

  function go(step) {
    const n = st.replay.tricks.length;
    if (step < 0 || step >= n || step === st.step) return;
    st.step = step;
    drawStep();
    const t = st.replay.tricks[step];
    announce(`Round ${t.round}, trick ${t.number}.`);
  }

  // words is the renderer for the seat reviewed: "you" for one's own seat.
  function words() {
    const rp = st.replay;
    const ghost = rp.tricks.length && rp.tricks[0].hands.length > rp.players.length ? rp.players.length : 0;
    const names = ghost ? [...rp.players, 'Graybeard'] : rp.players;
    return new Words(names, st.seat === st.own ? st.own : -1, rp.named, ghost);
  }

  // sentence says one decision: what the seat did, what the captain would
  // do, and the expected points it gave up.
  function sentence(w, d) {
    const who = capital(w.name(st.seat));
    const act = `chose to ${w.action(d.played)}`;
    const did = d.by === 'bot' ? `A bot standing in for ${w.name(st.seat)} ${act}`
      : d.by === 'timer' ? `When the time ran out, the game ${act}`
        : d.by ? `The game ${act}` : `${who} ${act}`;
    if (d.choices <= 1) return `${did}: the only choice.`;
    if (d.loss <= 0.05 || sameAction(d.played, d.best)) {
      return sameAction(d.played, d.best) ? `${did}, as the captain would.` : `${did}, as good as the captain's ${w.action(d.best)}.`;
    }
    return `${did}; the captain would ${w.action(d.best)}: −${points(d.loss)} expected points.`;
  }

  function where(d) {
    return d.trick > 0 ? `Round ${d.round}, trick ${d.trick}` : `Round ${d.round}, before the first trick`;
  }

  // stepOf is the step showing decision d: its trick, or the round's
  // first trick for a bid or a cannon load.
  function stepOf(d) {
    const i = st.replay.tricks.findIndex((t) => t.round === d.round && t.number === Math.max(1, d.trick));
    return i < 0 ? 0 : i;
  }

  function decisionItem(w, d, i) {
    return h('li', { class: ['decision-item', d.loss > 0.05 && 'lost'], 'data-index': String(i) },
      h('button', { type: 'button', class: 'linkish', onclick: () => go(stepOf(d)) }, where(d)), ': ', sentence(w, d));
  }

  function picker() {
    const sel = h('select', { id: 'review-seat', onchange: () => { st.seat = Number(sel.value); draw(); } },
      st.seat < 0 ? h('option', { value: '-1', selected: true }, 'Choose a seat') : null,
      st.reviews.map((r) => h('option', { value: String(r.seat), selected: r.seat === st.seat },
        r.seat === st.own ? `${r.name} (you)` : r.name)));
    return h('label', { class: 'field', for: 'review-seat' }, h('span', {}, 'Whose decisions'), sel);
  }

  function draw() {
    const w = words();
    const r = st.reviews[st.seat];
    const kids = [h('h1', { id: 'review-h' }, "The captain's review"),
      h('p', { class: 'muted' }, 'Every hand is shown. The captain, the expert bot, judges each decision from what the seat knew then, and says the expected points a different choice would have kept.'),
      picker()];
    // Only the player's own decisions (no "by") are judged against them;
    // the server's total_loss already leaves the others out.
    const all = r ? r.decisions.map((d, i) => ({ d, i })) : [];
    const own = all.filter((x) => !x.d.by);
    const apart = all.length - own.length;
    if (r) {
      const costly = own.filter((x) => x.d.loss > 0.05)
        .sort((a, b) => b.d.loss - a.d.loss).slice(0, 3);
      const whose = st.seat === st.own ? 'Your' : `${r.name}'s`;
      const rest = apart === 0 ? ''
        : ` ${apart === 1 ? 'One decision' : `${apart} decisions`} made for ${w.name(st.seat)} ${apart === 1 ? 'is' : 'are'} listed apart and not counted.`;
      kids.push(h('p', { class: 'review-total', id: 'review-total' },
        `${whose} decisions gave up ${points(r.total_loss)} expected points in all, over ${own.length} decisions.${rest}`));
      kids.push(h('h2', {}, 'The costliest'),
        costly.length
          ? h('ol', { id: 'review-costliest', class: 'review-list' }, costly.map((x) => decisionItem(w, x.d, x.i)))
          : h('p', { id: 'review-costliest' }, 'Not one decision gave up a point: the captain agrees with them all.'));
    }
    kids.push(h('div', { id: 'review-step' }));
    if (r) {
      kids.push(h('h2', {}, 'Every decision'),
        h('ol', { id: 'review-decisions', class: 'review-list' }, own.map((x) => decisionItem(w, x.d, x.i))));
      // A decider the page does not know yet still gets a list apart,
      // never a place among the player's own.
      const known = new Set(madeFor.map((m) => m.by));
      const groups = [...madeFor, ...[...new Set(all.map((x) => x.d.by).filter((b) => b && !known.has(b)))]
        .map((by) => ({ by, heading: (name) => `Decided for ${name} (${by})` }))];
      for (const m of groups) {
        const these = all.filter((x) => x.d.by === m.by);
        if (!these.length) continue;
        kids.push(h('h2', {}, m.heading(w.name(st.seat))),
          h('ol', { class: 'review-list review-by', 'data-by': m.by }, these.map((x) => decisionItem(w, x.d, x.i))));
      }
    }
    kids.push(h('div', { class: 'row' },
      h('a', { class: 'button', href: `/t/${id}`, 'data-nav': '' }, 'Back to the table'),
      h('a', { class: 'button', href: '/', 'data-nav': '' }, 'Back to the lobby')));
    page.replaceChildren(...kids);
    drawStep();
  }

  // drawStep shows the trick of the current step: the bids, every hand as
  // it was when its seat played, the cards played, who won and why, and
  // the reviewed seat's decisions in it.
  function drawStep() {
    const box = document.getElementById('review-step');
    if (!box) return;
    const rp = st.replay;
    const w = words();
    const n = rp.tricks.length;
    if (!n) { box.replaceChildren(h('p', {}, 'No trick was played.')); return; }
    const t = rp.tricks[st.step];
    const played = new Map(t.trick.plays.map((p) => [p.seat, p]));
    const r = st.reviews[st.seat];
    const mine = r ? r.decisions.filter((d) => d.round === t.round && (d.trick === t.number || (d.trick === 0 && t.number === 1))) : [];
    const bids = t.bids.length ? `Bids: ${list(t.bids.map((b, s) => `${w.name(s)} ${b}`))}.` : '';
    box.replaceChildren(h('section', { class: 'review-trick', 'aria-labelledby': 'step-h' },
      h('div', { class: 'bar' },
        h('button', { type: 'button', id: 'review-prev', disabled: st.step === 0, onclick: () => go(st.step - 1), 'aria-label': 'Previous trick' }, '← Previous'),
        h('h2', { id: 'step-h' }, `Round ${t.round}, trick ${t.number}`, h('span', { class: 'muted' }, ` (${st.step + 1} of ${n})`)),
        h('button', { type: 'button', id: 'review-next', disabled: st.step === n - 1, onclick: () => go(st.step + 1), 'aria-label': 'Next trick' }, 'Next →')),
      bids ? h('p', { class: 'muted', id: 'review-bids' }, bids) : null,
      h('ul', { class: 'review-hands', id: 'review-hands' }, t.hands.map((hand, s) => h('li', { class: ['review-hand', s === st.seat && 'reviewed'], 'data-seat': String(s) },
        h('strong', {}, capital(w.name(s))),
        played.has(s) ? h('span', { class: 'muted' }, ` ${w.verb(s, 'play', 'plays')} ${w.playPhrase(played.get(s))}`) : null,
        h('div', { class: 'review-cards' }, hand.length
          ? hand.map((c) => card(cardOf(c.card), { small: true, named: rp.named, cls: played.has(s) && played.get(s).card === c.card ? 'played' : '' }))
          : h('span', { class: 'muted' }, 'flips the top card of his pile'))))),
      h('p', { class: 'outcome', id: 'review-outcome' }, w.trick(t.trick)),
      mine.length ? h('ul', { class: 'review-mine', id: 'review-mine' }, mine.map((d) => h('li', { class: d.loss > 0.05 ? 'lost' : '' }, sentence(w, d)))) : null));
  }

  load();
  return () => {
    st.gone = true;
    clearTimeout(st.timer);
    document.removeEventListener('keydown', onKey);
  };
}
