// The lobby: your name, the one-click game against bots, the public
// tables, joining by link or code, and creating a table with every setting
// the server has (docs/protocol.md §2, POST /api/tables).

import { h, toast, plural } from './dom.js';
import { api, remember, serverInfo, botName, parseCode } from './api.js';

// The rule options, grouped as the create form shows them. Each says what
// it does in one line and what the standard rule is; only values that
// differ from the standard are sent (the server takes the rest as standard).
const HOUSE_RULES = [
  { key: 'points_per_trick', label: 'Points per trick bid', type: 'number', def: 20, expl: 'A made bid of 1 or more scores this many points per trick.' },
  { key: 'miss_penalty', label: 'Penalty per trick off', type: 'number', def: 10, expl: 'A missed bid loses this many points for each trick over or under.' },
  { key: 'zero_points', label: 'Zero bid value', type: 'number', def: 10, expl: 'A zero bid wins or loses this many points, times the scaling below.' },
  { key: 'zero_scaling', label: 'Zero bid scaling', type: 'select', def: 'cards',
    choices: [['cards', 'cards dealt'], ['round', 'round number (old sheets)'], ['flat', 'flat (×1)']],
    expl: 'What a zero bid is multiplied by. With 8 players the two differ.' },
  { key: 'keep_bonus_on_miss', label: 'Bonuses on a missed bid', type: 'bool', def: false, expl: 'Count bonus points even when the bid is missed.' },
  { key: 'bonuses', label: 'Bonus points', type: 'bool', def: true, expl: 'Off: only bids score, captures and 14s earn nothing.' },
  { key: 'bonus_fourteen', label: 'Colour 14 captured', type: 'number', def: 10, expl: 'For each green, yellow or purple 14 in a trick you win.' },
  { key: 'bonus_black_fourteen', label: 'Black 14 captured', type: 'number', def: 20, expl: 'For the black 14 in a trick you win.' },
  { key: 'bonus_pirate_mermaid', label: 'Mermaid taken by a Pirate', type: 'number', def: 20, expl: 'For each Mermaid your Pirate captures.' },
  { key: 'bonus_skull_king_pirate', label: 'Pirate taken by the Skull King', type: 'number', def: 30, expl: 'For each Pirate your Skull King captures.' },
  { key: 'bonus_mermaid_skull_king', label: 'Skull King taken by a Mermaid', type: 'number', def: 40, expl: 'When your Mermaid captures the Skull King (some old sheets say 50).' },
  { key: 'loot_bonus', label: 'Loot reward', type: 'number', def: 20, expl: 'For each ally of a Loot alliance when both make their bids.' },
  { key: 'kraken_lead', label: 'After the Kraken', type: 'select', def: 'would-have-won',
    choices: [['would-have-won', 'who would have won leads'], ['left-of-kraken', 'left of the Kraken leads (2021 first print)']],
    expl: 'Who leads the trick after the Kraken destroys one.' },
  { key: 'tiebreak', label: 'Tiebreak rounds', type: 'bool', def: true, expl: 'Play extra rounds while the top is tied. Off: a shared victory.' },
];

const MODULES = [
  { key: 'loot', label: 'Loot', expl: 'Two Loot cards: play as an Escape and ally with the winner for +20 each (never with 2 players).' },
  { key: 'kraken', label: 'Kraken', expl: 'Destroys the trick: nobody wins it.' },
  { key: 'white_whale', label: 'White Whale', expl: 'Specials lose their power: the highest number wins.' },
  { key: 'pirate_abilities', label: 'Pirate abilities', expl: 'Each named Pirate that wins a trick has a power: choose the leader, draw and discard, wager, change a bid.' },
];

const SCHEDULES = [
  ['standard', 'Standard: 10 rounds, 1 to 10 cards'],
  ['short', 'Short game: rounds 1 to N'],
  ['even-keeled', 'Even Keeled: 2, 4, 6, 8, 10 twice'],
  ['skip-to-the-brawl', 'Skip to the Brawl: 6 to 10 cards'],
  ['swift-n-salty', 'Swift-n-Salty: five rounds of 5'],
  ['broadside', 'Broadside: ten rounds of 10'],
  ['whirlpool', 'Whirlpool: 9, 7, 5, 3, 1 twice'],
  ['bedtime', 'Past Your Bedtime: one round of 1'],
];

