// The two players' clocks: time left for White and Black, an increment added to a side's
// time when it completes a move (Fischer), and the side whose clock runs. Times are in
// milliseconds; the running clock is measured with performance.now(), so a slow page
// never loses or gains time, and a flag is noticed by the owner's tick (see main.js).
export class Clocks {
  // base and increment in ms; `remaining` to go on from saved times ({w, b}).
  constructor({ base, increment }, remaining = null) {
    this.base = base;
    this.increment = increment;
    this.left = remaining ? { ...remaining } : { w: base, b: base };
    this.running = null;  // 'w', 'b' or null
    this.since = 0;
  }

  // Time left for `color` now.
  remaining(color) {
    const left = this.left[color];
    return this.running === color ? left - (performance.now() - this.since) : left;
  }

  start(color) {
    this.stop();
    this.running = color;
    this.since = performance.now();
  }

  stop() {
    if (this.running) this.left[this.running] = this.remaining(this.running);
    this.running = null;
  }

  // `color` completed a move: its increment, and the other clock runs.
  moved(color) {
    this.stop();
    this.left[color] += this.increment;
    this.start(color === 'w' ? 'b' : 'w');
  }

  // The side whose time is used up, if any.
  flagged() {
    return this.running && this.remaining(this.running) <= 0 ? this.running : null;
  }

  snapshot() {
    return { w: Math.max(0, this.remaining('w')), b: Math.max(0, this.remaining('b')) };
  }
}

// m:ss, or m:ss.t in the last ten seconds; never below zero.
export function formatClock(ms) {
  const clamped = Math.max(0, ms);
  const tenths = Math.floor(clamped / 100);
  const seconds = Math.floor(tenths / 10), minutes = Math.floor(seconds / 60);
  const ss = String(seconds % 60).padStart(2, '0');
  if (clamped < 10000) return `${minutes}:${ss}.${tenths % 10}`;
  if (minutes >= 60) return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${ss}`;
  return `${minutes}:${ss}`;
}
