// Following on another phone: the totals of a sheet, read-only, kept live
// by the follow link.

import { h, announce, plural, names } from '/assets/dom.js';
import { live } from './keeper-live.js';
import { fitScrollers, totalsScreen } from './keeper-totals.js';

// follow is a phone holding the follow link: the totals, read-only, kept
// live by the same questions as the keeper's (live).
export function follow(page, token, first) {
  const { main } = page;
  let sh = first;
  let net = 'live';
  // The line saying how current the score shown is: followed live, or
  // as last received while the server cannot be reached.
  const line = () => h('p', { class: net === 'offline' ? 'sk-pending' : 'muted', id: 'following' },
    net === 'offline' ? 'Offline: the score as last received; it follows again once back online' : 'Following live',
    ` · ${plural(sh.rounds.length, 'round')} entered`, sh.score && sh.score.over ? ' · game over' : '');
  const draw = () => {
    main.replaceChildren(h('h1', {}, sh.title || names(sh.players)), line(), totalsScreen(sh, null));
    fitScrollers(main);
  };
  draw();
  const watch = live(token, first.version, {
    sheet: (x) => { sh = x; draw(); announce('The score changed.'); },
    state: (s) => { if (s === net) return; net = s; const old = document.getElementById('following'); if (old) old.replaceWith(line()); },
  });
  page.leave = watch.stop;
}
