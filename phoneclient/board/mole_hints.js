// Mole in the Crew's first-game hints (see hints.js; the TV's are host/tv/mole/hints.py), in
// order of priority: when two rules happen at once, the first is the one explained.

import { entered } from "./hints.js";
import { nameOf } from "./pieces.js";

const lockResults = (view, result, by = null) => (view.locks || [])
  .filter((lock) => lock.result === result && (by === null || lock.by === by)).length;

const lockBecame = (result, by = null) => (old, view) =>
  (lockResults(view, result, by) > lockResults(old, result, by) ? { count: view.to_open ?? 3 } : null);

function propose(old, view, ctx) {
  if (view.phase !== "propose" || old.phase === "propose") return null;
  const lock = (view.locks || [])[view.lock];
  return { boss: nameOf(ctx, view.boss), size: lock ? lock.team_size : 0 };
}

const vote = (old, view) =>
  (view.phase === "vote" && old.phase !== "vote" ? { needed: view.approvals_needed || 0 } : null);

function rejected(old, view) {
  const fresh = (view.proposals || []).slice((old.proposals || []).length);
  const patrol = lockResults(view, "blown", "patrol") > lockResults(old, "blown", "patrol");
  // The third rejection has its own line (the Patrol's).
  return fresh.some((proposal) => !proposal.approved) && !patrol ? {} : null;
}

export const hints = [
  ["getaway", entered("getaway")],
  ["patrol", lockBecame("blown", "patrol")],
  ["blown", lockBecame("blown", "cards")],
  ["opened", lockBecame("open")],
  ["rejected", rejected],
  ["propose", propose],
  ["vote", vote],
  ["cards", entered("cards")],
];
