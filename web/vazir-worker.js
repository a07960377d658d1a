// Vazir, a UCI chess engine, in a Web Worker. Post one UCI command per message (a string);
// every line the engine writes comes back as one message (a string), as with stockfish.js:
//
//   const engine = new Worker('vazir-worker.js');
//   engine.onmessage = (e) => console.log(e.data);
//   engine.postMessage('uci');
//
// Two builds sit beside this file. Where the page is cross-origin isolated (served with
// COOP same-origin and COEP require-corp) the browser has SharedArrayBuffer and the
// threaded one runs: searches go on in threads of their own, so `stop` and `isready`
// are answered during a search and `Threads` can be raised. Anywhere else the build
// without threads runs: each command is carried out to its end before the next one is
// read, so only finite searches (a clock, depth, nodes or movetime) make sense there; an
// endless one (`go infinite`) is searched for ten seconds. Its `id name` line names the
// build: wasm-simd128-threads or wasm-simd128.
'use strict';

const threaded = self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
const build = threaded ? 'vazir-threads' : 'vazir-single';
const buildUrl = new URL(build + '.js', self.location.href).href;
importScripts(buildUrl);  // defines VazirEngine, the module factory

let engine = null;
const waiting = [];  // commands that came before the engine was ready

function command(line) {
  engine.ccall('vazir_command', null, ['string'], [String(line)]);
}

self.onmessage = (event) => {
  // A message may hold several lines; each is one command.
  for (const line of String(event.data).split(/\r?\n/)) {
    if (engine) command(line);
    else waiting.push(line);
  }
};

VazirEngine({
  // The threads' workers load the same script: it is named here because a worker has no
  // document to find it from.
  mainScriptUrlOrBlob: buildUrl,
  onLine: (line) => self.postMessage(line),
  printErr: (text) => console.warn('vazir:', text),
}).then((module) => {
  engine = module;
  for (const line of waiting.splice(0)) command(line);
}, (error) => {
  self.postMessage('info string the engine failed to start: ' + error);
});
