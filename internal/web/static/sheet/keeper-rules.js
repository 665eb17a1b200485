// The rules, as the engine's option table says them (GET /api/sheets/rules,
// kept for offline use): a rule's value under a sheet's rules, the rules of
// any round, the form that edits the rules and the list of the rules in
// force. No rule is written here.

import { h } from '/assets/dom.js';
import { t, n } from '/assets/locale.js';
import { optionLabel, optionHelp, choiceLabel, valueLabel } from '/assets/catalog.js';
import { groupTitle } from './keeper-say.js';
import { KEY_RULES, readJSON, writeJSON, api } from './keeper-store.js';

// info is GET /api/sheets/rules as last received: the option table and the
// words of a round's entries; null until the server has been reached once.
export let info = cachedRules();

function cachedRules() {
  const x = readJSON(KEY_RULES, null);
  return x && Array.isArray(x.options) ? x : null; // an older page's copy is of no use
}

// rulesInfo asks the server for the option table, keeping it for offline use.
export async function rulesInfo() {
  try {
    const r = await api('GET', '/api/sheets/rules');
    if (r.status === 200 && r.data && Array.isArray(r.data.options)) { writeJSON(KEY_RULES, r.data); info = r.data; }
  } catch { /* offline: the copy from last time */ }
  return info;
}

// optionOf is the option table's entry for key, null while the table is unknown.
function optionOf(key) { return (info && info.options.find((o) => o.key === key)) || null; }

// ruleValue is option key's value under rules, a Rules object holding only
// what differs from the standard rules: the standard value is the table's.
// Undefined while the table is unknown.
export function ruleValue(rules, key) {
  if (rules && Object.prototype.hasOwnProperty.call(rules, key)) return rules[key];
  const o = optionOf(key);
  return o ? o.default : undefined;
}

// needsMet says whether option o matters under rules: the option it needs
// has the value it needs, and matters itself.
export function needsMet(rules, o) {
  if (!o.needs) return true;
  const dep = optionOf(o.needs.key);
  return ruleValue(rules, o.needs.key) === o.needs.value && (!dep || needsMet(rules, dep));
}

// sameValue compares two option values (a schedule may be a list).
export function sameValue(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

// canon writes a value so that two copies of it compare equal whichever
// side wrote them: object keys in order, and empty fields left out, as the
// server leaves them out of a round (a deal that kept the schedule, no
// captures).
export function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v && typeof v === 'object') {
    const empty = (x) => x === null || x === undefined || x === 0 || x === '' || (Array.isArray(x) && x.length === 0);
    return `{${Object.keys(v).sort().filter((k) => !empty(v[k])).map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}`;
  }
  return JSON.stringify(v === undefined ? null : v);
}

// sameRules compares two Rules objects, whatever the order of their keys.
export function sameRules(a, b) {
  const ka = Object.keys(a || {}), kb = Object.keys(b || {});
  return ka.length === kb.length && ka.every((k) => sameValue(a[k], (b || {})[k]));
}

// valueText writes an option's value as the table labels it (catalog.js),
// a deal of the sheet's own with its count of rounds.
export function valueText(o, v) {
  return Array.isArray(v) ? n('keeper.rules.schedule', v.length, { Cards: v.join(', ') }) : valueLabel(o, v);
}

// mostCards is the most cards any schedule of the table deals: the bound of
// a deal offline, before the server has said what this table allows.
export function mostCards() {
  const spec = optionOf('schedule');
  return Math.max(1, ...((spec && spec.choices) || []).flatMap((c) => c.cards || []));
}

