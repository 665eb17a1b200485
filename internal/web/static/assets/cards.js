// The cards, drawn with the project's own SVG (no scans of printed cards).
// Every suit has a symbol as well as a colour — parrot, chest, map, Jolly
// Roger — and every special card a name and a shape of its own, so no card
// depends on colour alone. This file keeps the art and the cards' names:
// what a card is (its kind, suit, rank and Pirate) is the server's
// catalogue entry the caller passes in (catalog.js), so the client holds no
// table of cards, and its names are the locale catalogue's (card.name.*,
// card.phrase.*, pirate.*: words/cards.go names them the same way). It
// imports nothing but dom.js, locale.js and sprite.js, because the score
// keeper's page loads it too, and none of the table's modules with it.

import { h, icon, capital } from './dom.js';
import { t, has } from './locale.js';

export { installSprite } from './sprite.js';

// The symbol of each suit (what it shows is the catalogue's suit.*.symbol).
const SUIT_ART = { green: 'parrot', yellow: 'chest', purple: 'map', black: 'roger' };

// The art of each kind of special card: its symbol and its style.
const KIND_ART = {
  pirate: { sym: 'cutlass', cls: 'pirate' },
  tigress: { sym: 'tigress', cls: 'tigress' },
  skull_king: { sym: 'crown', cls: 'sk' },
  mermaid: { sym: 'tail', cls: 'mermaid' },
  escape: { sym: 'flag', cls: 'escape' },
  loot: { sym: 'coins', cls: 'loot' },
  kraken: { sym: 'kraken', cls: 'kraken' },
  whale: { sym: 'whale', cls: 'whale' },
};

// cardId is the catalogue's id of a card's name or phrase (form), and its
// placeholders: c is its catalogue entry, named whether the Pirates' names
// matter.
function cardId(form, c, named) {
  if (!c) return ['card.unknown', {}];
  if (c.kind === 'number') return [`card.${form}.${c.suit}`, { Rank: c.rank }];
  if (named && c.pirate) return [`pirate.${c.pirate}`, {}];
  return [`card.${form}.${c.kind}`, {}];
}

// cardName is a card's name alone: "black 11", "Skull King", "Harry the
// Giant" when named, else "Pirate".
export function cardName(c, named) { return t(...cardId('name', c, named)); }

// cardPhrase names a card in a sentence: "the black 11", "a Mermaid",
// "Harry the Giant" when named, else "a Pirate".
export function cardPhrase(c, named) { return t(...cardId('phrase', c, named)); }

// cardHelp says in one line what a card does, and with named what a named
// Pirate's ability does: card.help.*, card.ability.* (words.CardHelp).
export function cardHelp(c, named) {
  if (!c) return '';
  const id = `card.help.${c.kind === 'number' ? c.suit : c.kind}`;
  if (!has(id)) return '';
  return named && c.pirate ? `${t(id)} ${t(`card.ability.${c.pirate}`)}` : t(id);
}

// suitLabel is a suit as the view names it ("yellow") with its symbol.
export function suitLabel(suit) {
  if (!SUIT_ART[suit]) return String(suit);
  return t('suit.labelled', { Suit: t(`suit.${suit}`), Symbol: t(`suit.${suit}.symbol`) });
}

// suitIcon is a suit's symbol, coloured by its class.
export function suitIcon(suit) {
  const sym = SUIT_ART[suit];
  return sym ? icon(sym, 'suit-icon ' + suit) : null;
}

// look says how to draw a card and what to call it: c is its catalogue
// entry, as the Tigress's declaration once played ('pirate' or 'escape'),
// named whether the Pirates' names matter. The answer holds the entry, the
// symbol and class, the name on the face and the accessible name.
export function look(c, as, named) {
  if (!c) return { number: false, sym: 'flag', cls: 'escape', label: '?', long: t('card.unknown') };
  if (c.kind === 'number') {
    const label = capital(cardName(c, named));
    const long = t(c.trump ? 'card.label.trump' : 'card.label.number', { Card: label, Symbol: t(`suit.${c.suit}.symbol`) });
    return { info: c, number: true, rank: c.rank, sym: SUIT_ART[c.suit] || 'flag', cls: c.suit, label, long };
  }
  const a = KIND_ART[c.kind] || { sym: 'flag', cls: 'escape' };
  const name = capital(cardName(c, named));
  const out = { info: c, number: false, sym: a.sym, cls: a.cls, label: name, long: name };
  if (c.kind === 'pirate' && named && c.pirate) out.long = t('card.label.named_pirate', { Name: name });
  if (as === 'pirate' || as === 'escape') {
    out.as = as;
    out.long = t(`card.label.tigress_${as}`);
  }
  return out;
}

// cardFace draws a card's face inside a button or a div.
export function cardFace(lk) {
  const kids = [];
  if (lk.number) {
    kids.push(h('span', { class: 'rank', 'aria-hidden': 'true' }, String(lk.rank)));
    kids.push(icon(lk.sym, 'sym'));
    kids.push(h('span', { class: ['rank', 'rank-b'], 'aria-hidden': 'true' }, String(lk.rank)));
    return kids;
  }
  kids.push(icon(lk.sym, 'sym'));
  kids.push(h('span', { class: 'cname', 'aria-hidden': 'true' }, lk.label));
  if (lk.as) {
    // Once played, the Tigress shows what she was declared as.
    kids.push(h('span', { class: 'as', 'aria-hidden': 'true' }, icon(lk.as === 'pirate' ? 'cutlass' : 'flag', 'as-icon'),
      t(`card.face.as_${lk.as}`)));
  }
  return kids;
}

// cardClasses are the classes of a card's element.
export function cardClasses(lk, ...more) {
  return ['card', 'c-' + lk.cls, lk.number ? 'num' : 'special', ...more];
}

// card is a card that is only looked at (the trick, the rules page): c is
// its catalogue entry; opts.as is the Tigress's declaration, opts.named
// names the Pirates, opts.small draws it small.
export function card(c, opts = {}) {
  const lk = look(c, opts.as, opts.named);
  return h('div', { class: cardClasses(lk, opts.small && 'small', opts.cls), role: 'img', 'aria-label': lk.long,
    title: lk.info ? cardHelp(lk.info, opts.named) : null }, cardFace(lk));
}

// cardBack is a face-down card (Graybeard's pile, other hands).
export function cardBack(opts = {}) {
  return h('div', { class: ['card', 'back', opts.small && 'small'], 'aria-hidden': 'true' }, icon('roger', 'sym'));
}
