// The rules page: its example cards are drawn with the table's art from
// the server's card catalogue, and its list of options (<section
// id="options">) is written from the server's option table, so the page
// names every option with its label, help, default and range exactly as
// the create form offers it — none is copied here. An option's key is the
// record's and the API's name for it, never a player's: the page shows
// the label alone. Its other words are the locale catalogue's (rules.*),
// filled in by translatePage (langmenu.js) or here.

import { h, capital } from './dom.js';
import { loadCatalog, allCards, optionList, valueLabel, standardLine, optionLabel, optionHelp, choiceLabel } from './catalog.js';
import { loadLocale, has, t } from './locale.js';
import { card, installSprite } from './cards.js';

// The option table's groups, in the page's order, each headed by the
// catalogue's rules.options.group.<group>.
const GROUPS = ['rules', 'modules', 'house', 'pace', 'chat'];

// byCode finds the catalogue card a data-card attribute names (the first
// copy of a face with several).
function byCode(code) {
  return allCards().find((c) => c.code === code || c.named_code === code);
}

// drawCards draws each card a data-card element names in its place; a
// card inside a sentence keeps the element's data-slot, so that the
// sentence places it in the reader's language whichever comes first.
function drawCards() {
  for (const el of document.querySelectorAll('[data-card]')) {
    const big = el.hasAttribute('data-big');
    const drawn = card(byCode(el.dataset.card), { as: el.dataset.as, small: el.hasAttribute('data-small') || undefined, cls: big ? null : 'inline' });
    if (el.dataset.slot) drawn.dataset.slot = el.dataset.slot;
    el.replaceWith(drawn);
  }
}

// range says what values an option takes.
function range(o) {
  if (o.type === 'bool') return t('rules.options.bool');
  if (o.type === 'int') return o.step && o.step !== 1 ? t('rules.options.range_step', { Min: o.min, Max: o.max, Step: o.step }) : t('rules.options.range', { Min: o.min, Max: o.max });
  if (o.choices) return o.choices.map((c) => choiceLabel(o, c)).join(' · ');
  return '';
}

function drawOptions() {
  const box = document.getElementById('options');
  if (!box) return;
  const opts = optionList();
  const label = (key) => { const o = opts.find((x) => x.key === key); return o ? optionLabel(o) : t('rules.options.another'); };
  // A group the page does not know yet is headed by its key, capitalised.
  const title = (g) => (has(`rules.options.group.${g}`) ? t(`rules.options.group.${g}`) : capital(g));
  const groups = [...GROUPS, ...new Set(opts.map((o) => o.group).filter((g) => !GROUPS.includes(g)))];
  for (const g of groups) {
    const list = opts.filter((o) => o.group === g);
    if (!list.length) continue;
    box.append(h('h3', {}, title(g)), h('dl', { class: 'options', 'data-group': g }, list.map((o) => [
      h('dt', { id: 'option-' + o.key }, optionLabel(o)),
      h('dd', {}, optionHelp(o),
        h('br'), h('span', { class: 'muted' }, standardLine(o), ' ', t('rules.options.values', { Values: range(o) }),
          o.needs ? [' ', t('rules.options.needs', { Option: label(o.needs.key), Value: valueLabel(opts.find((x) => x.key === o.needs.key) || { type: typeof o.needs.value === 'boolean' ? 'bool' : '' }, o.needs.value) })] : '')),
    ])));
  }
}

installSprite();
// The cards' names and the options' words are the locale catalogue's: the
// page draws them once it has it (without it, they show as their ids).
const words = loadLocale().catch(() => {});
loadCatalog().then(() => words).then(() => { drawCards(); drawOptions(); }).catch(() => words.then(() => {
  const box = document.getElementById('options');
  if (box) box.append(h('p', { class: 'notice' }, t('rules.options.unavailable')));
}));
