// The language menu in every page's header, and the page's static markup
// in the reader's language (translatePage). The menu lists the
// catalogue's languages, each named in itself; choosing one remembers it
// and shows the page again in it (locale.js). Every page loads this module
// with a <script> of its own, beside its own module, which need know
// nothing of it. A catalogue of one language offers no choice: the menu
// is left out.

import { h } from './dom.js';
import { loadLocale, languages, lang, setLang, t, translatePage } from './locale.js';

function mount() {
  const list = languages();
  const header = document.querySelector('header.top');
  if (list.length < 2 || !header || document.getElementById('lang')) return;
  const select = h('select', { id: 'lang', onchange: () => setLang(select.value) },
    list.map((l) => h('option', { value: l.code, lang: l.code, selected: l.code === lang() }, l.name)));
  // The label is the catalogue's once it has one; until then English.
  const label = t('language.menu');
  (header.querySelector('nav') || header).append(h('label', { class: 'lang' }, h('span', { class: 'sr-only' }, label), select));
}

// A page whose catalogue cannot be fetched (offline) shows no menu.
loadLocale().then(() => { translatePage(); mount(); }, () => {});
