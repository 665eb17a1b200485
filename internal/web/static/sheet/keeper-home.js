// The score keeper's home, the sheets on this phone, with the import of a
// sheet or a game record, and a new sheet: its players and rules.

import { h, toast } from '/assets/dom.js';
import { t, n, list } from '/assets/locale.js';
import { rulesInfo, rulesForm } from './keeper-rules.js';
import { SAY } from './keeper-say.js';
import { KEY_ROSTER, MAX_NAME, MAX_TITLE, readJSON, writeJSON, hex, entries, getEntry, putEntry, dropEntry, api, synced, sync } from './keeper-store.js';

// MAX_PLAYERS is the most players a sheet takes, as the server counts them.
const MAX_PLAYERS = 8;

export function home(page) {
  const { main } = page;
  const kept = Object.values(entries()).sort((a, b) => String(b.sheet.updated || b.key).localeCompare(String(a.sheet.updated || a.key)));
  const file = h('input', { type: 'file', id: 'import-file', accept: 'application/json,.json', class: 'sr-only',
    onchange: () => { const f = file.files[0]; file.value = ''; importRecord(page, f); } });
  main.append(
    h('h1', {}, t('keeper.home.title')),
    h('p', { class: 'muted' }, t('keeper.home.intro')),
    h('div', { class: 'row' },
      h('a', { class: ['button', 'primary', 'big'], href: '/sheet/new', 'data-nav': '', id: 'new-sheet' }, t('keeper.new.title')),
      h('a', { class: 'button', href: '/sheet/history', 'data-nav': '', id: 'open-history' }, t('keeper.history.title')),
      h('label', { class: 'button', for: 'import-file' }, t('keeper.home.import')), file),
    h('section', { class: 'panel', 'aria-labelledby': 'mine-h' },
      h('h2', { id: 'mine-h' }, t('keeper.home.mine')),
      kept.length ? h('ul', { class: 'sk-list' }, kept.map((e) => h('li', {},
        h('a', { href: '/sheet/' + e.key, 'data-nav': '' }, e.sheet.title || list(e.sheet.players)),
        h('span', { class: 'muted' }, [n('keeper.home.rounds', (e.sheet.rounds || []).length),
          e.sheet.score && e.sheet.score.over && t('keeper.home.finished'), e.dirty && t('keeper.home.unsynced')].filter(Boolean).join(' · ')))))
        : h('p', { class: 'muted' }, t('keeper.home.none'))));
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
      const box = h('section', { class: ['panel', 'sk-offline'], id: 'import-duplicate', role: 'alert' },
        h('p', {}, n('keeper.import.duplicate', had.rounds.length, { Title: had.title || list(had.players) })),
        h('div', { class: 'row' },
          h('a', { class: ['button', 'primary'], href: '/sheet/' + had.id, 'data-nav': '', id: 'import-open' }, t('keeper.import.open')),
          h('button', { type: 'button', id: 'import-both', onclick: () => importRecord(page, text, true) }, t('keeper.import.both'))));
      const old = document.getElementById('import-duplicate');
      if (old) old.replaceWith(box); else main.prepend(box);
      box.querySelector('#import-open').focus();
      return;
    }
    if (r.status !== 201) { toast((r.data && r.data.error) || t('keeper.import.refused'), 'error'); return; }
    putEntry(synced(r.data.id, r.data));
    navigate('/sheet/' + r.data.id);
  } catch {
    toast(t('keeper.import.offline'), 'error');
  }
}

