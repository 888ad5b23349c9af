// First-game hints, as the TV window gives them (host/tv/hints.py): with the lobby's "first game"
// option on (room part `first_game`), each rule is explained in one line the first time it
// happens in a game. Each game's module lists its triggers (`hints`): pure tests of two
// consecutive public views, so a hint can betray nothing. A line stays while the moment it
// explains lasts (until the game's phase changes); a new game starts with every hint unseen.

/** A trigger: the game has just entered `phase`. */
export const entered = (phase) => (old, view) =>
  (view.phase === phase && old.phase !== phase ? {} : null);

export class FirstGameHints {
  constructor() {
    this.seen = new Set();
    this.key = null; // the catalog key of the line shown, with its facts
    this.facts = null;
    this.previous = null;
    this.roomPhase = null;
  }

  /** The next public message (again once its game's module has come); `game` is the module of
   * the view's game (null while it loads). */
  receive(ctx, game) {
    const { room, view } = ctx;
    if (room.phase === "playing" && this.roomPhase !== "playing") {
      this.seen.clear(); // a new game (or a rematch): every rule is new again
      this.previous = null;
    }
    this.roomPhase = room.phase;
    if (!room.first_game || room.phase !== "playing" || !view) {
      this.key = this.facts = null;
      this.previous = view;
      return;
    }
    if (!game) return; // its module is still on its way: compared with the view before then
    const old = this.previous || {};
    this.previous = view;
    for (const [name, test] of game.hints) {
      const key = `tv.first.${view.game}.${name}`;
      if (this.seen.has(key)) continue;
      const facts = test(old, view, ctx);
      if (facts !== null) {
        this.seen.add(key);
        this.key = key;
        this.facts = facts;
        return;
      }
    }
    if (old.phase !== view.phase) this.key = this.facts = null; // its moment is over
  }

  /** The line to show now, or null. */
  line(t) {
    return this.key ? t(this.key, this.facts) : null;
  }
}
