// The rules page: its example cards are drawn with the table's art from
// the server's card catalogue, and its list of options (<section
// id="options">) is written from the server's option table, so the page
// names every option with its label, help, default and range exactly as
// the create form offers it — none is copied here. An option's key is the
// record's and the API's name for it, never a player's: the page shows
// the label alone.

import { h, capital } from './dom.js';
import { loadCatalog, allCards, optionList, valueLabel, standardLine } from './catalog.js';
import { card, installSprite } from './cards.js';

// The option table's groups, in the page's order, with their headings.
const GROUPS = [
  ['rules', 'Rules'], ['modules', 'Modules'], ['house', 'House rules'], ['pace', 'Pace'], ['chat', 'Chat'],
];

// byCode finds the catalogue card a data-card attribute names (the first
// copy of a face with several).
function byCode(code) {
  return allCards().find((c) => c.code === code || c.named_code === code);
}

function drawCards() {
  for (const el of document.querySelectorAll('[data-card]')) {
    const big = el.hasAttribute('data-big');
    el.replaceWith(card(byCode(el.dataset.card), { as: el.dataset.as, small: el.hasAttribute('data-small') || undefined, cls: big ? null : 'inline' }));
  }
  // In a list of cards, the words beside a card stay one block of text.
  for (const li of document.querySelectorAll('.cardlist li')) {
    const text = document.createElement('span');
    text.append(...[...li.childNodes].filter((n) => !(n.classList && n.classList.contains('card'))));
    li.append(text);
  }
}

// range says what values an option takes.
function range(o) {
  if (o.type === 'bool') return 'on or off';
  if (o.type === 'int') return `${o.min} to ${o.max}${o.step && o.step !== 1 ? `, in steps of ${o.step}` : ''}`;
  if (o.choices) return o.choices.map((c) => c.label).join(' · ');
  return '';
}

function drawOptions() {
  const box = document.getElementById('options');
  if (!box) return;
  const opts = optionList();
  const label = (key) => { const o = opts.find((x) => x.key === key); return o ? o.label : 'another option'; };
  const known = GROUPS.map((g) => g[0]);
  const groups = [...GROUPS, ...[...new Set(opts.map((o) => o.group))].filter((g) => !known.includes(g)).map((g) => [g, capital(g)])];
  for (const [g, title] of groups) {
    const list = opts.filter((o) => o.group === g);
    if (!list.length) continue;
    box.append(h('h3', {}, title), h('dl', { class: 'options', 'data-group': g }, list.map((o) => [
      h('dt', { id: 'option-' + o.key }, o.label),
      h('dd', {}, o.help,
        h('br'), h('span', { class: 'muted' }, `${standardLine(o)} Values: ${range(o)}.`,
          o.needs ? ` Only with ${label(o.needs.key)}: ${valueLabel(opts.find((x) => x.key === o.needs.key) || { type: typeof o.needs.value === 'boolean' ? 'bool' : '' }, o.needs.value)}.` : '')),
    ])));
  }
}

installSprite();
loadCatalog().then(() => { drawCards(); drawOptions(); }).catch(() => {
  const box = document.getElementById('options');
  if (box) box.append(h('p', { class: 'notice' }, 'The list of options could not be loaded: reload the page to try again.'));
});