export async function newSheet(page) {
  const { main, navigate } = page;
  const picked = [];
  let roster = readJSON(KEY_ROSTER, []);
  await rulesInfo();
  const title = h('input', { id: 'title', maxlength: MAX_TITLE, placeholder: t('keeper.new.title_example') });
  const nameIn = h('input', { id: 'player-name', maxlength: MAX_NAME, autocomplete: 'off', placeholder: t('keeper.new.name') });
  const chosen = h('ol', { class: 'sk-list', id: 'players' });
  const rosterBox = h('div', { class: 'sk-pick', id: 'roster' });
  const rules = rulesForm({});
  const err = h('p', { class: ['sk-check', 'bad'], role: 'alert' });
  const graybeard = h('p', { class: 'muted', id: 'graybeard-note', role: 'status' });

  const draw = () => {
    graybeard.textContent = picked.length === 2 ? SAY.graybeard() : '';
    chosen.replaceChildren(...picked.map((name, i) => h('li', {}, h('span', {}, `${i + 1}. ${name}`),
      h('span', { class: 'row' },
        i > 0 ? h('button', { type: 'button', 'aria-label': t('keeper.new.move_up', { Name: name }), onclick: () => { picked.splice(i - 1, 0, picked.splice(i, 1)[0]); draw(); } }, '↑') : null,
        h('button', { type: 'button', 'aria-label': t('keeper.new.remove', { Name: name }), onclick: () => { picked.splice(i, 1); draw(); } }, '✕')))));
    rosterBox.replaceChildren(...roster.map((p) => {
      const on = picked.some((x) => x.toLowerCase() === p.name.toLowerCase());
      return h('button', { type: 'button', class: 'sk-chip', 'aria-pressed': String(on),
        onclick: () => { if (on) picked.splice(picked.findIndex((x) => x.toLowerCase() === p.name.toLowerCase()), 1); else add(p.name); draw(); } }, p.name);
    }));
  };
  const add = (typed) => {
    const name = typed.trim();
    if (!name) return;
    if (picked.some((x) => x.toLowerCase() === name.toLowerCase())) { err.textContent = t('keeper.new.playing', { Name: name }); return; }
    if (picked.length >= MAX_PLAYERS) { err.textContent = n('keeper.new.most', MAX_PLAYERS); return; }
    err.textContent = '';
    picked.push(name);
  };
  api('GET', '/api/sheets/roster').then((r) => {
    if (r.status === 200) { roster = r.data.players; writeJSON(KEY_ROSTER, roster); draw(); }
  }).catch(() => {});

  const create = async (ev) => {
    ev.preventDefault();
    // Enter in the name field adds that player; it does not start the game.
    if (document.activeElement === nameIn && nameIn.value.trim()) { add(nameIn.value); nameIn.value = ''; draw(); return; }
    if (picked.length < 2) { err.textContent = n('keeper.new.fewest', 2); return; }
    const options = rules.read();
    if (!options) return;
    const key = 'local-' + hex(8);
    putEntry({ key, sheet: { version: 0, title: title.value.trim(), players: [...picked], options, rule_changes: [], rounds: [], score: null }, dirty: true });
    const e = await sync(key);
    if (e && e.error) { err.textContent = e.error; dropEntry(key); return; }
    navigate('/sheet/' + (e ? e.key : key), true);
  };

  main.append(h('h1', {}, t('keeper.new.title')),
    h('form', { onsubmit: create },
      h('section', { class: 'panel' },
        h('h2', {}, t('keeper.new.players')),
        h('p', { class: 'muted' }, t('keeper.new.players_help')),
        chosen, graybeard,
        h('div', { class: 'row' }, nameIn, h('button', { type: 'button', id: 'add-player', onclick: () => { add(nameIn.value); nameIn.value = ''; nameIn.focus(); draw(); } }, t('keeper.new.add'))),
        h('p', { class: 'muted' }, roster.length ? t('keeper.new.roster') : ''), rosterBox),
      h('section', { class: 'panel' }, h('label', { class: 'field', for: 'title' }, h('span', {}, t('keeper.title_field')), title)),
      h('section', { class: 'panel' }, h('h2', {}, t('keeper.new.rules')), rules.el),
      err,
      h('button', { type: 'submit', class: ['primary', 'big'], id: 'create' }, t('keeper.new.start'))));
  draw();
  nameIn.focus();
}
