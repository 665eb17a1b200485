// The engine on the phone: the server's own scoring, compiled from Go to
// WebAssembly (engine.wasm, built by `go generate ./internal/web`), for
// the rounds entered while the server cannot be reached. It takes a sheet
// as the page sends it to the server and answers what the server would:
// the sheet's score, or the refusal ({ error, code, round }) with the
// server's sentence; its checkRound answers a round being entered as POST
// /api/sheets/check does, and its checkRules a change of rules as POST
// /api/sheets/check-rules does. This page still works out no point itself.
//
// The module is fetched on first use only (the service worker keeps it for
// offline use), and the time from its fetch to the engine being ready is
// the performance measure "sk-engine-start".

let loading = null;
let ready = null; // the scoring function, once the module runs

// engine resolves to the scoring function once the module runs; a failed
// load is tried again on the next call.
export function engine() {
  if (!loading) loading = start().catch((err) => { loading = null; throw err; });
  return loading;
}

// engineNow is the scoring function if the module runs already, else null:
// for a page that must answer at once, as it draws.
export function engineNow() { return ready; }

async function start() {
  performance.mark('sk-engine-fetch');
  await import('/sheet/assets/wasm_exec.js'); // defines globalThis.Go
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiateStreaming(fetch('/sheet/assets/engine.wasm'), go.importObject);
  // The Go program sets its function and waits for calls; run returns
  // only if it stops, which makes the engine load again.
  go.run(instance).finally(() => { loading = null; ready = null; });
  const score = globalThis.skullkingScoreSheet, check = globalThis.skullkingCheckRound;
  if (typeof score !== 'function' || typeof check !== 'function') throw new TypeError('skullkingScoreSheet'); // the module set no function
  performance.measure('sk-engine-start', 'sk-engine-fetch');
  const scoreSheet = (sheet) => JSON.parse(score(JSON.stringify(sheet)));
  // checkRound takes the body of POST /api/sheets/check.
  scoreSheet.checkRound = (req) => JSON.parse(check(JSON.stringify(req)));
  // checkRules takes the body of POST /api/sheets/check-rules. A module
  // kept from an older release lacks it: the page then says the change
  // waits for the server rather than guess what it removes.
  const rules = globalThis.skullkingCheckRules;
  if (typeof rules === 'function') scoreSheet.checkRules = (req) => JSON.parse(rules(JSON.stringify(req)));
  ready = scoreSheet;
  return scoreSheet;
}
