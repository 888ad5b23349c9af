// Timed moments over the board (votes turned over, cards flipped one by one, a trick won), one
// after another. A moment is { label, duration (s), cues: [[at (s), cue]], render(ctx) -> node },
// and may say `brief` (s: by then its news is all on screen and has been read) and `final` (it
// tells how the game ended); its movements are CSS animations delayed to their times (--at), so
// the picture and the sounds keep in step. With reduced motion the same steps happen as cuts, at
// the same times.
// When the room moves faster than the moments, the board catches up rather than lag behind (the
// TV's director does the same, host/tv/director.py):
// - a moment with another waiting behind it ends at its `brief`, not its full length;
// - beyond MAX_QUEUED waiting, the oldest are dropped (a burst after a reconnection);
// - when a final moment comes, of those still waiting only the latest is kept (how the last
//   round ended), and a moment on screen from an earlier round ends at once: no stale lock is
//   shown after the end, and the end's own beat (the Getaway's accusation) is never dropped.

const MAX_QUEUED = 3;

export class MomentPlayer {
  constructor(host, { play, onChange, onDraw = () => {} }) {
    this.host = host;
    this.play = play;
    this.onChange = onChange;
    this.onDraw = onDraw; // the moment's new node is in place (its text is fitted there)
    this.queue = [];
    this.showing = null;
    this.timers = [];
    this.startedAt = 0;
    this.ends = null; // the timer that ends the moment on screen
    this.ctx = null;
  }

  get busy() {
    return this.showing !== null || this.queue.length > 0;
  }

  push(moments, ctx) {
    this.ctx = ctx;
    let stale = false;
    for (const moment of moments) {
      if (moment.final && this.queue.length) {
        this.queue = this.queue.slice(-1);
        stale = true;
      }
      this.queue.push(moment);
    }
    while (this.queue.length > MAX_QUEUED) {
      const oldest = this.queue.findIndex((moment) => !moment.final);
      if (oldest < 0) break;
      this.queue.splice(oldest, 1);
    }
    if (!this.showing || stale) this.next();
    else this.hurry();
  }

  /** With a moment waiting behind it, the one on screen ends once its news is all shown. */
  hurry() {
    if (!this.showing || !this.queue.length) return;
    const brief = Math.min(this.showing.brief ?? this.showing.duration, this.showing.duration);
    const elapsed = (performance.now() - this.startedAt) / 1000;
    clearTimeout(this.ends);
    this.ends = setTimeout(() => this.next(), Math.max(0, brief - elapsed) * 1000);
    this.host.dataset.hurried = "true";
  }

  /** Draw the moment again (a new language) where it is, without replaying its sounds. */
  redraw(ctx) {
    this.ctx = ctx;
    if (this.showing) this.draw();
  }

  next() {
    this.clear();
    this.showing = this.queue.shift() || null;
    delete this.host.dataset.hurried;
    if (!this.showing) {
      this.host.hidden = true;
      this.host.replaceChildren();
      delete this.host.dataset.label;
      this.onChange();
      return;
    }
    this.startedAt = performance.now();
    this.draw();
    for (const [at, cue] of this.showing.cues || []) {
      this.timers.push(setTimeout(() => this.play(cue), at * 1000));
    }
    this.ends = setTimeout(() => this.next(), this.showing.duration * 1000);
    this.hurry();
    this.onChange();
  }

  draw() {
    const node = this.showing.render(this.ctx);
    // A redraw starts its animations where the moment is now, not from the beginning.
    const elapsed = (performance.now() - this.startedAt) / 1000;
    node.style.setProperty("--elapsed", `${-elapsed.toFixed(3)}s`);
    this.host.replaceChildren(node);
    this.host.dataset.label = this.showing.label;
    this.host.hidden = false;
    this.onDraw(this.host);
  }

  /** End every moment now, on screen and queued (the leader has moved on to the replay). */
  drop() {
    this.queue = [];
    if (this.showing) this.next();
  }

  /** End the moment on screen now (Space); the next one, if any, plays. */
  skip() {
    if (this.showing) this.next();
  }

  clear() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    clearTimeout(this.ends);
    this.ends = null;
  }
}

/**
 * Time `node`'s movement to start `seconds` into its moment (through the CSSOM: the page's
 * Content-Security-Policy refuses style attributes). Returns the node.
 */
export function at(node, seconds) {
  node.style.setProperty("--at", `${seconds}s`);
  return node;
}
