// Small DOM helpers: the client builds its screens from plain elements.
// Every string from the server goes in as text (textContent), never as
// markup, so a nickname can never become HTML.

const SVGNS = 'http://www.w3.org/2000/svg';

function apply(el, attrs) {
  if (!attrs) return;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.setAttribute('class', Array.isArray(v) ? v.filter(Boolean).join(' ') : v);
    else if (k === 'text') el.textContent = v;
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    // Styles are set through the CSSOM, which the pages' CSP allows (a
    // style attribute it refuses); custom properties (--n) by name.
    else if (k === 'style' && typeof v === 'object') for (const [p, x] of Object.entries(v)) el.style.setProperty(p.startsWith('--') ? p : p.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase()), x);
    else if (k === 'value' && 'value' in el) el.value = v;
    else if (k === 'checked' || k === 'selected') el[k] = !!v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(el, kids) {
  for (const k of kids.flat(Infinity)) {
    if (k === null || k === undefined || k === false || k === '') continue;
    el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
}

// h builds an HTML element: h('button', {class: 'x', onclick: f}, 'text', child).
export function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  apply(el, attrs);
  append(el, kids);
  return el;
}

// s builds an SVG element.
export function s(tag, attrs, ...kids) {
  const el = document.createElementNS(SVGNS, tag);
  apply(el, attrs);
  append(el, kids);
  return el;
}

// use draws one of the sprite's symbols (see sprite.js).
export function icon(name, cls, label) {
  const attrs = { class: ['icon', cls], viewBox: '0 0 64 64', focusable: 'false' };
  if (label) { attrs.role = 'img'; attrs['aria-label'] = label; } else attrs['aria-hidden'] = 'true';
  return s('svg', attrs, s('use', { href: '#sym-' + name }));
}

// announce reads a sentence to screen readers through a live region. The
// text is cleared first so that the same sentence twice is read twice.
export function announce(text, assertive = false) {
  const el = document.getElementById(assertive ? 'alert' : 'live');
  if (!el || !text) return;
  el.textContent = '';
  setTimeout(() => { el.textContent = text; }, 30);
}

let toastTimer = 0;
// toast shows a short message (an error, a copied link) for a few seconds:
// long enough to read a sentence, short enough not to sit over the table.
export function toast(text, kind = 'info') {
  const el = document.getElementById('toast');
  if (!el) return;
  el.textContent = text;
  el.className = 'toast ' + kind;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, kind === 'info' ? 3000 : 5000);
}

// keepFocus re-renders with fn and puts the focus back on the element with
// the same data-key, so a screen rebuilt by a new state does not throw a
// keyboard player out of their hand. fallback picks an element when the
// focused one is gone (a card just played).
export function keepFocus(fn, fallback) {
  const a = document.activeElement;
  const key = a && a.dataset ? a.dataset.key : undefined;
  const group = a && a.dataset ? a.dataset.group : undefined;
  const index = a && a.dataset && a.dataset.index !== undefined ? Number(a.dataset.index) : -1;
  fn();
  if (!key) return;
  let el = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (!el && group) {
    const all = [...document.querySelectorAll(`[data-group="${CSS.escape(group)}"]`)];
    if (all.length) el = all[Math.min(Math.max(index, 0), all.length - 1)];
  }
  if (!el && fallback) el = fallback();
  if (el) el.focus({ preventScroll: true });
}

export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : (many || one + 's')}`;
}

// Characters as a reader counts them: extended grapheme clusters, as the
// server counts a nickname's length (docs/protocol.md §1). An emoji of
// several code points (the pirate flag is four) or a letter with its marks
// is one character; text.length counts UTF-16 code units, and so does an
// input's maxlength, which cuts such an emoji in half.
// A browser without Intl.Segmenter counts code points: it may part an
// emoji's sequence, never a surrogate pair, and the server's count stands.
const graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
export function chars(text) { return graphemes ? Array.from(graphemes.segment(text), (g) => g.segment) : Array.from(text); }

// cutChars keeps the first n characters of text, each whole.
export function cutChars(text, n) {
  const all = chars(text);
  return all.length > n ? all.slice(0, n).join('') : text;
}

// limitChars holds an input to at most max() characters, as maxlength
// would if it counted characters: a longer value, typed or pasted, loses
// its last whole characters. A composition (an input method's word, a
// keyboard's emoji being built) is cut once it ends, not halfway. max()
// of 0 is no limit. It returns the cut, to apply a limit learnt later.
export function limitChars(input, max) {
  const cut = () => {
    const n = max();
    if (!n) return;
    const v = cutChars(input.value, n);
    if (v !== input.value) input.value = v;
  };
  input.addEventListener('input', (e) => { if (!e.isComposing) cut(); });
  input.addEventListener('compositionend', cut);
  return cut;
}

// capital starts a sentence.
export function capital(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

// router makes a single-page app of the page, one screen per address:
// the navigate it returns moves to a path (replacing the current entry if
// asked) and draws it with route; a plain click on a link marked data-nav
// navigates instead of loading a page (with a modifier key the browser
// opens it its own way), and the back and forward buttons draw with route.
export function router(route) {
  const navigate = (path, replace = false) => {
    if (replace) history.replaceState(null, '', path); else history.pushState(null, '', path);
    route();
  };
  document.addEventListener('click', (e) => {
    const a = e.target.closest && e.target.closest('a[data-nav]');
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(a.getAttribute('href'));
  });
  window.addEventListener('popstate', route);
  return navigate;
}
