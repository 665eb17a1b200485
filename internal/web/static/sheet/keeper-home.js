// The score keeper's home, the sheets on this phone, with the import of a
// sheet or a game record, and a new sheet: its players and rules.

import { h, toast, plural, names } from '/assets/dom.js';
import { rulesInfo, rulesForm } from './keeper-rules.js';
import { SAY } from './keeper-say.js';
import { KEY_ROSTER, MAX_NAME, MAX_TITLE, readJSON, writeJSON, hex, entries, getEntry, putEntry, dropEntry, api, synced, sync } from './keeper-store.js';

export function home(page) {
  const { main } = page;
  const list = Object.values(entries()).sort((a, b) => String(b.sheet.updated || b.key).localeCompare(String(a.sheet.updated || a.key)));
  const file = h('input', { type: 'file', id: 'import-file', accept: 'application/json,.json', class: 'sr-only',
    onchange: () => { const f = file.files[0]; file.value = ''; importRecord(page, f); } });
  main.append(
    h('h1', {}, 'Keep score for a real game'),
    h('p', { class: 'muted' }, 'Pass one phone around the table: enter the bids, the tricks and what was captured; the points are worked out for you.'),
    h('div', { class: 'row' },
      h('a', { class: 'button primary big', href: '/sheet/new', 'data-nav': '', id: 'new-sheet' }, 'New score sheet'),
      h('a', { class: 'button', href: '/sheet/history', 'data-nav': '', id: 'open-history' }, 'History and statistics'),
      h('label', { class: 'button', for: 'import-file' }, 'Import a sheet or game record'), file),
    h('section', { class: 'panel', 'aria-labelledby': 'mine-h' },
      h('h2', { id: 'mine-h' }, 'Sheets on this phone'),
      list.length ? h('ul', { class: 'sk-list' }, list.map((e) => h('li', {},
        h('a', { href: '/sheet/' + e.key, 'data-nav': '' }, e.sheet.title || names(e.sheet.players)),
        h('span', { class: 'muted' }, plural((e.sheet.rounds || []).length, 'round'),
          e.sheet.score && e.sheet.score.over ? ' · finished' : '', e.dirty ? ' · not synced yet' : ''))))
        : h('p', { class: 'muted' }, 'None yet.')));
}

// importRecord imports a game record or an exported sheet. A game the book
// already holds is not imported again unasked: the keeper opens the sheet
// it has, or keeps both knowingly (the statistics count the game once).
async function importRecord(page, f, both = false) {
  const { main, navigate } = page;
  if (!f) return;
  const text = typeof f === 'string' ? f : await f.text();
  try {
    const r = await api('POST', '/api/sheets/import' + (both ? '?keep=both' : ''), text);
    if (r.status === 409 && r.data && r.data.code === 'duplicate' && r.data.sheet) {
      const had = r.data.sheet;
      if (!getEntry(had.id)) putEntry(synced(had.id, had));
      const box = h('section', { class: 'panel sk-offline', id: 'import-duplicate', role: 'alert' },
        h('p', {}, `This game is already kept here: ${had.title || names(had.players)}, ${plural(had.rounds.length, 'round')}.`),
        h('div', { class: 'row' },
          h('a', { class: 'button primary', href: '/sheet/' + had.id, 'data-nav': '', id: 'import-open' }, 'Open it'),
          h('button', { type: 'button', id: 'import-both', onclick: () => importRecord(page, text, true) }, 'Keep both (counted once)')));
      const old = document.getElementById('import-duplicate');
      if (old) old.replaceWith(box); else main.prepend(box);
      box.querySelector('#import-open').focus();
      return;
    }
    if (r.status !== 201) { toast((r.data && r.data.error) || 'The record was not accepted.', 'error'); return; }
    putEntry(synced(r.data.id, r.data));
    navigate('/sheet/' + r.data.id);
  } catch {
    toast('Importing needs the server: you are offline.', 'error');
  }
}