const TIMERS = [[0, 'No turn timer'], [30, '30 seconds'], [60, '1 minute'], [120, '2 minutes'], [300, '5 minutes']];

function nickInput() {
  const input = h('input', { id: 'nick', name: 'nickname', maxlength: '24', autocomplete: 'nickname', value: remember.nick(), required: true,
    oninput: () => remember.setNick(input.value.trim()) });
  return input;
}

// needNick returns the nickname, or says what is missing and focuses the field.
function needNick() {
  const el = document.getElementById('nick');
  const n = (el ? el.value : remember.nick()).trim();
  if (!n) {
    toast('Choose a nickname first (up to 24 characters).', 'error');
    if (el) el.focus();
    return '';
  }
  remember.setNick(n);
  return n;
}

export function showLobby(root, navigate) {
  let alive = true;
  let refresh = 0;
  document.title = 'Skull King — lobby';
  const list = h('ul', { class: 'tables', id: 'public-tables', 'aria-live': 'polite' }, h('li', { class: 'muted' }, 'Loading…'));

  async function playNow(e) {
    const nick = needNick();
    if (!nick) return;
    e.target.disabled = true;
    const info = await serverInfo();
    const level = info.bots.includes('heuristic') ? 'heuristic' : info.bots[0];
    const r = await api('POST', '/api/tables', { nickname: nick,
      seats: [{ kind: 'open' }, { kind: 'bot', level }, { kind: 'bot', level }, { kind: 'bot', level }] });
    e.target.disabled = false;
    if (!r.ok) { toast(r.data.error, 'error'); return; }
    remember.setSeat(r.data.id, r.data.seat, r.data.token);
    // The table starts as soon as the host's connection is welcomed.
    sessionStorage.setItem('sk.autostart.' + r.data.id, '1');
    navigate('/t/' + r.data.id);
  }

  const code = h('input', { id: 'join-code', placeholder: 'k7qx2mpa9c or an invite link', 'aria-label': 'Invite link or table code' });
  function join(e) {
    e.preventDefault();
    const id = parseCode(code.value);
    if (!id) { toast('That is neither an invite link nor a table code.', 'error'); code.focus(); return; }
    navigate('/t/' + id);
  }

  async function loadTables() {
    const r = await api('GET', '/api/tables');
    if (!alive) return;
    const tables = r.ok ? r.data.tables : [];
    list.replaceChildren();
    if (!r.ok) list.append(h('li', { class: 'muted' }, r.data.error));
    else if (!tables.length) list.append(h('li', { class: 'muted' }, 'No public tables right now. Create one below, or play against bots.'));
    for (const t of tables) {
      const free = t.seats.filter((s) => s.kind === 'open').length;
      const status = t.status === 'lobby' ? 'waiting' : t.status === 'playing' ? 'playing' : 'over';
      list.append(h('li', {},
        h('div', {}, h('div', { class: 't-name' }, t.name || `Table ${t.id}`),
          h('div', { class: 'muted' }, `${free} of ${plural(t.seats.length, 'seat')} free · ${t.rules} · ${status}`)),
        h('a', { class: 'button', href: '/t/' + t.id, 'data-nav': '' }, free ? 'Join' : 'Watch')));
    }
  }

  root.append(
    h('h1', {}, 'Skull King'),
    // The score keeper is a page of its own (static/sheet/), for games played with real cards.
    h('p', {}, h('a', { href: '/sheet', id: 'keep-score' }, 'Keep score for a real game')),
    h('section', { class: 'panel', 'aria-labelledby': 'you-h' },
      h('h2', { id: 'you-h', class: 'sr-only' }, 'You'),
      h('div', { class: 'lobby-hero' },
        h('label', { class: 'field', for: 'nick' }, h('span', {}, 'Your nickname'), nickInput()),
        h('div', {}, h('button', { class: 'primary big', id: 'play-now', onclick: playNow }, 'Play now against bots'),
          h('div', { class: 'muted' }, 'Standard rules, 4 players: you and 3 bots.')))),
    h('div', { class: 'grid2' },
      h('section', { class: 'panel', 'aria-labelledby': 'join-h' },
        h('h2', { id: 'join-h' }, 'Join a table'),
        h('form', { class: 'row', onsubmit: join }, code, h('button', { type: 'submit' }, 'Join'))),
      h('section', { class: 'panel', 'aria-labelledby': 'pub-h' },
        h('h2', { id: 'pub-h' }, 'Public tables'), list)),
    createForm(navigate));
  loadTables();
  refresh = setInterval(loadTables, 5000);
  return () => { alive = false; clearInterval(refresh); };
}

