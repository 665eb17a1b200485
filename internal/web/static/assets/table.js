// The table screen: the seat picker of an invite link, the table before
// the start (seats, invite link, host tools), the game itself, the score
// sheet and the end of the game. It draws only what the server sends and
// keeps no rule of its own: the view holds this seat's hand with each card
// marked playable or refused (a refusal code and its facts), the legal
// actions (sent back as they are), every completed trick with the reason it
// was won, and every round scored part by part (docs/protocol.md). words.js
// words those codes; the catalogue (catalog.js) names and draws the cards.
//
// Pacing: a completed trick stays on the table, with its sentence, until
// the next trick starts; when the next trick would start at once (a bot
// leads), the page holds the states that follow for a short pause the
// player can skip or turn off (remembered in local storage). What the
// player did never waits behind that pause: the hand, the turn line and
// the decisions are drawn from the newest state that holds the player's
// own action, while the trick on the table and the other seats show the
// held states in turn.
//
// openTable holds the table's state (st) and builds one context object of
// that state and the functions of the modules below, each handed the
// context and answering for one part of the screen:
//   table-conn.js     the connection and the server's messages, actions sent
//   table-pace.js     the queue of states and the pause after a trick
//   table-state.js    what a state changes: announcements, focus, the redraw
//   table-lobby.js    the seat picker and the table before the start
//   table-game.js     the game screen: bar, seats, turn line, game over
//   table-felt.js     the trick on the table
//   table-dock.js     the decisions and the hand
//   table-dialogs.js  the sheet, chart, tricks and help windows
//   table-chat.js     the chat
//   table-keys.js     the keyboard
//   table-told.js     telling the player it is their turn: a sound, a
//                     vibration, a notification while the tab is hidden

import { h } from './dom.js';
import { t } from './locale.js';
import { remember } from './api.js';
import { cardOf } from './catalog.js';
import { Words } from './words.js';
import { connection } from './table-conn.js';
import { pacing } from './table-pace.js';
import { stateView } from './table-state.js';
import { lobbyViews } from './table-lobby.js';
import { gameViews } from './table-game.js';
import { feltViews } from './table-felt.js';
import { dockViews } from './table-dock.js';
import { dialogs } from './table-dialogs.js';
import { chat } from './table-chat.js';
import { keys } from './table-keys.js';
import { told } from './table-told.js';

// local says the table runs on this device (local.js), not on the server.
export function openTable(root, id, navigate, local = false) {
  const st = {
    conn: null, seat: -1, info: null, view: null, words: new Words([], -1, false), seq: -1, deadline: 0,
    bidPick: null, digits: '', digitAt: 0, tigress: null, picked: new Set(), fresh: new Set(), handFocus: -1,
    stoodIn: [], stoodInSaid: false,
    busy: false, busyTimer: 0, chat: [], unread: 0, focusNext: '', why: null, gone: false, sheetMode: 'sheet',
    stageRound: -1, stageTrick: '', queue: [], own: null, ownShown: null, actId: 0, holdTimer: 0, holding: false, holdMine: false, shown: { key: '', at: 0 }, said: '',
  };
  const sheetDlg = h('dialog', { id: 'sheet-dialog', 'aria-labelledby': 'sheet-title' });
  const helpDlg = h('dialog', { id: 'help-dialog', 'aria-labelledby': 'help-title' });
  document.body.append(sheetDlg, helpDlg);

  // ctx is what every module of the table shares: the state, the screen's
  // root, the table's id, the windows, the helpers below, and each
  // module's functions (render, act, pump, …) once they are made.
  const ctx = { st, root, id, navigate, sheetDlg, helpDlg, local };
  // path is the page of table id, on the server or on this device.
  ctx.path = (table) => (local ? '/play/' : '/t/') + table;
  ctx.isHost = () => st.seat >= 0 && st.info && st.info.host === st.seat;
  ctx.name = (i) => (st.view && st.view.seats[i] ? (st.view.seats[i].graybeard ? t('name.graybeard') : st.view.seats[i].name) : st.info && st.info.seats[i] ? st.info.seats[i].name || t('name.seat', { Number: i + 1 }) : t('name.seat', { Number: i + 1 }));
  ctx.who = (i) => (i === st.seat ? t('name.you') : ctx.name(i));
  // art is a card's catalogue entry; the view says whether Pirates are named.
  ctx.art = (ref) => cardOf(ref && ref.card);
  // live is the view the player's own hand, turn and decisions are drawn
  // from: the newest state holding the player's own action while the pause
  // still holds it back from the table, else the view on the table. A card
  // played stays played, and a decision taken is not offered again, however
  // long the completed trick stays in view.
  ctx.live = () => (st.own ? st.own.view : st.view);
  ctx.liveDeadline = () => (st.own ? st.own.deadline || 0 : st.deadline);

  for (const part of [connection, pacing, stateView, lobbyViews, gameViews, feltViews, dockViews, dialogs, chat, keys, told]) {
    Object.assign(ctx, part(ctx));
  }
  const { onKey, placeStage } = ctx;

  document.addEventListener('keydown', onKey);
  // A phone turned, or a window resized, shows the trick again.
  const onResize = () => {
    const stage = root.querySelector('#stage');
    if (!stage || !st.view) return;
    st.stageTrick = '';
    placeStage(stage, stage.scrollTop);
  };
  window.addEventListener('resize', onResize);

  // ---- start -------------------------------------------------------------

  const saved = remember.seat(id);
  if (saved && saved.token && !new URLSearchParams(location.search).has('watch')) ctx.connect({ token: saved.token });
  else if (local) ctx.notHere();
  else ctx.picker();

  return () => {
    st.gone = true;
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('resize', onResize);
    document.body.classList.remove('at-table', 'in-game');
    ctx.stopClock();
    ctx.stopTold();
    if (st.conn) st.conn.stop();
    sheetDlg.remove();
    helpDlg.remove();
    const banner = document.getElementById('banner');
    clearInterval(banner._tick);
    banner.hidden = true;
  };
}
