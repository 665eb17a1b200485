// One table's connection: the WebSocket to a server (docs/protocol.md §3),
// or, through LocalConn (local.js), the line to the table on this device,
// which reads and sends the same frames. The WebSocket is kept alive: when
// it drops, it reconnects by itself with a back-off of 1 s, 2 s, 4 s … up
// to 30 s and says hello again with the same token. The state after the welcome is
// complete, so nothing needs replaying.

// The protocol version this client speaks, and its WebSocket subprotocol.
export const VERSION = 2;
const SUBPROTOCOL = 'skullking.v' + VERSION;

export class TableConn {
  // hello is the hello message (token or spectate); on is {message(msg),
  // status(state, retryMs, reason)}.
  constructor(id, hello, on) {
    this.id = id;
    this.hello = hello;
    this.on = on;
    this.ws = null;
    this.nextId = 1;
    this.attempt = 0;
    this.timer = 0;
    this.stopped = false;
    this.welcomed = false;
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/api/tables/${this.id}/ws`, SUBPROTOCOL);
    this.ws = ws;
    this.welcomed = false;
    this.on.status('connecting');
    this.sheet = null;
    ws.onopen = () => ws.send(this.helloFrame());
    ws.onmessage = (e) => this.receive(e.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) { this.on.status('closed'); return; }
      const wait = Math.min(30000, 1000 * 2 ** this.attempt);
      this.attempt++;
      this.on.status('lost', wait);
      this.timer = setTimeout(() => this.connect(), wait);
    };
  }

  // helloFrame is the first frame of a connection. results_once: the table
  // sends the score sheet only when it changes, and the sheet last read on
  // this connection fills the states without it (receive).
  helloFrame() {
    return JSON.stringify(Object.assign({ type: 'hello', v: VERSION, results_once: true }, this.hello));
  }

  // receive takes one frame from the table and hands its message on.
  receive(data) {
    let msg;
    try { msg = JSON.parse(data); } catch (err) { return; }
    if (msg.type === 'welcome') {
      this.welcomed = true;
      this.attempt = 0;
      this.on.status('open');
    }
    if (msg.type === 'state' && msg.view) {
      if (Array.isArray(msg.view.results)) this.sheet = msg.view.results;
      else if (this.sheet) msg.view.results = this.sheet;
    }
    if (msg.type === 'bye' && !msg.reconnect) this.stop();
    this.on.message(msg);
  }

  // retryNow skips the rest of the back-off.
  retryNow() {
    if (this.stopped || this.ws) return;
    this.connect();
  }

  // send sends a message and returns the id its ack or error will echo.
  send(msg) {
    if (!this.open() || !this.welcomed) return 0;
    const id = this.nextId++;
    this.write(JSON.stringify(Object.assign({ id }, msg)));
    return id;
  }

  // open tells whether a frame can go out now; write sends one.
  open() { return this.ws && this.ws.readyState === WebSocket.OPEN; }
  write(data) { this.ws.send(data); }

  // stop closes for good: no more reconnecting.
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      try { ws.close(1000, 'bye'); } catch (e) { /* already closed */ }
    }
  }
}
