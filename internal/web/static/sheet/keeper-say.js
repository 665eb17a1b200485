// How the score keeper says what the server sends: the headings of the
// option table's groups, the words of the captures and the cannon loads,
// the sentences that turn on a count or on the size of the table (SAY),
// and points part by part.

import { plural } from '/assets/dom.js';

// Headings for the option table's groups, and words for the captures, the
// cannon loads: how this page says the codes the server sends.
export const GROUP_TITLES = { rules: 'The game', modules: 'Modules', house: 'House rules and point values' };
export const CAPTURE_WORDS = { fourteen: 'took a 14', pirate_took_mermaids: 'Pirate took Mermaids',
  skull_king_took_pirates: 'Skull King took Pirates', mermaid_took_skull_king: 'Mermaid took the Skull King' };
export const CANNON_WORDS = { grapeshot: 'Grapeshot', cannonball: 'Cannonball' };
export const words = (table, code) => table[code] || String(code).replace(/_/g, ' ');

// The keeper's sentences that turn on a count or on the size of the table.
// Two players play with Graybeard, a third hand dealt face down (docs/rules.md
// §9): he never bids and never scores, and the tricks he wins count for
// nobody — so a two-player sheet names him wherever tricks are missing.
export const SAY = {
  graybeard: 'Two players play with Graybeard, a third hand dealt face down: he never bids and never scores, and the tricks he wins count for nobody.',
  bids: (two) => (two ? 'Both players\' bids, as revealed. Graybeard never bids.' : 'Everyone\'s bid, as revealed.'),
  won: (two) => (two ? 'Tricks each player won. Graybeard\'s tricks are not entered: they count for nobody.' : 'Tricks each player won.'),
  // tricks says where the round's tricks went: lost of the cards dealt
  // went to no player; alsoNobody when the rules let a trick go to nobody
  // too (the Kraken, the White Whale).
  tricks(cards, lost, two, alsoNobody) {
    if (lost > 0) return `${plural(lost, 'trick')} went to ${two ? 'Graybeard' + (alsoNobody ? ' or to nobody' : '') : 'nobody'}.`;
    if (cards === 1) return two ? 'The one trick is counted: Graybeard did not win it.' : 'The one trick is counted.';
    return two ? `All ${cards} tricks are counted: Graybeard won none.` : `All ${cards} tricks are counted.`;
  },
  graybeardWon: (n, alsoNobody) => `${plural(n, 'trick')} went to Graybeard${alsoNobody ? ' or to nobody' : ''}; he never scores.`,
};

// signed writes points with their sign: "+20", "−10", "0".
export function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0'; }

// scoreParts words one seat's points part by part, as the server broke
// them down: "bid +40 · bonus +20", "bid −10 · 30 bonus lost".
export function scoreParts(s) {
  if (!s) return '';
  const parts = [`bid ${signed(s.bid_points)}`];
  if (s.bonus > 0) {
    parts.push(s.bonus_points === s.bonus ? `bonus ${signed(s.bonus_points)}`
      : s.bonus_points > 0 ? `bonus ${signed(s.bonus_points)} of ${s.bonus}` : `${s.bonus} bonus lost`);
  }
  if (s.wager) parts.push(`wager ${signed(s.wager_points)}`);
  if (s.loot_points) parts.push(`Loot ${signed(s.loot_points)}`);
  return parts.join(' · ');
}
