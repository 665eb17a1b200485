// The lobby: your name, the one-click game against bots, the public
// tables, joining by link or code, and creating a table (docs/protocol.md
// §2, POST /api/tables). The create form is built from the server's option
// table (GET /api/options): every rule and pace setting with its label,
// help, range and default comes from there, so a new option shows up here
// without a change, and only the values that differ from the defaults are
// sent.

import { h, toast, plural } from './dom.js';
import { api, remember, serverInfo, botName, parseCode, nickLimit } from './api.js';
import { optionList, optionOf, standardLine, optionLabel, optionHelp, choiceLabel } from './catalog.js';

// The option table's groups, in the form's order; an option of a group the
// server adds later gets a fieldset of its own.
const GROUPS = [
  { group: 'rules', legend: 'Rules' },
  { group: 'house', legend: 'House rules', folded: true,
    note: 'Variations some tables play. Leave them alone for the rules of the rulebook.' },
  { group: 'modules', legend: 'Modules' },
  { group: 'pace', legend: 'Pace' },
  { group: 'chat', legend: 'Chat' },
];

function nickInput() {
  const input = h('input', { id: 'nick', name: 'nickname', autocomplete: 'nickname', value: remember.nick(), required: true });
  nickLimit(input); // before the name is remembered, so that it is remembered cut
  input.addEventListener('input', () => remember.setNick(input.value.trim()));
  return input;
}