// rulesForm edits a Rules object: the standard rules, or every option of
// the engine's table, grouped and labelled as the table says, each shown
// only while what it needs holds. read() writes only what differs from the
// standard rules, as the API keeps them, or null after saying in the form
// what is wrong.
export function rulesForm(current) {
  if (!info) {
    return { el: h('p', { class: 'sk-pending', id: 'rules-unknown' }, t('keeper.rules.unknown')),
      read: () => ({ ...current }) };
  }
  const custom = Object.keys(current).length > 0;
  const std = h('input', { type: 'radio', name: 'rules-kind', id: 'rules-std', checked: !custom });
  const cus = h('input', { type: 'radio', name: 'rules-kind', id: 'rules-custom', checked: custom });
  const err = h('p', { class: ['sk-check', 'bad'], id: 'rules-error', role: 'alert' });
  const fields = info.options.map((o) => optionField(o, ruleValue(current, o.key)));
  const groups = [];
  for (const f of fields) {
    let g = groups.find((x) => x.name === f.o.group);
    if (!g) groups.push(g = { name: f.o.group, fields: [] });
    g.fields.push(f);
  }
  const more = h('div', { id: 'rules-more' }, groups.map((g) => h('fieldset', { class: 'sk-rules', 'data-group': g.name },
    h('legend', {}, groupTitle(g.name)), g.fields.map((f) => f.el))));
  // values are the form's rules, every option written: what needs are read from.
  const values = () => Object.fromEntries(fields.map((f) => [f.o.key, f.value()]));
  const show = () => {
    more.hidden = std.checked;
    const v = values();
    for (const f of fields) f.el.hidden = !needsMet(v, f.o);
  };
  std.addEventListener('change', show); cus.addEventListener('change', show);
  more.addEventListener('change', show);
  more.addEventListener('input', show);
  show();
  const el = h('div', {},
    h('div', { class: 'row' }, h('label', { class: 'opt' }, std, h('span', {}, t('keeper.rules.standard_rules'))),
      h('label', { class: 'opt' }, cus, h('span', {}, t('keeper.rules.custom')))), more, err);
  const read = () => {
    err.textContent = '';
    if (std.checked) return {};
    const v = values();
    const o = {};
    for (const f of fields) {
      if (!needsMet(v, f.o)) continue; // not in force: left standard
      const bad = f.problem();
      if (bad) { err.textContent = bad; f.focus(); return null; }
      if (!sameValue(v[f.o.key], f.o.default)) o[f.o.key] = v[f.o.key];
    }
    return o;
  };
  return { el, read };
}

// optionField is one option's control, labelled by the table with its help
// beside it: {o, el, value(), problem(), focus()}.
function optionField(o, v) {
  const id = 'opt-' + o.key;
  const help = h('span', { class: ['sk-help', 'muted'], id: id + '-help' }, optionHelp(o));
  const field = (input, ...extra) => h('div', { class: 'sk-option', 'data-option': o.key },
    h('label', { class: o.type === 'bool' ? 'opt' : 'field', for: id },
      o.type === 'bool' ? [input, h('span', {}, optionLabel(o))] : [h('span', {}, optionLabel(o)), input]), ...extra, help);
  if (o.type === 'bool') {
    const box = h('input', { type: 'checkbox', id, checked: !!v, 'aria-describedby': help.id });
    return { o, el: field(box), value: () => box.checked, problem: () => null, focus: () => box.focus() };
  }
  if (o.type === 'int') {
    const num = h('input', { type: 'number', id, inputmode: 'numeric', min: o.min, max: o.max, step: o.step, value: v, 'aria-describedby': help.id });
    const value = () => (num.value.trim() === '' ? NaN : Number(num.value));
    const problem = () => {
      const n = value();
      return Number.isInteger(n) && n >= o.min && n <= o.max ? null : t('keeper.rules.whole_number', { Option: optionLabel(o), Min: o.min, Max: o.max });
    };
    return { o, el: field(num), value, problem, focus: () => num.focus() };
  }
  const list = Array.isArray(v);
  const sel = h('select', { id, 'aria-describedby': help.id }, (o.choices || []).map((c) =>
    h('option', { value: c.value, selected: !list && c.value === v }, choiceLabel(o, c))));
  if (o.type !== 'schedule') return { o, el: field(sel), value: () => sel.value, problem: () => null, focus: () => sel.focus() };
  // A schedule is a preset, or the cards of each round as the table dealt them.
  sel.append(h('option', { value: '', selected: list }, t('keeper.rules.own_cards')));
  const cards = h('input', { id: id + '-cards', inputmode: 'numeric', autocomplete: 'off', placeholder: t('keeper.rules.cards_example'),
    value: list ? v.join(', ') : '', 'aria-label': t('keeper.rules.cards_label') });
  const own = h('label', { class: 'field', for: id + '-cards' }, h('span', {}, t('keeper.rules.cards')), cards);
  const parse = () => cards.value.split(',').map((x) => x.trim()).filter((x) => x !== '').map(Number);
  const sync = () => { own.hidden = sel.value !== ''; };
  sel.addEventListener('change', sync);
  sync();
  return { o, el: field(sel, own), value: () => (sel.value === '' ? parse() : sel.value),
    problem: () => (sel.value !== '' || (parse().length && parse().every(Number.isInteger)) ? null
      : t('keeper.rules.cards_problem', { Option: optionLabel(o) })),
    focus: () => (sel.value === '' ? cards : sel).focus() };
}

