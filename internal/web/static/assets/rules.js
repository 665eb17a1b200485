// The rules page draws its example cards with the same art as the table.
import { installSprite, card } from './cards.js';

installSprite();
for (const el of document.querySelectorAll('[data-card]')) {
  const big = el.hasAttribute('data-big');
  el.replaceWith(card(el.dataset.card, { small: el.hasAttribute('data-small') || undefined, cls: big ? null : 'inline' }));
}
// In a list of cards, the words beside a card stay one block of text.
for (const li of document.querySelectorAll('.cardlist li')) {
  const text = document.createElement('span');
  text.append(...[...li.childNodes].filter((n) => !(n.classList && n.classList.contains('card'))));
  li.append(text);
}