// needNick returns the nickname, or says what is missing and focuses the field.
function needNick() {
  const el = document.getElementById('nick');
  const n = (el ? el.value : remember.nick()).trim();
  if (!n) {
    toast('Choose a nickname first.', 'error');
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

// optionField is one option's control, label and help, with its default
// from the option table.
function optionField(o) {
  const id = 'opt-' + o.key;
  let input;
  if (o.type === 'bool') {
    input = h('input', { type: 'checkbox', id, name: o.key, checked: o.default === true });
  } else if (o.type === 'int') {
    input = h('input', { type: 'number', id, name: o.key, min: o.min, max: o.max, step: o.step, value: String(o.default), inputmode: 'numeric' });
  } else if (o.choices && o.choices.length) {
    input = h('select', { id, name: o.key }, o.choices.map((c) => h('option', { value: c.value, selected: c.value === o.default }, choiceLabel(o, c))));
  } else {
    return null; // a kind of option this form cannot set: the server's default stands
  }
  const range = o.type === 'int' && o.min !== undefined && o.max !== undefined ? ` From ${o.min} to ${o.max}.` : '';
  const help = `${optionHelp(o)}${range} ${standardLine(o)}`;
  const helpId = id + '-help';
  // What is wrong with the value typed, said beside the field as it is
  // typed, so that a mistake is seen before the form is sent.
  const problem = h('span', { class: 'opt-error', id: id + '-error', role: 'alert', hidden: true });
  input.setAttribute('aria-describedby', `${helpId} ${problem.id}`);
  const box = o.type === 'bool'
    ? h('div', { class: 'opt', 'data-key': o.key }, input, h('label', { for: id }, optionLabel(o)), problem, h('span', { class: 'expl', id: helpId }, help))
    : h('div', { class: 'opt field-opt', 'data-key': o.key }, h('label', { for: id }, optionLabel(o)), input, problem,
      h('span', { class: 'expl', id: helpId }, help));
  return box;
}

// intProblem says, in a sentence naming the field, why a number typed for
// an option is not one it takes: the bounds are the option table's.
function intProblem(o, text) {
  const n = Number(text);
  const bounded = o.min !== undefined && o.max !== undefined;
  const want = bounded ? `a whole number from ${o.min} to ${o.max}` : 'a whole number';
  if (text.trim() === '') return `${optionLabel(o)} is empty: type ${want}.`;
  if (!Number.isInteger(n)) return `${optionLabel(o)} takes ${want}, not ${text.trim()}.`;
  if (o.min !== undefined && n < o.min) return `${optionLabel(o)} is at least ${o.min}${bounded ? ` (${o.min} to ${o.max})` : ''}.`;
  if (o.max !== undefined && n > o.max) return `${optionLabel(o)} is at most ${o.max}${bounded ? ` (${o.min} to ${o.max})` : ''}.`;
  return '';
}

// readOption is an option's value in the form, or an error sentence.
function readOption(form, o) {
  const el = form.querySelector('#opt-' + CSS.escape(o.key));
  if (!el) return { value: o.default };
  if (o.type === 'bool') return { value: el.checked };
  if (o.type === 'int') {
    const error = intProblem(o, el.value);
    if (error) return { error, el };
    return { value: Number(el.value) };
  }
  return { value: el.value };
}

// showProblem writes (or clears) an option's error beside its field.
function showProblem(form, o, error) {
  const el = form.querySelector('#opt-' + CSS.escape(o.key));
  const line = form.querySelector('#opt-' + CSS.escape(o.key) + '-error');
  if (!el || !line) return;
  line.textContent = error || '';
  line.hidden = !error;
  if (error) el.setAttribute('aria-invalid', 'true'); else el.removeAttribute('aria-invalid');
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

// seatProblem is the engine's refusal of a switch turned on at a table of
// this many players (Loot with two), as the option table reports it
// (refused): the rule is the server's, never restated here.
function seatProblem(form, o, players) {
  if (o.type !== 'bool' || !o.refused) return '';
  const r = readOption(form, o);
  if (r.value !== true) return '';
  const hit = o.refused.find((x) => x.players === players);
  return hit ? hit.why : '';
}

// applies tells whether an option matters with the form as it is: each
// option it needs has the value it needs (and matters itself).
function applies(form, o, depth = 0) {
  if (!o.needs) return true;
  const dep = optionOf(o.needs.key);
  if (!dep || depth > 8) return true;
  const r = readOption(form, dep);
  return applies(form, dep, depth + 1) && same(r.value, o.needs.value);
}

function createForm(navigate) {
  const seats = h('div', { id: 'seat-list' });
  let formEl = null; // the form, once built: drawSeats checks it again
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
    // The seats decide what the rules may be: the form says it again.
    showApplicable(formEl);
  }
  drawSeats();

  const opts = optionList();

  // Options that do not apply (a number of rounds under another schedule)
  // are hidden and not sent; the ones that do say what is wrong with them.
  // A switch the seats make the engine refuse (Loot with two players)
  // says why beside it, and the table cannot be created until the seats
  // or the switch change.
  function showApplicable(form) {
    if (!form) return;
    const players = kinds.length + 1;
    let blocked = false;
    for (const o of opts) {
      const box = form.querySelector(`.opt[data-key="${CSS.escape(o.key)}"]`);
      if (!box) continue;
      box.hidden = !applies(form, o);
      const seats = box.hidden ? '' : seatProblem(form, o, players);
      blocked = blocked || !!seats;
      showProblem(form, o, box.hidden ? '' : readOption(form, o).error || seats);
    }
    const create = form.querySelector('#create-table');
    if (create) create.disabled = blocked;
  }

  async function submit(e) {
    e.preventDefault();
    const nick = needNick();
    if (!nick) return;
    const form = e.target;
    showApplicable(form);
    if (form.querySelector('#create-table').disabled) return; // the seats refuse the rules: said beside the switch
    const settings = {
      name: form.querySelector('#t-name').value.trim(),
      options: {},
      public: form.querySelector('#t-public').checked,
      spectators: form.querySelector('#t-spect').checked,
      standin: form.querySelector('#t-standin').value,
    };
    for (const o of opts) {
      if (!applies(form, o)) continue;
      const r = readOption(form, o);
      if (r.error) {
        // The house rules may be folded away: the field is shown first.
        const fold = r.el.closest('details');
        if (fold) fold.open = true;
        r.el.focus();
        return;
      }
      if (same(r.value, o.default)) continue;
      if (o.in === 'settings') settings[o.key] = r.value; else settings.options[o.key] = r.value;
    }
    const body = {
      nickname: nick,
      seats: [{ kind: 'open' }, ...kinds.map((k) => (k === 'open' ? { kind: 'open' } : { kind: 'bot', level: k.slice(4) }))],
      settings,
    };
    refused.hidden = true;
    const r = await api('POST', '/api/tables', body);
    if (!r.ok) {
      // The server's refusal (rules that do not go together, say) stays
      // beside the button until the next try.
      refused.textContent = r.data.error;
      refused.hidden = false;
      return;
    }
    remember.setSeat(r.data.id, r.data.seat, r.data.token);
    navigate('/t/' + r.data.id);
  }
  const refused = h('p', { class: 'form-error', id: 'create-error', role: 'alert', hidden: true });

  const standin = h('select', { id: 't-standin' });
  serverInfo().then((i) => {
    standin.replaceChildren(...i.bots.map((l) => h('option', { value: l, selected: l === 'heuristic' }, botName(l))));
  });

  const section = h('section', { class: 'panel', 'aria-labelledby': 'create-h' },
    h('h2', { id: 'create-h' }, 'Create a table'),
    h('form', { id: 'create', novalidate: true, onsubmit: submit, onchange: (e) => showApplicable(e.currentTarget),
      oninput: (e) => showApplicable(e.currentTarget) },
      h('fieldset', {}, h('legend', {}, 'Players & bots'),
        h('label', { class: 'field' }, h('span', {}, 'Table name (optional)'), h('input', { id: 't-name', maxlength: '60' })),
        seats,
        h('div', { class: 'opt' }, h('input', { type: 'checkbox', id: 't-public' }), h('label', { for: 't-public' }, 'Public'),
          h('span', { class: 'expl' }, 'List the table in the lobby. Otherwise only the invite link or code leads to it. Standard: off.')),
        h('div', { class: 'opt' }, h('input', { type: 'checkbox', id: 't-spect', checked: true }), h('label', { for: 't-spect' }, 'Spectators'),
          h('span', { class: 'expl' }, 'Anyone with the link may watch (never seeing a hand). Standard: on.')),
        h('label', { class: 'field' }, h('span', {}, 'Stand-in bot for an absent player'), standin)),
      groups(opts),
      refused,
      h('button', { type: 'submit', class: 'primary', id: 'create-table' }, 'Create the table')));
  formEl = section.querySelector('form');
  showApplicable(formEl);
  return section;
}

// groups lays the options out by the option table's groups: the house
// rules folded away, since most tables play by the rulebook.
function groups(opts) {
  const known = GROUPS.map((g) => g.group);
  const extra = [...new Set(opts.map((o) => o.group).filter((g) => !known.includes(g)))].map((g) => ({ group: g, legend: g }));
  return [...GROUPS, ...extra].map((g) => {
    const fields = opts.filter((o) => o.group === g.group).map(optionField).filter(Boolean);
    if (!fields.length) return null;
    if (g.folded) {
      return h('fieldset', { 'data-group': g.group }, h('legend', {}, g.legend),
        h('details', { id: 'house-rules' }, h('summary', {}, `Show the ${g.legend.toLowerCase()}`),
          g.note ? h('p', { class: 'muted' }, g.note) : null, fields));
    }
    return h('fieldset', { 'data-group': g.group }, h('legend', {}, g.legend), fields);
  });
}
