// Following on another phone: the totals of a sheet, read-only, kept live
// by the follow link.

import { h, announce } from '/assets/dom.js';
import { t, n, list } from '/assets/locale.js';
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
  const line = () => {
    const over = sh.score && sh.score.over;
    const id = `keeper.follow.${net === 'offline' ? 'offline' : 'live'}${over ? '.over' : ''}`;
    return h('p', { class: net === 'offline' ? 'sk-pending' : 'muted', id: 'following' }, n(id, sh.rounds.length));
  };
  const draw = () => {
    main.replaceChildren(h('h1', {}, sh.title || list(sh.players)), line(), totalsScreen(sh, null));
    fitScrollers(main);
  };
  draw();
  const watch = live(token, first.version, {
    sheet: (x) => { sh = x; draw(); announce(t('keeper.follow.changed')); },
    state: (s) => { if (s === net) return; net = s; const old = document.getElementById('following'); if (old) old.replaceWith(line()); },
  });
  page.leave = watch.stop;
}
