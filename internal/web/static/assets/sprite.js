// The cards' symbols (cards.js draws them): one per suit and special card,
// drawn for this project. Each uses currentColor, so the card's CSS gives
// it its colour. It is markup, not words: the cards' names are the
// catalogue's.

const SPRITE = `
<symbol id="sym-parrot" viewBox="0 0 64 64">
  <path fill="currentColor" d="M40 6c-8 0-14 5-15 12-7 4-11 12-11 21 0 7 3 12 8 16l-6 9h7l4-6c3 1 6 1 9 1l3 5h6l-4-7c5-4 8-11 8-19V24c0-2 0-4-1-5 4-1 7 0 9 3 1-8-6-16-17-16z"/>
  <path fill="currentColor" d="M47 14c5 0 10 3 11 9-2-2-5-3-8-2z"/>
  <circle cx="40" cy="15" r="3" fill="#fffbe9"/><circle cx="40.6" cy="15" r="1.4" fill="#111"/>
  <path d="M24 28c2 8 6 14 14 18" fill="none" stroke="#fffbe9" stroke-opacity=".55" stroke-width="3" stroke-linecap="round"/>
  <path d="M26 38c2 5 5 8 10 10" fill="none" stroke="#fffbe9" stroke-opacity=".55" stroke-width="3" stroke-linecap="round"/>
</symbol>
<symbol id="sym-chest" viewBox="0 0 64 64">
  <path fill="currentColor" d="M8 30v-8C8 14 18 9 32 9s24 5 24 13v8z"/>
  <rect x="8" y="32" width="48" height="24" rx="3" fill="currentColor"/>
  <path d="M18 12v44M46 12v44" stroke="#3b2a07" stroke-opacity=".45" stroke-width="4"/>
  <rect x="27" y="26" width="10" height="13" rx="2" fill="#fffbe9" stroke="#3b2a07" stroke-width="2"/>
  <circle cx="32" cy="32" r="2" fill="#3b2a07"/>
</symbol>
<symbol id="sym-map" viewBox="0 0 64 64">
  <path fill="currentColor" d="M6 14l17-6 18 6 17-6v42l-17 6-18-6-17 6z"/>
  <path d="M23 8v42M41 14v42" stroke="#fffbe9" stroke-opacity=".45" stroke-width="2"/>
  <path d="M12 40c6-2 8-10 16-10s10 6 16-2" fill="none" stroke="#fffbe9" stroke-width="2.5" stroke-dasharray="3 3"/>
  <path d="M44 22l8 8M52 22l-8 8" stroke="#fffbe9" stroke-width="3.5" stroke-linecap="round"/>
</symbol>
<symbol id="sym-roger" viewBox="0 0 64 64">
  <g stroke="currentColor" stroke-width="6" stroke-linecap="round"><path d="M12 42l40 16M52 42L12 58"/></g>
  <g fill="currentColor"><circle cx="9" cy="40" r="4"/><circle cx="11" cy="46" r="4"/><circle cx="55" cy="40" r="4"/><circle cx="53" cy="46" r="4"/>
  <circle cx="9" cy="60" r="3.5"/><circle cx="55" cy="60" r="3.5"/></g>
  <path fill="currentColor" d="M32 4C19 4 11 12 11 24c0 7 3 11 7 13v7h28v-7c4-2 7-6 7-13C53 12 45 4 32 4z"/>
  <ellipse cx="23" cy="24" rx="6" ry="6.5" fill="#fffbe9"/><ellipse cx="41" cy="24" rx="6" ry="6.5" fill="#fffbe9"/>
  <path d="M32 30l-4 7h8z" fill="#fffbe9"/>
  <path d="M24 40v4M29 40v4M35 40v4M40 40v4" stroke="#fffbe9" stroke-width="2"/>
</symbol>
<symbol id="sym-crown" viewBox="0 0 64 64">
  <path fill="currentColor" d="M6 20l12 14 14-24 14 24 12-14-4 30H10z"/>
  <rect x="10" y="50" width="44" height="8" rx="2" fill="currentColor"/>
  <circle cx="6" cy="19" r="4" fill="currentColor"/><circle cx="32" cy="9" r="4" fill="currentColor"/><circle cx="58" cy="19" r="4" fill="currentColor"/>
  <circle cx="22" cy="54" r="2.5" fill="#fffbe9"/><circle cx="32" cy="54" r="2.5" fill="#c0392b"/><circle cx="42" cy="54" r="2.5" fill="#fffbe9"/>
  <path d="M26 36a6 6 0 0 1 12 0c0 3-2 4-3 5v3h-6v-3c-1-1-3-2-3-5z" fill="#fffbe9"/>
</symbol>
<symbol id="sym-cutlass" viewBox="0 0 64 64">
  <path fill="currentColor" d="M58 4C50 20 38 34 22 44l-4-4C34 30 46 18 58 4z"/>
  <path d="M58 4C52 18 42 30 26 42" fill="none" stroke="#fffbe9" stroke-opacity=".6" stroke-width="1.5"/>
  <path d="M12 34c4 8 10 14 18 18" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round"/>
  <path d="M21 43L9 55" stroke="currentColor" stroke-width="7" stroke-linecap="round"/>
  <circle cx="7" cy="57" r="5" fill="currentColor"/>
</symbol>
<symbol id="sym-tail" viewBox="0 0 64 64">
  <path fill="currentColor" d="M34 4c-10 8-12 20-8 30 3 8 4 12 1 17-7-3-16-1-21 7 9-2 17-1 24 2 7-3 15-4 24-2-5-8-13-10-20-7-1-7 2-12 4-19 3-11 2-21-4-28z"/>
  <path d="M28 16c3 2 6 2 9 0M27 23c3 2 7 2 10 0M27 30c3 2 7 2 10 0M28 37c3 2 6 2 8 0" fill="none" stroke="#fffbe9" stroke-opacity=".6" stroke-width="2" stroke-linecap="round"/>
</symbol>
<symbol id="sym-flag" viewBox="0 0 64 64">
  <rect x="10" y="4" width="5" height="58" rx="2.5" fill="currentColor"/>
  <path d="M15 8c10-5 18 5 28 0s10-2 14 0v26c-4-2-6-3-14 0s-18-5-28 0z" fill="#fff" stroke="currentColor" stroke-width="3" stroke-linejoin="round"/>
</symbol>
<symbol id="sym-tigress" viewBox="0 0 64 64">
  <path fill="currentColor" d="M10 6l14 10h16l14-10-2 20c4 5 6 11 6 17 0 12-12 17-26 17S6 55 6 43c0-6 2-12 6-17z"/>
  <path d="M32 18v9M22 20l3 8M42 20l-3 8M10 36h8M10 44h8M46 36h8M46 44h8" stroke="#1b1208" stroke-width="3" stroke-linecap="round"/>
  <path d="M18 34l8 3-8 3zM46 34l-8 3 8 3z" fill="#fffbe9"/>
  <path d="M28 44h8l-4 5z" fill="#1b1208"/>
  <path d="M32 49c-2 4-6 5-9 3M32 49c2 4 6 5 9 3" fill="none" stroke="#1b1208" stroke-width="2"/>
</symbol>
<symbol id="sym-kraken" viewBox="0 0 64 64">
  <path fill="currentColor" d="M18 30C16 14 24 4 32 4s16 10 14 26z"/>
  <circle cx="26" cy="22" r="3" fill="#fffbe9"/><circle cx="38" cy="22" r="3" fill="#fffbe9"/>
  <g fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round">
    <path d="M20 30c-6 6-14 6-14 14s8 8 8 2"/><path d="M26 31c-2 10-8 14-6 22s8 4 6 0"/>
    <path d="M38 31c2 10 8 14 6 22s-8 4-6 0"/><path d="M44 30c6 6 14 6 14 14s-8 8-8 2"/>
  </g>
</symbol>
<symbol id="sym-whale" viewBox="0 0 64 64">
  <path d="M4 38c0-12 13-18 27-18 13 0 21 6 22 15l7-9v22l-7-5c-3 8-13 12-24 12C13 55 4 48 4 38z" fill="#fff" stroke="currentColor" stroke-width="3" stroke-linejoin="round"/>
  <circle cx="16" cy="36" r="2.6" fill="currentColor"/>
  <path d="M8 44c6 3 14 3 20 1" fill="none" stroke="currentColor" stroke-width="2"/>
  <path d="M26 18c0-6-4-8-8-10M26 18c0-6 4-9 8-10" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>
</symbol>
<symbol id="sym-coins" viewBox="0 0 64 64">
  <g fill="currentColor" stroke="#3b2a07" stroke-width="2">
    <ellipse cx="24" cy="52" rx="16" ry="6"/><ellipse cx="24" cy="46" rx="16" ry="6"/><ellipse cx="24" cy="40" rx="16" ry="6"/><ellipse cx="24" cy="34" rx="16" ry="6"/>
    <circle cx="44" cy="34" r="15"/>
  </g>
  <circle cx="44" cy="34" r="10" fill="none" stroke="#3b2a07" stroke-width="2"/>
  <path d="M40 28l8 12M48 28l-8 12" stroke="#3b2a07" stroke-width="2.5" stroke-linecap="round"/>
</symbol>`;

// installSprite puts the symbols into the page once.
export function installSprite() {
  if (document.getElementById('sk-sprite')) return;
  const wrap = document.createElement('div');
  wrap.hidden = true;
  wrap.id = 'sk-sprite';
  // The sprite is this file's own constant markup, never server data.
  wrap.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg">${SPRITE}</svg>`;
  document.body.prepend(wrap);
}
