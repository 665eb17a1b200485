// The lobby: your name, the one-click game against bots, the public
// tables, joining by link or code, and creating a table (docs/protocol.md
// §2, POST /api/tables). The create form is built from the server's option
// table (GET /api/options): every rule and pace setting with its label,
// help, range and default comes from there, so a new option shows up here
// without a change, and only the values that differ from the defaults are
// sent. Every word of it is the catalogue's (lobby.*), the server's
// refusals included (problem.js).

import { h, toast } from './dom.js';
import { api, remember, serverInfo, botName, parseCode, nickLimit, refusal } from './api.js';
import { optionList, optionOf, standardLine, optionLabel, optionHelp, choiceLabel, rulesSummary } from './catalog.js';
import { t, n, has } from './locale.js';
import { problemText } from './problem.js';
import { createLocal, localGames, downloadRecord, sendForReview, forget } from './local.js';

// The option table's groups, in the form's order, named as the rules page
// names them (rules.options.group.*); an option of a group the server adds
// later gets a fieldset of its own.
const GROUPS = [
  { group: 'rules' },
  { group: 'house', folded: true },
  { group: 'modules' },
  { group: 'pace' },
  { group: 'chat' },
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
    toast(t('lobby.nick.missing'), 'error');
    if (el) el.focus();
    return '';
  }
  remember.setNick(n);
  return n;
}

export function showLobby(root, navigate) {
  let alive = true;
  let refresh = 0;
  document.title = t('lobby.title');
  const list = h('ul', { class: 'tables', id: 'public-tables', 'aria-live': 'polite' }, h('li', { class: 'muted' }, t('lobby.loading')));

  async function playNow(e) {
    const nick = needNick();
    if (!nick) return;
    e.target.disabled = true;
    const info = await serverInfo();
    const level = info.bots.includes('heuristic') ? 'heuristic' : info.bots[0];
    const body = { nickname: nick, seats: [{ kind: 'open' }, { kind: 'bot', level }, { kind: 'bot', level }, { kind: 'bot', level }] };
    let r = await api('POST', '/api/tables', body);
    // With no server in reach, the game is played on this device.
    const here = r.status === 0;
    if (here) r = await createLocal(body).catch(() => r);
    e.target.disabled = false;
    if (!r.ok) { toast(refusal(r), 'error'); return; }
    remember.setSeat(r.data.id, r.data.seat, r.data.token);
    // The table starts as soon as the host's connection is welcomed.
    sessionStorage.setItem('sk.autostart.' + r.data.id, '1');
    navigate((here ? '/play/' : '/t/') + r.data.id);
  }

  const code = h('input', { id: 'join-code', placeholder: t('lobby.join.placeholder'), 'aria-label': t('lobby.join.label') });
  function join(e) {
    e.preventDefault();
    const id = parseCode(code.value);
    if (!id) { toast(t('lobby.join.bad'), 'error'); code.focus(); return; }
    navigate('/t/' + id);
  }

  async function loadTables() {
    const r = await api('GET', '/api/tables');
    if (!alive) return;
    const tables = r.ok ? r.data.tables : [];
    list.replaceChildren();
    if (!r.ok) list.append(h('li', { class: 'muted' }, refusal(r)));
    else if (!tables.length) list.append(h('li', { class: 'muted' }, t('lobby.tables.none')));
    for (const tb of tables) {
      const free = tb.seats.filter((s) => s.kind === 'open').length;
      const status = t(`lobby.status.${tb.status === 'lobby' || tb.status === 'playing' ? tb.status : 'over'}`);
      list.append(h('li', {},
        h('div', {}, h('div', { class: 't-name' }, tb.name || t('lobby.table.code', { Code: tb.id })),
          h('div', { class: 'muted' }, n('lobby.table.line', tb.seats.length, { Free: free, Rules: rulesSummary(tb.options), Status: status }))),
        h('a', { class: 'button', href: '/t/' + tb.id, 'data-nav': '' }, t(free ? 'lobby.table.join' : 'lobby.table.watch'))));
    }
  }

  root.append(
    h('h1', {}, t('lobby.heading')),
    // The score keeper is a page of its own (static/sheet/), for games played with real cards.
    h('p', {}, h('a', { href: '/sheet', id: 'keep-score' }, t('lobby.keep_score'))),
    h('section', { class: 'panel', 'aria-labelledby': 'you-h' },
      h('h2', { id: 'you-h', class: 'sr-only' }, t('lobby.you')),
      h('div', { class: 'lobby-hero' },
        h('label', { class: 'field', for: 'nick' }, h('span', {}, t('lobby.nick.label')), nickInput()),
        h('div', {}, h('button', { class: ['primary', 'big'], id: 'play-now', onclick: playNow }, t('lobby.play_now')),
          h('div', { class: 'muted' }, t('lobby.play_now.help'))))),
    h('div', { class: 'grid2' },
      h('section', { class: 'panel', 'aria-labelledby': 'join-h' },
        h('h2', { id: 'join-h' }, t('lobby.join.heading')),
        h('form', { class: 'row', onsubmit: join }, code, h('button', { type: 'submit' }, t('lobby.join.button')))),
      h('section', { class: 'panel', 'aria-labelledby': 'pub-h' },
        h('h2', { id: 'pub-h' }, t('lobby.tables.heading')), list)),
    deviceGames(navigate),
    createForm(navigate));
  loadTables();
  refresh = setInterval(loadTables, 5000);
  return () => { alive = false; clearInterval(refresh); };
}

