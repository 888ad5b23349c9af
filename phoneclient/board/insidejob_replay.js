// Inside Job told again after the end, one step at a time (the TV's
// host/tv/insidejob/replay.py): each trick with its cards (who led, who could not follow or chose
// not to, the wagers), its mission and who took the Intel; then the vote, ballot by ballot. From
// the final public view only: the result's `follow` says how each card answered the led suit.

import { h } from "../dom.js";
import { card, suitLabel } from "./insidejob.js";
import { badge, nameOf, namesOf } from "./pieces.js";

const suitOfCard = (code) => ({ B: "blue", R: "red", G: "green", Y: "yellow" })[String(code)[0]] || "blue";

export function replaySteps(view) {
  return (view.tricks || []).length + (view.vote ? 1 : 0);
}

export function replayStep(ctx, step) {
  const tricks = ctx.view.tricks || [];
  return step < tricks.length ? trickStep(ctx, step) : voteStep(ctx);
}

/** Seats that played another suit than the led one, each with why: could_not, chose_not, or
 * (an older result without `follow`) not_followed, chose_not only when a later trick shows the
 * suit was still in hand. */
export function notFollowing(view, index) {
  const tricks = view.tricks || [];
  const cards = tricks[index].cards || [];
  const follow = ((view.result || {}).follow || [])[index];
  if (follow && follow.length === cards.length) {
    return new Map(cards.flatMap((play, i) =>
      (["could_not", "chose_not"].includes(follow[i]) ? [[play.seat, follow[i]]] : [])));
  }
  if (!cards.length) return new Map();
  const led = suitOfCard(cards[0].card);
  const later = new Set(tricks.slice(index + 1).flatMap((trick) =>
    (trick.cards || []).map((play) => `${play.seat}:${suitOfCard(play.card)}`)));
  return new Map(cards.slice(1).filter((play) => suitOfCard(play.card) !== led)
    .map((play) => [play.seat, later.has(`${play.seat}:${led}`) ? "chose_not" : "not_followed"]));
}

function intelLine(ctx, trick) {
  const { t } = ctx;
  const taken = (trick.taken || 0) + (trick.tokens || 0);
  const parts = [t("tv.replay.intel", { name: nameOf(ctx, trick.winner), count: taken })];
  if (trick.lost_by !== null && trick.lost_by !== undefined) {
    parts.push(t("tv.replay.lost", { name: nameOf(ctx, trick.lost_by) }));
  }
  if (trick.tim_took_from !== null && trick.tim_took_from !== undefined) {
    parts.push(t("tv.replay.tim", { name: nameOf(ctx, trick.tim_took_from) }));
  }
  if ((trick.revealed || []).length) parts.push(t("tv.replay.revealed", { names: namesOf(ctx, trick.revealed) }));
  return parts.join("  ·  ");
}

function trickStep(ctx, index) {
  const { view, t } = ctx;
  const trick = view.tricks[index];
  const mission = trick.mission || {};
  const trump = mission.trump;
  const done = Boolean(trick.completed);
  const cards = trick.cards || [];
  const skipped = notFollowing(view, index);
  const led = cards.length ? suitOfCard(cards[0].card) : null;
  return h("div", { class: "replay-body ij-replay", testid: "replay-trick", data: { trick: String(index) } },
    h("div", { class: "replay-head" },
      h("h2", { class: "replay-title fit" }, t("insidejob.trick_number", {
        number: trick.number || index + 1, total: (view.targets || {}).tricks || view.tricks.length,
      })),
      h("p", { class: `verdict-word ${done ? "yes" : "no"}`, testid: "replay-mission-result",
        data: { completed: String(done) } },
      t(done ? "insidejob.mission.completed" : "insidejob.mission.failed"))),
    h("div", { class: "replay-head" },
      h("p", { class: "objective fit" }, t(`insidejob.objective.${mission.objective}`)),
      trump ? h("p", { class: "trump" }, suitLabel(ctx, trump, "insidejob.trump")) : null),
    h("ol", { class: `trick n${cards.length}` }, cards.map((play, position) => {
      const notes = [];
      if (position === 0) notes.push(["led", t("tv.replay.led")]);
      if (skipped.has(play.seat)) {
        const why = skipped.get(play.seat);
        notes.push([why, t(`tv.replay.${why}`, { suit: t(`insidejob.suit.${led}`) })]);
      }
      if (play.wagered) notes.push(["wagered", t("insidejob.wagered")]);
      return h("li", { class: "slot two-line-names", testid: `replay-play-${play.seat}`,
        data: { why: skipped.get(play.seat) || "" } },
      h("div", { class: play.seat === trick.winner ? "lit" : "" }, card(ctx, play, trump)),
      badge(ctx, play.seat, { tag: false }),
      // The kind goes in data-kind, not a class: a board-wide rule of the same name (the trick
      // panel's .led pushes itself right) would move the note off the card's centre.
      notes.map(([kind, words]) => h("p", { class: "replay-note", data: { kind } }, words)));
    })),
    h("p", { class: "trick-winner fit", testid: "replay-winner" },
      t("insidejob.trick_won", { player: nameOf(ctx, trick.winner) })),
    h("p", { class: "replay-intel fit" }, intelLine(ctx, trick)));
}

function voteStep(ctx) {
  const { view, t } = ctx;
  const vote = view.vote || {};
  const ballots = vote.ballots || {};
  const tally = vote.tally || [];
  const leaders = new Set(vote.leaders || []);
  // The votes a row's player received, in a column named once: "→ Beep  received 2" on one
  // line read as Beep's two votes (QA, on the reveal).
  return h("div", { class: "replay-body ij-replay", testid: "replay-vote" },
    h("div", { class: "replay-vote-head" },
      h("h2", { class: "replay-title fit" }, t("tv.replay.vote")),
      h("p", { class: "received-head fit" }, t("tv.insidejob.tally"))),
    h("ul", { class: "replay-ballots" }, Array.from({ length: view.players }, (_, seat) => {
      const named = ballots[String(seat)];
      return h("li", { testid: `replay-ballot-${seat}` },
        badge(ctx, seat, { tag: false }),
        h("span", { class: "fit" }, named ? `→ ${namesOf(ctx, named)}` : t("tv.replay.no_ballot")),
        h("span", {
          class: `received fit${leaders.has(seat) ? " lead" : ""}`, testid: `replay-received-${seat}`,
        }, String(tally[seat] || 0)));
    })));
}
