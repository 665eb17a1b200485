// The rules page: its example cards are drawn with the table's art from
// the server's card catalogue.

import { h } from './dom.js';
import { loadCatalog, allCards } from './catalog.js';
import { card, installSprite } from './cards.js';

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

installSprite();
loadCatalog().then(drawCards).catch(() => {
  document.querySelector('main').prepend(h('p', { class: 'notice' }, 'The cards could not be loaded: reload the page to try again.'));
});
