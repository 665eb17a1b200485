// The table's chat: one box, built once and moved between redraws, the
// lines kept (at most a hundred, none twice), and the unread mark.

import { h } from './dom.js';
import { t, n } from './locale.js';
import { serverInfo } from './api.js';

// chat gives the table's context (table.js) its chat.
export function chat(ctx) {
  const { st } = ctx;
  // The chat box is built once and moved between redraws, so an open box
  // stays open and a half-typed line survives the moves at the table.
  let chatEl = null;
  let chatForm = null;
  let chatNote = null;
  let chatMark = null;
  function chatBox() {
    if (chatEl) {
      showChatForm();
      return chatEl;
    }
    const input = h('input', { id: 'chat-input', 'data-key': 'chat-input', 'aria-label': t('table.chat.message'), autocomplete: 'off' });
    serverInfo().then((i) => { if (i.max_chat) input.maxLength = i.max_chat; });
    const send = (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (st.conn && st.conn.send({ type: 'chat', text })) input.value = '';
    };
    chatForm = h('form', { onsubmit: send }, input, h('button', { type: 'submit', 'data-key': 'chat-send' }, t('table.chat.send')));
    chatNote = h('p', { class: 'muted', id: 'chat-closed' }, t('table.chat.closed'));
    chatMark = h('span', { class: 'unread', id: 'chat-unread', hidden: true });
    // Opened from the unread mark, which on a phone floats in view
    // wherever the chat is (style.css), the box is brought into view.
    const opened = () => {
      if (!chatEl.open) return;
      st.unread = 0;
      drawUnread();
      chatEl.scrollIntoView({ block: 'nearest' });
    };
    chatEl = h('details', { class: ['chat', 'panel'], id: 'chat', ontoggle: opened },
      h('summary', { 'data-key': 'chat-summary' }, t('table.chat.title'), chatMark),
      h('ol', { id: 'chat-log', 'aria-label': t('table.chat.log') }, chatLines()), chatForm, chatNote);
    showChatForm();
    drawUnread();
    return chatEl;
  }
  // drawUnread marks the closed chat with the number of lines unread.
  function drawUnread() {
    if (!chatMark) return;
    chatMark.hidden = st.unread === 0;
    chatMark.textContent = st.unread ? String(st.unread) : '';
    chatMark.setAttribute('aria-label', n('table.chat.unread', st.unread));
  }
  // showChatForm offers the line to write only to those who may: the
  // players, and spectators when the host allows it.
  function showChatForm() {
    const open = st.seat >= 0 || Boolean(st.info && st.info.spectator_chat);
    chatForm.hidden = !open;
    chatNote.hidden = open;
  }
  // keepLine adds a chat line to the log unless the log holds it already
  // (its number names it), and tells whether it did. A line from someone
  // else while the chat is closed is unread.
  function keepLine(m) {
    if (m.line && st.chat.some((c) => c.line === m.line)) return false;
    st.chat.push(m);
    st.chat.sort((a, b) => (a.line || 0) - (b.line || 0));
    // A line older than the hundred the page keeps is not kept either.
    if (st.chat.length > 100 && st.chat.shift() === m) return false;
    if (!(chatEl && chatEl.open) && !(st.seat >= 0 && m.seat === st.seat)) st.unread++;
    return true;
  }
  // catchUp takes a welcome's chat history: the lines said while this page
  // was away (or before it came) join the log, those it shows already are
  // not repeated.
  function catchUp(lines) {
    let added = 0;
    for (const l of lines) if (keepLine(l)) added++;
    if (added) drawChat();
  }
  function chatLines() {
    return st.chat.map((c) => h('li', {}, h('strong', {}, c.name), ': ', c.text));
  }
  function drawChat() {
    const log = document.getElementById('chat-log');
    if (log) { log.replaceChildren(...chatLines()); log.scrollTop = log.scrollHeight; }
    drawUnread();
  }

  return { catchUp, chatBox, chatLines, drawChat, drawUnread, keepLine, showChatForm };
}
