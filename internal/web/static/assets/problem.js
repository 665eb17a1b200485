// What the server reports went wrong (docs/protocol.md §10, Problems): a
// code and its facts on every error, bye and HTTP error body, worded here
// from the catalogue's error.<code> sentences in the reader's language.
// The server's English beside it (message, reason, error) is for logs and
// is never shown.

import { t, n, has } from './locale.js';

// problemText words a problem; one this page cannot word (a later
// server's) is said as a refusal it cannot explain.
export function problemText(p) {
  if (!p || !p.code || !has('error.' + p.code)) return t('error.unknown');
  const id = 'error.' + p.code;
  const args = p.args || {};
  return typeof args.Count === 'number' ? n(id, args.Count, args) : t(id, args);
}