function option(o) {
  const id = 'opt-' + o.key;
  let input;
  if (o.type === 'bool') input = h('input', { type: 'checkbox', id, name: o.key, checked: o.def });
  else if (o.type === 'select') input = h('select', { id, name: o.key }, o.choices.map(([v, t]) => h('option', { value: v, selected: v === o.def }, t)));
  else input = h('input', { type: 'number', id, name: o.key, min: '0', max: '1000', value: String(o.def) });
  const std = o.type === 'bool' ? (o.def ? 'on' : 'off') : o.type === 'select' ? o.choices.find((c) => c[0] === o.def)[1] : String(o.def);
  return h('div', { class: 'opt' }, input, h('label', { for: id }, o.label),
    h('span', { class: 'expl' }, `${o.expl} Standard: ${std}.`));
}

function createForm(navigate) {
  const seats = h('div', { id: 'seat-list' });
  const seatSel = []; // one select per seat after yours
  let levels = ['random', 'heuristic'];
  serverInfo().then((i) => { levels = i.bots; drawSeats(); });
  let kinds = ['bot:heuristic', 'bot:heuristic', 'bot:heuristic'];

  function drawSeats() {
    seats.replaceChildren(h('div', { class: 'seatrow' }, h('span', { class: 'who' }, 'Seat 1'), h('span', {}, 'You (host)')));
    seatSel.length = 0;
    kinds.forEach((k, i) => {
      const sel = h('select', { 'aria-label': `Seat ${i + 2}`, onchange: () => { kinds[i] = sel.value; } },
        h('option', { value: 'open', selected: k === 'open' }, 'Open for a person'),
        levels.map((l) => h('option', { value: 'bot:' + l, selected: k === 'bot:' + l }, 'Bot: ' + botName(l))));
      seatSel.push(sel);
      seats.append(h('div', { class: 'seatrow' }, h('span', { class: 'who' }, `Seat ${i + 2}`), sel,
        h('button', { type: 'button', 'aria-label': `Remove seat ${i + 2}`, disabled: kinds.length <= 1,
          onclick: () => { kinds.splice(i, 1); drawSeats(); } }, 'Remove')));
    });
    seats.append(h('div', { class: 'row' },
      h('button', { type: 'button', disabled: kinds.length >= 7, onclick: () => { kinds.push('open'); drawSeats(); } }, 'Add a seat'),
      h('span', { class: 'muted' }, `${kinds.length + 1} players (2 to 8). Two players play with Graybeard, the ghost.`)));
  }
  drawSeats();

  const schedule = h('select', { id: 'opt-schedule', name: 'schedule' }, SCHEDULES.map(([v, t]) => h('option', { value: v, selected: v === 'standard' }, t)));
  const rounds = h('input', { type: 'number', id: 'opt-rounds', min: '1', max: '10', value: '5', 'aria-label': 'Rounds of the short game' });
  const roundsBox = h('label', { class: 'row', hidden: true }, 'Rounds:', rounds);
  schedule.addEventListener('change', () => { roundsBox.hidden = schedule.value !== 'short'; });
  const rascal = h('input', { type: 'radio', name: 'scoring', id: 'scoring-rascal', value: 'rascal' });
  const standard = h('input', { type: 'radio', name: 'scoring', id: 'scoring-standard', value: 'standard', checked: true });
  const cannon = h('input', { type: 'checkbox', id: 'opt-cannon', name: 'cannon_load', disabled: true });
  for (const r of [rascal, standard]) r.addEventListener('change', () => { cannon.disabled = !rascal.checked; if (!rascal.checked) cannon.checked = false; });

  async function submit(e) {
    e.preventDefault();
    const nick = needNick();
    if (!nick) return;
    const form = e.target;
    const options = {};
    if (schedule.value === 'short') options.rounds = Number(rounds.value) || 5;
    else if (schedule.value !== 'standard') options.schedule = schedule.value;
    if (rascal.checked) { options.scoring = 'rascal'; if (cannon.checked) options.cannon_load = true; }
    for (const o of HOUSE_RULES) {
      const el = form.querySelector('#opt-' + o.key);
      const v = o.type === 'bool' ? el.checked : o.type === 'number' ? Number(el.value) : el.value;
      if (v !== o.def) options[o.key] = v;
    }
    for (const m of MODULES) if (form.querySelector('#opt-' + m.key).checked) options[m.key] = true;
    const body = {
      nickname: nick,
      seats: [{ kind: 'open' }, ...kinds.map((k) => (k === 'open' ? { kind: 'open' } : { kind: 'bot', level: k.slice(4) }))],
      settings: {
        name: form.querySelector('#t-name').value.trim(),
        options,
        turn_seconds: Number(form.querySelector('#t-timer').value),
        public: form.querySelector('#t-public').checked,
        spectators: form.querySelector('#t-spect').checked,
        standin: form.querySelector('#t-standin').value,
        auto_last: form.querySelector('#t-auto').checked,
      },
    };
    const r = await api('POST', '/api/tables', body);
    if (!r.ok) { toast(r.data.error, 'error'); return; }
    remember.setSeat(r.data.id, r.data.seat, r.data.token);
    navigate('/t/' + r.data.id);
  }

  const standin = h('select', { id: 't-standin' });
  serverInfo().then((i) => {
    standin.replaceChildren(...i.bots.map((l) => h('option', { value: l, selected: l === 'heuristic' }, botName(l))));
  });

  return h('section', { class: 'panel', 'aria-labelledby': 'create-h' },
    h('h2', { id: 'create-h' }, 'Create a table'),
    h('form', { id: 'create', onsubmit: submit },
      h('fieldset', {}, h('legend', {}, 'Players & bots'),
        h('label', { class: 'field' }, h('span', {}, 'Table name (optional)'), h('input', { id: 't-name', maxlength: '60' })),
        seats,
        h('div', { class: 'opt' }, h('input', { type: 'checkbox', id: 't-public' }), h('label', { for: 't-public' }, 'Public'),
          h('span', { class: 'expl' }, 'List the table in the lobby. Otherwise only the invite link or code leads to it. Standard: off.')),
        h('div', { class: 'opt' }, h('input', { type: 'checkbox', id: 't-spect', checked: true }), h('label', { for: 't-spect' }, 'Spectators'),
          h('span', { class: 'expl' }, 'Anyone with the link may watch (never seeing a hand). Standard: on.')),
        h('label', { class: 'field' }, h('span', {}, 'Stand-in bot for an absent player'), standin)),
      h('fieldset', {}, h('legend', {}, 'Rules'),
        h('label', { class: 'field' }, h('span', {}, 'Rounds'), schedule), roundsBox,
        h('div', { class: 'row', role: 'radiogroup', 'aria-label': 'Scoring' },
          standard, h('label', { for: 'scoring-standard' }, 'Standard scoring'),
          rascal, h('label', { for: 'scoring-rascal' }, "Rascal's scoring")),
        h('div', { class: 'opt' }, cannon, h('label', { for: 'opt-cannon' }, 'Cannon loads'),
          h('span', { class: 'expl' }, "With Rascal's scoring: choose Grapeshot or Cannonball in secret after bidding. Standard: off.")),
        h('details', {}, h('summary', {}, 'House rules'),
          h('p', { class: 'muted' }, 'Variations some tables play. Leave them alone for the rules of the rulebook.'),
          HOUSE_RULES.map(option))),
      h('fieldset', {}, h('legend', {}, 'Modules'),
        MODULES.map((m) => option({ key: m.key, label: m.label, type: 'bool', def: false, expl: m.expl }))),
      h('fieldset', {}, h('legend', {}, 'Pace'),
        h('label', { class: 'field' }, h('span', {}, 'Turn timer'),
          h('select', { id: 't-timer' }, TIMERS.map(([v, t]) => h('option', { value: String(v) }, t)))),
        h('p', { class: 'muted' }, 'When the time runs out, the stand-in bot decides that one move.'),
        h('div', { class: 'opt' }, h('input', { type: 'checkbox', id: 't-auto' }), h('label', { for: 't-auto' }, 'Auto-play a forced last card'),
          h('span', { class: 'expl' }, 'Play your last card for you when it is the only one you can play. Standard: off.'))),
      h('button', { type: 'submit', class: 'primary' }, 'Create the table')));
}