// rulesInForce lists every option that matters under rules with its value,
// grouped as the table groups them; those that differ from the standard
// rules are marked. round, when given, is the round they score (entered,
// or the next).
export function rulesInForce(rules, from, round, entered) {
  if (!info) return h('p', { class: 'sk-pending', id: 'rules-in-force' }, t('keeper.rules.in_force_later'));
  const groups = [];
  for (const o of info.options) {
    if (!needsMet(rules, o)) continue;
    let g = groups.find((x) => x.name === o.group);
    if (!g) groups.push(g = { name: o.group, items: [] });
    const v = ruleValue(rules, o.key);
    const changed = !sameValue(v, o.default);
    g.items.push(h('dt', { 'data-option': o.key }, optionLabel(o)), h('dd', { 'data-option': o.key },
      changed ? [h('b', {}, valueText(o, v)), h('span', { class: 'muted' }, ' ', t('keeper.rules.standard', { Value: valueText(o, o.default) }))] : valueText(o, v)));
  }
  return h('div', { id: 'rules-in-force' },
    h('p', { class: 'muted', id: 'rules-of' }, t(rulesOf(round, entered, from), { Round: round, From: from }), ' ', t('keeper.rules.bold')),
    groups.map((g) => [h('h3', {}, groupTitle(g.name)), h('dl', { class: 'sk-values' }, g.items)]));
}

// rulesOf is the sentence saying which rules rulesInForce lists: those of
// round (entered, or the next) that apply from round from on, or the
// game's with no round.
function rulesOf(round, entered, from) {
  if (!round) return from > 1 ? 'keeper.rules.of.from' : 'keeper.rules.of.game';
  return `keeper.rules.of.${entered ? 'was' : 'is'}${from > 1 ? '_from' : ''}`;
}

// currentRules are the rules in force for the next round, as this phone
// holds the sheet (changes made offline included).
export function currentRules(sh) {
  return ruleAt(sh, (sh.rounds || []).length + 1);
}

export function ruleAt(sh, n) {
  let o = sh.options || {};
  for (const c of sh.rule_changes || []) if (c.from_round <= n) o = c.options;
  return o;
}

// rulesFrom is the round from which the rules of round n apply.
export function rulesFrom(sh, n) {
  let from = 1;
  for (const c of sh.rule_changes || []) if (c.from_round <= n) from = c.from_round;
  return from;
}

// rulesPart is what a change of rules touches of a sheet: its rules and
// its rounds (entries dropped), all an undo puts back.
export function rulesPart(sh) {
  return { options: sh.options || {}, rule_changes: sh.rule_changes || [], rounds: sh.rounds || [] };
}

// toNobody says whether rules let a trick go to no hand at all: the Kraken
// destroys one, the White Whale may leave one without a number to win it.
export function toNobody(rules) { return !!(ruleValue(rules || {}, 'kraken') || ruleValue(rules || {}, 'white_whale')); }