// deviceGames lists the games kept on this device (local.js): one not
// over to go on with, a finished one to open, download, send for the
// captain's review, or forget. Nothing is shown while there are none.
function deviceGames(navigate) {
  const section = h('section', { class: 'panel', id: 'device-games', 'aria-labelledby': 'device-h' });
  function draw() {
    const games = localGames();
    section.hidden = !games.length;
    const when = (g) => new Date(g.at).toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' });
    section.replaceChildren(h('h2', { id: 'device-h' }, t('lobby.local.heading')),
      h('ul', { class: 'tables' }, games.map((g) => h('li', { 'data-id': g.id },
        h('div', {}, h('div', { class: 't-name' }, t(g.over ? 'lobby.local.over' : 'lobby.local.playing', { When: when(g) }))),
        h('div', { class: 'row' },
          h('a', { class: 'button', href: '/play/' + g.id, 'data-nav': '' }, t(g.over ? 'lobby.local.open' : 'lobby.local.continue')),
          g.record ? h('button', { type: 'button', onclick: () => downloadRecord(g.id) }, t('table.record')) : null,
          g.record ? h('button', { type: 'button', class: 'send-review', onclick: async (e) => {
            e.target.disabled = true;
            const r = await sendForReview(g.id);
            e.target.disabled = false;
            if (!r.ok) { toast(refusal(r), 'error'); return; }
            navigate(`/t/${r.data.id}/review`);
          } }, t('table.local.review')) : null,
          h('button', { type: 'button', class: 'forget', onclick: () => { forget(g.id); draw(); } }, t('lobby.local.forget')))))));
  }
  draw();
  return section;
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
  // Whole sentences, each the catalogue's, one after the other.
  const range = o.type === 'int' && o.min !== undefined && o.max !== undefined ? t('lobby.option.range', { Min: o.min, Max: o.max }) : '';
  const help = [optionHelp(o), range, standardLine(o)].filter(Boolean).flatMap((s, i) => (i ? [' ', s] : [s]));
  const helpId = id + '-help';
  // What is wrong with the value typed, said beside the field as it is
  // typed, so that a mistake is seen before the form is sent.
  const problem = h('span', { class: 'opt-error', id: id + '-error', role: 'alert', hidden: true });
  input.setAttribute('aria-describedby', `${helpId} ${problem.id}`);
  const box = o.type === 'bool'
    ? h('div', { class: 'opt', 'data-key': o.key }, input, h('label', { for: id }, optionLabel(o)), problem, h('span', { class: 'expl', id: helpId }, ...help))
    : h('div', { class: ['opt', 'field-opt'], 'data-key': o.key }, h('label', { for: id }, optionLabel(o)), input, problem,
      h('span', { class: 'expl', id: helpId }, ...help));
  return box;
}

