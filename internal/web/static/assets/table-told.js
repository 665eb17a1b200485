// Telling the player it is their turn, for a player who looks elsewhere:
// two short tones made in the page, a vibration on a phone, and, while
// the tab is hidden, a system notification. Each is switched in the help
// window and remembered in local storage; sound and vibration start on,
// notifications off, as they need the browser's permission, which is
// asked only when the player turns them on.
//
// The page decides that it is the player's turn where it sets the tab's
// title (table-game.js): the live view offers this seat an action. This
// module is told at that same place on every redraw, and speaks once per
// turn: a turn is known by its round, phase, trick and the kinds of
// action offered, so a redraw of the same turn says nothing again.

import { h } from './dom.js';
import { remember } from './api.js';
import { t } from './locale.js';

// The switches, each with its label and whether it starts on.
export const TOLD = [['sound', 'table.told.sound', true], ['vibrate', 'table.told.vibrate', true], ['notify', 'table.told.notify', false]];

// toldOn says whether the player wants to be told by this means.
export function toldOn(kind) {
  const v = remember.told(kind);
  if (v === 'on') return true;
  if (v === 'off') return false;
  const d = TOLD.find((x) => x[0] === kind);
  return Boolean(d && d[2]);
}

// The two tones: a rising pair, short enough not to be a tune. Each is
// [frequency in Hz, start in s, length in s].
const TONES = [[660, 0, 0.12], [880, 0.16, 0.16]];
const VIBRATION = [80, 60, 80];

// told gives the table's context (table.js) the means of telling.
export function told(ctx) {
  const { st, id } = ctx;
  let lastTurn = '';
  let audio = null;
  let note = null;

  // An AudioContext made before the page has been touched starts muted:
  // the first touch or key at the table makes (or wakes) it, so the
  // tones are heard on the first turn after a reload too.
  const wake = () => { if (toldOn('sound')) sound(false); };
  document.addEventListener('pointerdown', wake, true);
  document.addEventListener('keydown', wake, true);
  // The notification has done its work once the player is back.
  const onVisible = () => { if (document.visibilityState === 'visible') closeNote(); };
  document.addEventListener('visibilitychange', onVisible);

  // tellTurn is called with the live view and the kinds of action it
  // offers this seat, each time the game screen is drawn.
  function tellTurn(v, kinds) {
    const turn = kinds.size ? `${v.round}.${v.phase}.${v.trick_no}.${[...kinds].sort().join()}` : '';
    if (!turn) { closeNote(); return; }
    if (turn === lastTurn) return;
    lastTurn = turn;
    if (toldOn('sound')) sound(true);
    // A browser vibrates only for a page the player has touched (and says
    // so in the console otherwise): a reloaded page waits for that touch.
    const touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (toldOn('vibrate') && typeof navigator.vibrate === 'function' && touched) {
      try { navigator.vibrate(VIBRATION); } catch (e) { /* no vibration without a touch first */ }
    }
    if (toldOn('notify') && document.visibilityState === 'hidden') notify(v, kinds);
  }

  // sound makes the AudioContext when there is none and wakes it; with
  // play, it plays the two tones.
  function sound(play) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    try {
      if (!audio) audio = new AC();
      if (audio.state === 'suspended') audio.resume().catch(() => {});
      if (!play) return;
      const at = audio.currentTime + 0.02;
      for (const [freq, start, length] of TONES) {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.type = 'sine';
        osc.frequency.value = freq;
        // A quick rise and fall: a tone cut off square clicks.
        gain.gain.setValueAtTime(0.0001, at + start);
        gain.gain.exponentialRampToValueAtTime(0.2, at + start + 0.015);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + start + length);
        osc.connect(gain).connect(audio.destination);
        osc.start(at + start);
        osc.stop(at + start + length + 0.02);
      }
    } catch (e) { /* a page without sound plays on silently */ }
  }

  function notify(v, kinds) {
    if (typeof Notification !== 'function' || Notification.permission !== 'granted') return;
    const info = st.info || {};
    const title = info.name ? t('table.told.title.named', { Name: info.name }) : t('table.told.title', { Code: id });
    const body = kinds.has('bid') ? t('table.told.bid', { Round: v.round }) : kinds.has('play') ? t('table.told.play', { Round: v.round }) : t('table.told.decision', { Round: v.round });
    // One tag a table: the next turn's notification replaces this one.
    const opts = { body, tag: 'sk-turn-' + id, renotify: true, data: { url: location.pathname } };
    closeNote();
    try {
      note = new Notification(title, opts);
      note.onclick = () => { window.focus(); closeNote(); };
    } catch (e) {
      // Chrome on Android shows notifications only through a service
      // worker.
      note = null;
      if (navigator.serviceWorker && navigator.serviceWorker.controller) {
        navigator.serviceWorker.ready.then((reg) => reg.showNotification(title, opts)).catch(() => {});
      }
    }
  }

  function closeNote() {
    if (note) { try { note.close(); } catch (e) { /* gone already */ } }
    note = null;
  }

  // toldSwitches are the help window's switches, one a means of telling.
  // Turning notifications on asks the browser's permission, on that
  // click; a browser that refuses leaves the switch off and says why.
  function toldSwitches() {
    const why = h('p', { class: 'muted', id: 'told-why', role: 'status' });
    const canNotify = typeof Notification === 'function';
    const rows = TOLD.map(([kind, label]) => {
      if (kind === 'vibrate' && typeof navigator.vibrate !== 'function') return null;
      // Notifications the browser no longer allows show as off: a click
      // asks again.
      const off = kind === 'notify' && (!canNotify || Notification.permission !== 'granted');
      const box = h('input', { type: 'checkbox', id: 'told-' + kind, 'data-key': 'told-' + kind,
        checked: toldOn(kind) && !off, disabled: kind === 'notify' && !canNotify,
        onchange: () => flip(kind, box, why) });
      return h('div', { class: 'opt' }, box, h('label', { for: 'told-' + kind }, t(label)));
    });
    if (!canNotify) why.textContent = t('table.told.unsupported');
    else if (Notification.permission === 'denied') why.textContent = t('table.told.blocked');
    return h('div', { class: 'told', id: 'told' }, rows, why);
  }

  async function flip(kind, box, why) {
    why.textContent = '';
    if (!box.checked) { remember.setTold(kind, 'off'); if (kind === 'notify') closeNote(); return; }
    if (kind === 'notify' && Notification.permission !== 'granted') {
      let answer = 'denied';
      try { answer = await Notification.requestPermission(); } catch (e) { /* an old browser's callback form */ }
      if (answer !== 'granted') {
        box.checked = false;
        remember.setTold(kind, 'off');
        why.textContent = t('table.told.blocked');
        return;
      }
    }
    remember.setTold(kind, 'on');
    // The switch is its own sample: the tones or the buzz now, on the
    // player's click.
    if (kind === 'sound') sound(true);
    if (kind === 'vibrate') { try { navigator.vibrate(VIBRATION); } catch (e) { /* none */ } }
  }

  function stopTold() {
    document.removeEventListener('pointerdown', wake, true);
    document.removeEventListener('keydown', wake, true);
    document.removeEventListener('visibilitychange', onVisible);
    closeNote();
    if (audio) audio.close().catch(() => {});
  }

  return { stopTold, tellTurn, toldSwitches };
}
