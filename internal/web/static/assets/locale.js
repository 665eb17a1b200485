// The catalogue's sentences (locale/*.json, served at /locale/) in the
// reader's language: the one the player chose (remembered), else the
// first of the browser's languages the catalogue has, else English. A
// sentence the language lacks is English's. Sentences are rendered as
// the Go renderer does (package locale): {{.Name}} placeholders, plural
// forms chosen by the language's CLDR rules (Intl.PluralRules), numbers
// written the language's way (Intl.NumberFormat).

const BASE = 'en';
const KEY = 'sk.lang';

let code = BASE;
let base = {};
let msgs = {};
let plurals = new Intl.PluralRules(BASE);
let numbers = new Intl.NumberFormat(BASE);
let langs = [];
let pending = null;

async function get(path) {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return res.json();
}

// choose is the catalogue's language for the reader: the remembered
// choice, else the browser's first language the catalogue has (by its
// full tag, then by its language alone).
function choose(have) {
  let kept = null;
  try { kept = localStorage.getItem(KEY); } catch (e) { kept = null; }
  const want = [kept, ...(navigator.languages || [navigator.language])].filter(Boolean);
  for (const w of want) {
    const exact = have.find((c) => c.toLowerCase() === w.toLowerCase());
    if (exact) return exact;
    const primary = have.find((c) => c.toLowerCase() === w.toLowerCase().split('-')[0]);
    if (primary) return primary;
  }
  return BASE;
}

// loadLocale fetches the languages and the reader's sentences, once; the
// page's <html lang> says the language.
export function loadLocale() {
  if (Object.keys(base).length) return Promise.resolve();
  if (!pending) {
    pending = get('/locale/index.json').then(async (index) => {
      langs = index;
      code = choose(index.map((l) => l.code));
      base = await get(`/locale/${BASE}.json`);
      msgs = code === BASE ? base : await get(`/locale/${code}.json`);
      plurals = new Intl.PluralRules(code);
      numbers = new Intl.NumberFormat(code);
      document.documentElement.lang = code;
    }).finally(() => { pending = null; });
  }
  return pending;
}

// languages are the catalogue's languages: [{code, name}], each named in
// itself.
export function languages() { return langs; }

// lang is the code of the language the page speaks.
export function lang() { return code; }

// setLang remembers the player's language and reloads the page in it.
export function setLang(c) {
  try { localStorage.setItem(KEY, c); } catch (e) { /* private mode: this page only */ }
  location.reload();
}

function message(id) {
  return msgs[id] !== undefined ? msgs[id] : base[id];
}

function render(text, args) {
  return text.replace(/\{\{\.(\w+)\}\}/g, (_, k) => {
    const v = args[k];
    return typeof v === 'number' ? numbers.format(v) : v === undefined || v === null ? '' : String(v);
  });
}

// number writes a number the language's way ("1 000" in French), as a
// sentence's placeholder is written.
export function number(x) { return numbers.format(x); }

// signed writes points with their sign, the number the language's way:
// "+20", "−10", "0" (the Go renderer's Lang.Signed).
export function signed(x) { return x > 0 ? `+${number(x)}` : x < 0 ? `−${number(-x)}` : number(0); }

// has says whether the catalogue has sentence id.
export function has(id) { return message(id) !== undefined; }

// t renders sentence id with its placeholders; a sentence missing from
// every file shows as its id in brackets.
export function t(id, args = {}) {
  const m = message(id);
  if (m === undefined) return `[${id}]`;
  return render(typeof m === 'string' ? m : m.other, args);
}

// n renders sentence id in the plural form count calls for; count is also
// its {{.Count}}.
export function n(id, count, args = {}) {
  const m = message(id);
  if (m === undefined) return `[${id}]`;
  const text = typeof m === 'string' ? m : m[plurals.select(count)] ?? m.other;
  return render(text, Object.assign({ Count: count }, args));
}

// list joins names or phrases in the reader's language: "a", "a and b",
// "a, b and c".
export function list(items) {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return t('list.pair', { First: items[0], Last: items[1] });
  return t('list.series', { Items: items.slice(0, -1).join(t('list.comma')), Last: items[items.length - 1] });
}

// ATTRIBUTES are the attributes a page's static markup may take from the
// catalogue: data-t-title="id" sets title, and so on.
const ATTRIBUTES = ['title', 'aria-label', 'placeholder', 'alt', 'content'];

// translatePage fills a page's static markup from the catalogue: an
// element with data-t="id" gets the sentence as its text, one with
// data-t-title="id" (or another of ATTRIBUTES) as that attribute. The
// markup holds ids, never sentences, so a page has no English of its own.
// A sentence with markup inside (a link, a <kbd>, a <strong>) stays whole:
// the element's children marked data-slot="Name" are kept, each placed
// where the sentence has {{.Name}} (a child with data-t of its own gets
// its words next), and the words around them are set as text, never as
// markup.
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-t]')) fill(el, el.dataset.t);
  for (const a of ATTRIBUTES) {
    for (const el of root.querySelectorAll(`[data-t-${a}]`)) el.setAttribute(a, t(el.getAttribute(`data-t-${a}`)));
  }
}

// fill sets element el to sentence id, its data-slot children in their
// places; a placeholder with no such child is left empty, as t leaves it.
function fill(el, id) {
  const slots = new Map([...el.children].filter((c) => c.dataset.slot).map((c) => [c.dataset.slot, c]));
  const m = message(id);
  if (!slots.size || m === undefined) { el.textContent = t(id); return; }
  const parts = (typeof m === 'string' ? m : m.other).split(/\{\{\.(\w+)\}\}/);
  el.replaceChildren(...parts.map((p, i) => (i % 2 ? slots.get(p) ?? '' : p)));
}
