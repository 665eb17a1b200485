// Games on this device: tables run by the game's engine in a Web Worker
// (local-worker.js), against bots, with no network at all. The table page
// reaches one through LocalConn, which reads and sends the frames a
// server's WebSocket does, and is otherwise the same page.
//
// The worker keeps nothing: every write to a table (its row, the actions
// appended to its log, its record at the end) comes here first, and is
// kept in local storage ('sk.local.<id>') before any frame tells of it, so
// that a reload brings the table back where it was. Finished games stay
// with their records until the player forgets them: the record can be
// downloaded, or, online and on the player's word, sent to the server for
// the captain's review (POST /api/records).

import { TableConn } from './conn.js';
import { api } from './api.js';

const PREFIX = 'sk.local.';

let worker = null;
let ready = null;
let nextLine = 1;
let nextRid = 1;
const answers = new Map();
const lines = new Map();

// kept is the table id as this device keeps it: {row, log, record}.
export function kept(id) {
  try { return JSON.parse(localStorage.getItem(PREFIX + id)); } catch (e) { return null; }
}

function keep(change) {
  const s = kept(change.table) || { row: null, log: [] };
  if (change.row) s.row = change.row;
  if (change.append) s.log.push(...change.append);
  if (change.record) s.record = change.record;
  // Local storage is written at once: the frames that tell of this write
  // come after it.
  localStorage.setItem(PREFIX + change.table, JSON.stringify(s));
}

// keptIds lists the tables kept on this device, newest first.
function keptIds() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k && k.startsWith(PREFIX)) ids.push(k.slice(PREFIX.length));
  }
  const at = (id) => { const s = kept(id); return (s && s.row && Date.parse(s.row.CreatedAt)) || 0; };
  return ids.sort((a, b) => at(b) - at(a));
}

function ask(msg) {
  const rid = nextRid++;
  return new Promise((resolve) => {
    answers.set(rid, resolve);
    worker.postMessage(Object.assign({ rid }, msg));
  });
}

// engine starts the worker once, and gives it back every table kept here.
export function engine() {
  if (ready) return ready;
  ready = new Promise((resolve, reject) => {
    // From here to the engine's being ready is the start measured
    // ("sk-local-start": fetching and compiling the module, restoring the
    // tables kept).
    performance.mark('sk-local-fetch');
    worker = new Worker('/assets/local-worker.js');
    // The bots' pause before each move: the server's, unless the device
    // says otherwise ('sk.local.bot_delay', in milliseconds; 0 for none).
    const delay = localStorage.getItem('sk.local.bot_delay');
    worker.postMessage({ op: 'start', botDelay: delay === null || delay === '' ? undefined : Number(delay) });
    worker.onmessage = (e) => {
      const m = e.data;
      switch (m.op) {
        case 'ready':
          Promise.all(keptIds().map((id) => ask({ op: 'restore', saved: localStorage.getItem(PREFIX + id) })
            .then((a) => { if (a.error) console.warn(id, a.error); }))).then(() => {
            performance.measure('sk-local-start', 'sk-local-fetch');
            resolve();
          });
          break;
        case 'failed': ready = null; reject(new Error(m.error)); break;
        case 'keep': keep(JSON.parse(m.change)); break;
        case 'frame': { const l = lines.get(m.line); if (l) l.delivered(m.data, m.close); break; }
        case 'answer': { const f = answers.get(m.rid); answers.delete(m.rid); if (f) f(m); break; }
      }
    };
  });
  return ready;
}

// createLocal makes a table on this device from the body POST /api/tables
// takes: {ok, data} as api() answers, data the response or {problem}.
export async function createLocal(body) {
  await engine();
  const a = await ask({ op: 'create', body: JSON.stringify(body) });
  if (a.problem) return { ok: false, status: 400, data: { problem: JSON.parse(a.problem) } };
  return { ok: true, status: 201, data: JSON.parse(a.response) };
}

// thinking is the bots' decision times on this device so far.
export async function thinking() {
  await engine();
  return JSON.parse((await ask({ op: 'thinking' })).thinking);
}

// localGames are the games kept on this device, newest first:
// {id, over, rounds, record}.
export function localGames() {
  return keptIds().map((id) => {
    const s = kept(id);
    return { id, over: !!(s && s.row && s.row.Status === 'over'), record: s && s.record, at: s && s.row && s.row.CreatedAt };
  }).filter((g) => g.at);
}

// forget drops a game kept on this device.
export function forget(id) { localStorage.removeItem(PREFIX + id); }

// downloadRecord saves the record of a finished game kept here as a file,
// named as the server names its records.
export function downloadRecord(id) {
  const s = kept(id);
  if (!s || !s.record) return;
  const url = URL.createObjectURL(new Blob([JSON.stringify(s.record)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `skullking-${id}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// sendForReview sends the record of a finished game kept here to the
// server, which keeps it as a finished table of its own for the captain's
// review: {ok, data} as api() answers, data.id that table's.
export function sendForReview(id) {
  const s = kept(id);
  return api('POST', '/api/records', s && s.record);
}

// LocalConn is TableConn's line to a table on this device: the same hello,
// the same frames, no network and nothing to reconnect.
export class LocalConn extends TableConn {
  connect() {
    if (this.stopped) return;
    this.welcomed = false;
    this.sheet = null;
    this.on.status('connecting');
    engine().then(() => {
      if (this.stopped) return;
      this.line = nextLine++;
      lines.set(this.line, this);
      worker.postMessage({ op: 'dial', table: this.id, line: this.line });
      this.write(this.helloFrame());
    }, () => this.on.status('lost', 0));
  }

  delivered(data, close) {
    this.receive(data);
    if (close) this.stop();
  }

  open() { return !!this.line; }

  write(data) { worker.postMessage({ op: 'send', line: this.line, data }); }

  retryNow() { if (!this.line) this.connect(); }

  stop() {
    this.stopped = true;
    if (this.line) {
      worker.postMessage({ op: 'hangup', line: this.line });
      lines.delete(this.line);
      this.line = 0;
    }
  }
}
