// The table on the device: a Web Worker that runs the game's engine,
// compiled from Go to WebAssembly (the module the score keeper uses too,
// built by `go generate ./internal/web`), with the server's own table
// actor and bots in it (package localtable). The page talks to it as it
// would to a server: frames in, frames out. It keeps nothing itself: every
// write to a table comes back to the page ('keep') before any frame that
// tells of it, and the page keeps it on the device.
//
// Messages from the page: {op:'start', botDelay} first, then
// {op:'restore', saved, rid}, {op:'create', body,
// rid}, {op:'dial', table, line}, {op:'send', line, data},
// {op:'hangup', line}, {op:'record', table, rid}, {op:'thinking', rid}.
// To the page: {op:'ready'} once, {op:'keep', change}, {op:'frame', line,
// data, close}, {op:'answer', rid, ...}.

importScripts('/sheet/assets/wasm_exec.js'); // defines self.Go

const lines = new Map(); // the page's line number → the engine's
const waiting = []; // messages that came before the engine was ready

async function start() {
  const go = new self.Go();
  const { instance } = await WebAssembly.instantiateStreaming(fetch('/sheet/assets/engine.wasm'), go.importObject);
  go.run(instance);
  postMessage({ op: 'ready' });
  for (const m of waiting.splice(0)) handle(m);
}

function handle(m) {
  const local = self.skullkingLocal;
  switch (m.op) {
    case 'start':
      local.start((change) => postMessage({ op: 'keep', change }), m.botDelay);
      break;
    case 'restore':
      local.restore(m.saved, (error) => postMessage({ op: 'answer', rid: m.rid, error }));
      break;
    case 'create':
      local.create(m.body, (response, problem) => postMessage({ op: 'answer', rid: m.rid, response, problem }));
      break;
    case 'dial':
      lines.set(m.line, local.dial(m.table, (data, close) => postMessage({ op: 'frame', line: m.line, data, close })));
      break;
    case 'send':
      if (lines.has(m.line)) local.send(lines.get(m.line), m.data);
      break;
    case 'hangup':
      if (lines.has(m.line)) local.hangup(lines.get(m.line));
      lines.delete(m.line);
      break;
    case 'record':
      local.record(m.table, (record) => postMessage({ op: 'answer', rid: m.rid, record }));
      break;
    case 'thinking':
      postMessage({ op: 'answer', rid: m.rid, thinking: local.thinking() });
      break;
  }
}

self.onmessage = (e) => {
  if (self.skullkingLocal) handle(e.data); else waiting.push(e.data);
};

start().catch((err) => postMessage({ op: 'failed', error: String(err) }));
