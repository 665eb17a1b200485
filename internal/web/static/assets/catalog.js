// What the server knows and the client must not keep a copy of: the card
// catalogue (GET /api/cards: every card's kind, suit, rank and Pirate) and
// the option table (GET /api/options: every rule and pace setting with its
// type, default, range and group). Each is fetched once per page and kept;
// a failed fetch is tried again on the next call. Their words are the
// locale catalogue's: a card's names in cards.js, an option's here
// (option.<key>, option.<key>.help, option.<key>.<choice>).

import { loadLocale, t, n } from './locale.js';

let cards = null; // the catalogue, by card id, once loaded
let options = null; // the option list, once loaded
let pending = null;

async function fetchJSON(path) {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return res.json();
}

// loadCatalog fetches the cards and the options, once. It resolves when
// both are in and rejects (to be tried again) when either fails.
export function loadCatalog() {
  if (cards && options) return Promise.resolve();
  if (!pending) {
    pending = Promise.all([fetchJSON('/api/cards'), fetchJSON('/api/options'), loadLocale()]).then(([c, o]) => {
      if (!Array.isArray(c) || !Array.isArray(o)) throw new Error('the catalogue is not a list');
      cards = new Map(c.map((x) => [x.card, x]));
      options = o;
    }).finally(() => { pending = null; });
  }
  return pending;
}

// cardOf is the catalogue entry of a card id, or undefined for an id that
// names no card (the client then draws an unknown card, never fails).
export function cardOf(id) { return cards ? cards.get(id) : undefined; }

// allCards is the catalogue in id order.
export function allCards() { return cards ? [...cards.values()] : []; }

// optionList is every option of GET /api/options, in the server's order.
export function optionList() { return options || []; }

// optionOf is one option by key.
export function optionOf(key) { return optionList().find((o) => o.key === key); }

// optionLabel is an option's name: "Points per trick bid".
export function optionLabel(o) { return t(`option.${o.key}`); }

// optionHelp says in one line what an option does.
export function optionHelp(o) { return t(`option.${o.key}.help`); }

// choiceLabel is the name of one of an option's choices.
export function choiceLabel(o, c) { return t(`option.${o.key}.${c.value}`); }

// valueLabel writes an option's value for a player: a choice by its label,
// a switch as on or off, a schedule of its own as its cards per round, a
// number with what it counts as the option list says ("20 points").
export function valueLabel(o, v) {
  if (o.type === 'bool') return t(v ? 'option.value.on' : 'option.value.off');
  if (Array.isArray(v)) return t('option.value.cards', { Cards: v.join(', ') });
  if (o.unit && typeof v === 'number') return n(`option.unit.${o.unit}`, v);
  const c = (o.choices || []).find((x) => x.value === v);
  return c ? choiceLabel(o, c) : String(v);
}

// standardLine says an option's default: "Standard: 20." (a choice whose
// name already says it is the standard, "Standard scoring", stands alone).
export function standardLine(o) {
  return t(o.default === 'standard' ? 'option.standard.named' : 'option.standard', { Value: valueLabel(o, o.default) });
}

// rulesSummary says a table's rules in one line, as a list of tables shows
// them: "standard rules", or "5 rounds, Rascal's scoring, Kraken, house
// rules". options is a record's options object (only what differs from
// the standard rules); words.RulesSummary says the same in Go.
export function rulesSummary(options = {}) {
  const value = (key) => (key in options ? options[key] : (optionOf(key) || {}).default);
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const parts = [];
  const sched = value('schedule');
  // The standard schedule of the standard rounds: "standard rules" alone.
  const standardDeal = !Array.isArray(sched) && (!sched || sched === 'standard') && same(value('rounds'), (optionOf('rounds') || {}).default);
  if (Array.isArray(sched)) parts.push(n('option.summary.custom', sched.length));
  else if (sched && sched !== 'standard') parts.push(t(`option.schedule.${sched}`));
  else parts.push(n('option.summary.rounds', value('rounds')));
  if (value('scoring') === 'rascal') parts.push(t(value('cannon_load') ? 'option.summary.rascal_cannon' : 'option.summary.rascal'));
  let house = false;
  for (const o of optionList()) {
    if (o.in !== 'options') continue;
    if (o.group === 'modules' && value(o.key) === true) parts.push(optionLabel(o));
    else if (o.group === 'house' && !same(value(o.key), o.default)) house = true;
  }
  if (house) parts.push(t('option.summary.house'));
  return standardDeal && parts.length === 1 ? t('option.summary.standard') : parts.join(t('list.comma'));
}
