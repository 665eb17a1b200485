// One table's WebSocket (docs/protocol.md §3), kept alive: when it drops,
// it reconnects by itself with a back-off of 1 s, 2 s, 4 s … up to 30 s
// and says hello again with the same token. The state after the welcome is
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
    // results_once: the server sends the score sheet only when it changes,
    // and the sheet last read on this socket fills the states without it.
    let sheet = null;
    ws.onopen = () => ws.send(JSON.stringify(Object.assign({ type: 'hello', v: VERSION, results_once: true }, this.hello)));
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      if (msg.type === 'welcome') {
        this.welcomed = true;
        this.attempt = 0;
        this.on.status('open');
      }
      if (msg.type === 'state' && msg.view) {
        if (Array.isArray(msg.view.results)) sheet = msg.view.results;
        else if (sheet) msg.view.results = sheet;
      }
      if (msg.type === 'bye' && !msg.reconnect) this.stop();
      this.on.message(msg);
    };
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

  // retryNow skips the rest of the back-off.
  retryNow() {
    if (this.stopped || this.ws) return;
    this.connect();
  }

  // send sends a message and returns the id its ack or error will echo.
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || !this.welcomed) return 0;
    const id = this.nextId++;
    this.ws.send(JSON.stringify(Object.assign({ id }, msg)));
    return id;
  }

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