export async function newSheet(page) {
  const { main, navigate } = page;
  const picked = [];
  let roster = readJSON(KEY_ROSTER, []);
  await rulesInfo();
  const title = h('input', { id: 'title', maxlength: MAX_TITLE, placeholder: 'e.g. Friday at Ann\'s' });
  const nameIn = h('input', { id: 'player-name', maxlength: MAX_NAME, autocomplete: 'off', placeholder: 'Name' });
  const chosen = h('ol', { class: 'sk-list', id: 'players' });
  const rosterBox = h('div', { class: 'sk-pick', id: 'roster' });
  const rules = rulesForm({});
  const err = h('p', { class: 'sk-check bad', role: 'alert' });
  const graybeard = h('p', { class: 'muted', id: 'graybeard-note', role: 'status' });

  const draw = () => {
    graybeard.textContent = picked.length === 2 ? SAY.graybeard : '';
    chosen.replaceChildren(...picked.map((n, i) => h('li', {}, h('span', {}, `${i + 1}. ${n}`),
      h('span', { class: 'row' },
        i > 0 ? h('button', { type: 'button', 'aria-label': `Move ${n} up`, onclick: () => { picked.splice(i - 1, 0, picked.splice(i, 1)[0]); draw(); } }, '↑') : null,
        h('button', { type: 'button', 'aria-label': `Remove ${n}`, onclick: () => { picked.splice(i, 1); draw(); } }, '✕')))));
    rosterBox.replaceChildren(...roster.map((p) => {
      const on = picked.some((n) => n.toLowerCase() === p.name.toLowerCase());
      return h('button', { type: 'button', class: 'sk-chip', 'aria-pressed': String(on),
        onclick: () => { if (on) picked.splice(picked.findIndex((n) => n.toLowerCase() === p.name.toLowerCase()), 1); else add(p.name); draw(); } }, p.name);
    }));
  };
  const add = (n) => {
    n = n.trim();
    if (!n) return;
    if (picked.some((x) => x.toLowerCase() === n.toLowerCase())) { err.textContent = `${n} is already playing.`; return; }
    if (picked.length >= 8) { err.textContent = 'At most 8 players.'; return; }
    err.textContent = '';
    picked.push(n);
  };
  api('GET', '/api/sheets/roster').then((r) => {
    if (r.status === 200) { roster = r.data.players; writeJSON(KEY_ROSTER, roster); draw(); }
  }).catch(() => {});

  const create = async (ev) => {
    ev.preventDefault();
    // Enter in the name field adds that player; it does not start the game.
    if (document.activeElement === nameIn && nameIn.value.trim()) { add(nameIn.value); nameIn.value = ''; draw(); return; }
    if (picked.length < 2) { err.textContent = 'A game needs at least 2 players.'; return; }
    const options = rules.read();
    if (!options) return;
    const key = 'local-' + hex(8);
    putEntry({ key, sheet: { version: 0, title: title.value.trim(), players: [...picked], options, rule_changes: [], rounds: [], score: null }, dirty: true });
    const e = await sync(key);
    if (e && e.error) { err.textContent = e.error; dropEntry(key); return; }
    navigate('/sheet/' + (e ? e.key : key), true);
  };

  main.append(h('h1', {}, 'New score sheet'),
    h('form', { onsubmit: create },
      h('section', { class: 'panel' },
        h('h2', {}, 'Players, in seat order'),
        h('p', { class: 'muted' }, 'Clockwise from the player who leads the first round.'),
        chosen, graybeard,
        h('div', { class: 'row' }, nameIn, h('button', { type: 'button', id: 'add-player', onclick: () => { add(nameIn.value); nameIn.value = ''; nameIn.focus(); draw(); } }, 'Add')),
        h('p', { class: 'muted' }, roster.length ? 'Or tap players from earlier games:' : ''), rosterBox),
      h('section', { class: 'panel' }, h('label', { class: 'field', for: 'title' }, h('span', {}, 'Title (optional)'), title)),
      h('section', { class: 'panel' }, h('h2', {}, 'Rules'), rules.el),
      err,
      h('button', { type: 'submit', class: 'primary big', id: 'create' }, 'Start the game')));
  draw();
  nameIn.focus();
}