// intProblem says, in a sentence naming the field, why a number typed for
// an option is not one it takes: the bounds are the option table's. Each
// problem has a sentence with the bounds and one without.
function intProblem(o, text) {
  const v = Number(text);
  const bounded = o.min !== undefined && o.max !== undefined;
  const say = (id) => t(bounded ? `${id}.bounded` : id, { Option: optionLabel(o), Min: o.min, Max: o.max, Text: text.trim() });
  if (text.trim() === '') return say('lobby.int.empty');
  if (!Number.isInteger(v)) return say('lobby.int.not_whole');
  if (o.min !== undefined && v < o.min) return say('lobby.int.low');
  if (o.max !== undefined && v > o.max) return say('lobby.int.high');
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
  return hit ? problemText(hit.problem) : '';
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
  // A seat's choice in the form: 'open', or a bot's kind and level.
  const botKind = (level) => `bot:${level}`;
  let kinds = [botKind('heuristic'), botKind('heuristic'), botKind('heuristic')];

  function drawSeats() {
    seats.replaceChildren(h('div', { class: 'seatrow' }, h('span', { class: 'who' }, t('lobby.seat.number', { Number: 1 })),
      h('span', {}, t('lobby.seat.host'))));
    seatSel.length = 0;
    kinds.forEach((k, i) => {
      const number = t('lobby.seat.number', { Number: i + 2 });
      const sel = h('select', { 'aria-label': number, onchange: () => { kinds[i] = sel.value; } },
        h('option', { value: 'open', selected: k === 'open' }, t('lobby.seat.open')),
        levels.map((l) => h('option', { value: botKind(l), selected: k === botKind(l) }, t('lobby.seat.bot', { Level: botName(l) }))));
      seatSel.push(sel);
      seats.append(h('div', { class: 'seatrow' }, h('span', { class: 'who' }, number), sel,
        h('button', { type: 'button', 'aria-label': t('lobby.seat.remove.label', { Number: i + 2 }), disabled: kinds.length <= 1,
          onclick: () => { kinds.splice(i, 1); drawSeats(); } }, t('lobby.seat.remove'))));
    });
    seats.append(h('div', { class: 'row' },
      h('button', { type: 'button', disabled: kinds.length >= 7, onclick: () => { kinds.push('open'); drawSeats(); } }, t('lobby.seat.add')),
      h('span', { class: 'muted' }, n('lobby.seat.count', kinds.length + 1))));
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
    for (const b of form.querySelectorAll('#create-table, #create-local')) b.disabled = blocked;
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
    // "Play here": the table runs on this device (local.js), every other
    // seat a bot, and starts at once.
    const here = e.submitter && e.submitter.id === 'create-local';
    if (here && kinds.some((k) => k === 'open')) {
      refused.textContent = t('lobby.local.bots_only');
      refused.hidden = false;
      return;
    }
    const r = here ? await createLocal(body) : await api('POST', '/api/tables', body);
    if (!r.ok) {
      // The server's refusal (rules that do not go together, say) stays
      // beside the button until the next try.
      refused.textContent = refusal(r);
      refused.hidden = false;
      return;
    }
    remember.setSeat(r.data.id, r.data.seat, r.data.token);
    if (here) {
      sessionStorage.setItem('sk.autostart.' + r.data.id, '1');
      navigate('/play/' + r.data.id);
      return;
    }
    navigate('/t/' + r.data.id);
  }
  const refused = h('p', { class: 'form-error', id: 'create-error', role: 'alert', hidden: true });

  const standin = h('select', { id: 't-standin' });
  serverInfo().then((i) => {
    standin.replaceChildren(...i.bots.map((l) => h('option', { value: l, selected: l === 'heuristic' }, botName(l))));
  });

  const section = h('section', { class: 'panel', 'aria-labelledby': 'create-h' },
    h('h2', { id: 'create-h' }, t('lobby.create.heading')),
    h('form', { id: 'create', novalidate: true, onsubmit: submit, onchange: (e) => showApplicable(e.currentTarget),
      oninput: (e) => showApplicable(e.currentTarget) },
      h('fieldset', {}, h('legend', {}, t('lobby.create.players')),
        h('label', { class: 'field' }, h('span', {}, t('lobby.create.name')), h('input', { id: 't-name', maxlength: '60' })),
        seats,
        h('div', { class: 'opt' }, h('input', { type: 'checkbox', id: 't-public' }), h('label', { for: 't-public' }, t('lobby.create.public')),
          h('span', { class: 'expl' }, t('lobby.create.public.help'))),
        h('div', { class: 'opt' }, h('input', { type: 'checkbox', id: 't-spect', checked: true }), h('label', { for: 't-spect' }, t('lobby.create.spectators')),
          h('span', { class: 'expl' }, t('lobby.create.spectators.help'))),
        h('label', { class: 'field' }, h('span', {}, t('lobby.create.standin')), standin)),
      groups(opts),
      refused,
      h('div', { class: 'row' },
        h('button', { type: 'submit', class: 'primary', id: 'create-table' }, t('lobby.create.submit')),
        h('button', { type: 'submit', id: 'create-local', 'aria-describedby': 'create-local-help' }, t('lobby.local.create'))),
      h('p', { class: 'muted', id: 'create-local-help' }, t('lobby.local.help'))));
  formEl = section.querySelector('form');
  showApplicable(formEl);
  return section;
}

// groups lays the options out by the option table's groups: the house
// rules folded away, since most tables play by the rulebook.
function groups(opts) {
  const known = GROUPS.map((g) => g.group);
  const extra = [...new Set(opts.map((o) => o.group).filter((g) => !known.includes(g)))].map((g) => ({ group: g }));
  // A group the catalogue does not name yet (a later server's) shows its key.
  const legend = (g) => (has(`rules.options.group.${g.group}`) ? t(`rules.options.group.${g.group}`) : g.group);
  return [...GROUPS, ...extra].map((g) => {
    const fields = opts.filter((o) => o.group === g.group).map(optionField).filter(Boolean);
    if (!fields.length) return null;
    if (g.folded) {
      return h('fieldset', { 'data-group': g.group }, h('legend', {}, legend(g)),
        h('details', { id: 'house-rules' }, h('summary', {}, t(`lobby.group.${g.group}.show`)),
          h('p', { class: 'muted' }, t(`lobby.group.${g.group}.note`)), fields));
    }
    return h('fieldset', { 'data-group': g.group }, h('legend', {}, legend(g)), fields);
  });
}
