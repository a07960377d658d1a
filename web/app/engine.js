// A UCI client for vazir-worker.js: starts the engine, sets options, and runs one search
// at a time. A search can be cancelled (take back, new game): `stop` is sent and its
// bestmove, when it comes, is dropped. The build without threads reads `stop` only once
// the search has ended, so the page sends it nothing but finite searches, and cancels
// one by starting a fresh worker instead of waiting for it.
export class Engine {
  constructor(workerUrl = 'vazir-worker.js') {
    this.workerUrl = workerUrl;
    this.listeners = new Set();
    this.queue = Promise.resolve();  // searches and option changes, one after the other
    this.current = null;             // the running search's job
    this.applied = {};               // every option set so far, for a fresh worker
    this.name = '';
    this.threaded = false;
    this.worker = this.createWorker();
  }

  createWorker() {
    const worker = new Worker(this.workerUrl);
    worker.onmessage = (e) => {
      for (const listener of [...this.listeners]) listener(String(e.data));
    };
    worker.onerror = (e) => this.onError?.(e.message || 'worker error');
    return worker;
  }

  // Without threads: the running search is dropped with its worker, and a new one gets
  // the same options (the worker holds commands until its engine has loaded).
  restart() {
    this.worker.terminate();
    this.worker = this.createWorker();
    for (const listener of [...this.listeners]) listener('bestmove (none)');  // ends the dropped search's wait
    this.send('uci');
    for (const [name, value] of Object.entries(this.applied)) this.send(`setoption name ${name} value ${value}`);
  }

  send(line) {
    this.worker.postMessage(line);
  }

  // Resolves with the first line for which `pred` holds (and calls onLine for each line).
  waitFor(pred, onLine) {
    return new Promise((resolve) => {
      const listener = (line) => {
        onLine?.(line);
        if (pred(line)) {
          this.listeners.delete(listener);
          resolve(line);
        }
      };
      this.listeners.add(listener);
    });
  }

  // uci, then the options that suit this build, then isready.
  async start({ hashMb = 32 } = {}) {
    const lines = [];
    const done = this.waitFor((l) => l === 'uciok', (l) => lines.push(l));
    this.send('uci');
    await done;
    this.name = (lines.find((l) => l.startsWith('id name ')) || '').slice(8);
    this.threaded = this.name.includes('threads');
    // Leave a core to the page; more than four threads gain little at these times.
    this.threads = this.threaded ? Math.max(1, Math.min(4, (navigator.hardwareConcurrency || 2) - 1)) : 1;
    await this.setOptions({ Hash: hashMb, Threads: this.threads });
  }

  // setoption for each, once no search runs, then isready.
  setOptions(options) {
    return this.enqueue(async () => {
      for (const [name, value] of Object.entries(options)) {
        this.send(`setoption name ${name} value ${value}`);
        this.applied[name] = value;
      }
      const ready = this.waitFor((l) => l === 'readyok');
      this.send('isready');
      await ready;
    });
  }

  newGame() {
    return this.enqueue(async () => {
      this.send('ucinewgame');
      const ready = this.waitFor((l) => l === 'readyok');
      this.send('isready');
      await ready;
    });
  }

  enqueue(task) {
    const run = this.queue.then(task);
    this.queue = run.catch(() => {});
    return run;
  }

  // Searches `go` ("wtime ... btime ...", "movetime 1000", "nodes 100000") from the game
  // given as a start FEN and UCI moves. Returns a job: {promise, cancel()}; the promise
  // gives {bestmove, score, cancelled}, score as {cp} or {mate} from the side to move.
  search({ fen, moves = [], go, onInfo }) {
    const job = { cancelled: false, started: false };
    job.cancel = () => {
      if (job.cancelled) return;
      job.cancelled = true;
      if (job.started && this.current === job) this.threaded ? this.send('stop') : this.restart();
    };
    job.promise = this.enqueue(async () => {
      if (job.cancelled) return { bestmove: null, cancelled: true };
      job.started = true;
      this.current = job;
      let score = null, depth = 0, pv = [];
      const done = this.waitFor((l) => l.startsWith('bestmove'), (l) => {
        const info = parseInfo(l);
        if (info) {
          ({ score, depth, pv } = info);
          if (!job.cancelled) onInfo?.(info);
        }
      });
      this.send(`position fen ${fen}` + (moves.length ? ' moves ' + moves.join(' ') : ''));
      this.send('go ' + go);
      const line = await done;
      this.current = null;
      const bestmove = line.split(/\s+/)[1];
      return { bestmove: bestmove && bestmove !== '(none)' && bestmove !== '0000' ? bestmove : null,
        score, depth, pv, cancelled: job.cancelled };
    });
    return job;
  }
}

// An `info ... score ...` line (not currmove lines): {depth, score: {cp} | {mate}, pv}.
export function parseInfo(line) {
  if (!line.startsWith('info ') || !line.includes(' score ')) return null;
  const words = line.split(/\s+/);
  const at = (key) => words.indexOf(key);
  const s = at('score');
  const score = words[s + 1] === 'mate' ? { mate: Number(words[s + 2]) } : { cp: Number(words[s + 2]) };
  if (words[s + 3] === 'lowerbound' || words[s + 3] === 'upperbound') return null;  // not the final value
  const p = at('pv');
  return { depth: Number(words[at('depth') + 1]) || 0, score, pv: p > 0 ? words.slice(p + 1) : [] };
}
