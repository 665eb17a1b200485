// How the score keeper says what the server sends: the headings of the
// option table's groups, the words of the captures and the cannon loads,
// the sentences that turn on a count or on the size of the table (SAY),
// and points part by part — every word the catalogue's (locale.js).

import { t, n, has, signed } from '/assets/locale.js';

export { signed };

// coded says a code the server sends in the catalogue's words (prefix.code);
// a code this page does not know yet (a newer server's) is still read out,
// as words.
function coded(prefix, code) {
  const id = `${prefix}.${code}`;
  return has(id) ? t(id) : String(code).replace(/_/g, ' ');
}

// groupTitle heads a group of the option table; captureWord names a kind
// of capture, cannonWord a cannon load.
export const groupTitle = (group) => coded('keeper.rules.group', group);
export const captureWord = (kind) => coded('keeper.capture.kind', kind);
export const cannonWord = (load) => coded('keeper.cannon', load);

// The keeper's sentences that turn on a count or on the size of the table.
// Two players play with Graybeard, a third hand dealt face down (docs/rules.md
// §9): he never bids and never scores, and the tricks he wins count for
// nobody — so a two-player sheet names him wherever tricks are missing.
export const SAY = {
  graybeard: () => t('keeper.graybeard'),
  bids: (two) => t(two ? 'keeper.bids.two' : 'keeper.bids'),
  won: (two) => t(two ? 'keeper.won.two' : 'keeper.won'),
  // tricks says where the round's tricks went: lost of the cards dealt
  // went to no player; alsoNobody when the rules let a trick go to nobody
  // too (the Kraken, the White Whale).
  tricks(cards, lost, two, alsoNobody) {
    if (lost > 0) return n(two ? (alsoNobody ? 'keeper.tricks.lost.graybeard_or_nobody' : 'keeper.tricks.lost.graybeard') : 'keeper.tricks.lost', lost);
    return n(two ? 'keeper.tricks.counted.two' : 'keeper.tricks.counted', cards);
  },
  graybeardWon: (count, alsoNobody) => n(alsoNobody ? 'keeper.graybeard.won_or_nobody' : 'keeper.graybeard.won', count),
};

// scoreParts words one seat's points part by part, as the server broke
// them down: "bid +40 · bonus +20", "bid −10 · 30 bonus lost".
export function scoreParts(s) {
  if (!s) return '';
  const parts = [t('keeper.part.bid', { Points: signed(s.bid_points) })];
  if (s.bonus > 0) {
    const args = { Points: signed(s.bonus_points), Bonus: s.bonus };
    parts.push(t(s.bonus_points === s.bonus ? 'keeper.part.bonus' : s.bonus_points > 0 ? 'keeper.part.bonus_of' : 'keeper.part.bonus_lost', args));
  }
  if (s.wager) parts.push(t('keeper.part.wager', { Points: signed(s.wager_points) }));
  if (s.loot_points) parts.push(t('keeper.part.loot', { Points: signed(s.loot_points) }));
  return parts.join(' · ');
}
