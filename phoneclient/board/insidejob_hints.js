// Inside Job's first-game hints (see hints.js; the TV's are host/tv/insidejob/hints.py), in
// order of priority: when two rules happen at once, the first is the one explained.

import { entered } from "./hints.js";
import { nameOf } from "./pieces.js";

/** A player's turn of this kind begins (`emptyTrick`: only when the trick is, or is not, empty). */
const turn = (phase, emptyTrick = null) => (old, view, ctx) => {
  if (view.phase !== phase || old.phase === phase) return null;
  if (emptyTrick !== null && Boolean((view.trick || []).length) === emptyTrick) return null;
  return { name: nameOf(ctx, phase === "mission" ? view.start : view.turn) };
};

const trickDone = (old, view) =>
  ((view.tricks || []).length > (old.tricks || []).length ? {} : null);

export const hints = [
  ["vote", entered("vote")],
  ["trick", trickDone],
  ["accomplice", entered("accomplice")],
  ["mission", turn("mission")],
  ["wager", turn("wager")],
  ["lead", turn("play", true)],
];
