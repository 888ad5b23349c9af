// Timed moments over the board (votes turned over, cards flipped one by one, a trick won), one
// after another. A moment is { label, duration (s), cues: [[at (s), cue]], render(ctx) -> node };
// its movements are CSS animations delayed to their times (--at), so the picture and the sounds
// keep in step. With reduced motion the same steps happen as cuts, at the same times.
// When the room moves faster than the moments (a burst after a reconnection), the oldest are
// dropped: the board always catches up with the game.

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
    this.ctx = null;
  }

  get busy() {
    return this.showing !== null || this.queue.length > 0;
  }

  push(moments, ctx) {
    this.ctx = ctx;
    this.queue.push(...moments);
    while (this.queue.length > MAX_QUEUED) this.queue.shift();
    if (!this.showing) this.next();
  }

  /** Draw the moment again (a new language) where it is, without replaying its sounds. */
  redraw(ctx) {
    this.ctx = ctx;
    if (this.showing) this.draw();
  }

  next() {
    this.clear();
    this.showing = this.queue.shift() || null;
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
    this.timers.push(setTimeout(() => this.next(), this.showing.duration * 1000));
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
