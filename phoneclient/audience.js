// The audience: a phone without a seat joins with a name, marks whom it suspects during a game
// (Mole in the Crew: the Moles; Inside Job: the Insider, and the Professional when there is one;
// as many marks as it likes in every game, the question naming the game's traitors) and changes
// its mind whenever it likes. Its marks reach nobody but this phone until the end, when everyone's
// marks are shown beside the truth. Everything here is public board plus this phone's own guesses.
// Fetched once this phone is in the audience (app.js); the form to join it is in join.js.

import { bestLine } from "./best_line.js";
import { h } from "./dom.js";

const nameOf = (ctx, seat) => ctx.names.get(seat) ?? ctx.t("phone.seat", { seat: seat + 1 });
const listOf = (ctx, seats) => (seats && seats.length
  ? seats.map((seat) => nameOf(ctx, seat)).join(ctx.t("phone.list.separator"))
  : ctx.t("phone.list.none"));
const BEST_KEYS = {
  one: "phone.audience.result.best",
  tied: "phone.audience.result.best_tied",
  more: "phone.audience.result.best_tied_more",
};
const percent = (score) => Math.round(100 * (score || 0));

/** The marks this member made (the host's last `audience` frame), or none yet. */
function currentSuspects(ctx) {
  const marks = ctx.audience;
  return marks && marks.name === ctx.you.audience ? marks.suspects : [];
}

function suspectPicker(ctx) {
  const { room, view, send, t } = ctx;
  const game = view.game || room.game;
  const chosen = new Set(currentSuspects(ctx));
  const seats = Array.from({ length: view.players || (room.seats || []).length }, (_, s) => s);
  const tap = (seat) => () => send({
    type: "suspect", seats: seats.filter((s) => (s === seat ? !chosen.has(s) : chosen.has(s))),
  });
  return h("section", { class: "card-box audience-marks", testid: "suspects" },
    h("h2", {}, t(`phone.audience.ask.${game}`)),
    h("ul", { class: "choices" }, seats.map((seat) => {
      const on = chosen.has(seat);
      return h("li", {}, h("button", {
        type: "button", class: "choice", testid: `suspect-${seat}`,
        "aria-pressed": on ? "true" : "false", onclick: tap(seat),
      }, h("span", { class: "check", "aria-hidden": "true" }, on ? "☑" : "☐"),
      " ", nameOf(ctx, seat)));
    })),
    h("p", { class: "status", testid: "suspects-now" },
      t("phone.audience.marked", { names: listOf(ctx, [...chosen].sort((a, b) => a - b)) })),
    h("p", { class: "hint" }, t("phone.audience.private")));
}

/** One round of a member's marks. A game whose host counts a round past its last one (Inside
 * Job: the vote, one past the last trick; round_of in its engine's views) names that round in its
 * catalog, the vote's or, when the game ended before one, the end's: it is no round of play. */
function roundLine(ctx, game, rounds, index) {
  const { view, t, has } = ctx;
  const marks = rounds[index];
  const names = marks === null ? "—" : listOf(ctx, marks);
  const last = `phone.audience.round.${game}.${view && view.vote ? "vote" : "end"}`;
  if (index === rounds.length - 1 && has(last)) {
    return h("li", { data: { round: view && view.vote ? "vote" : "end" } }, t(last, { names }));
  }
  return h("li", { data: { round: String(index + 1) } },
    t(`phone.audience.round.${game}`, { number: index + 1, names }));
}

function memberRow(ctx, game, member) {
  const { t } = ctx;
  return h("li", { testid: "audience-member", data: { name: member.name } },
    h("p", {}, t("phone.audience.result.member", {
      name: member.name, names: listOf(ctx, member.final), score: percent(member.score),
    })),
    h("ul", { class: "audience-rounds" },
      member.rounds.map((_, index) => roundLine(ctx, game, member.rounds, index))));
}

/** After the game: what the audience suspected, beside the truth, and who read the table best. */
export function audienceResult(ctx) {
  const { room, t } = ctx;
  const result = room && room.audience_result;
  if (!result) return null;
  const game = room.game;
  const tally = Object.entries(result.tally || {}).map(([seat, count]) =>
    t("phone.audience.result.tally_item", { name: nameOf(ctx, Number(seat)), count }));
  return h("section", { class: "card-box audience-result", testid: "audience-result" },
    h("h2", {}, t("phone.audience.result.title")),
    h("p", { class: "status", testid: "audience-truth" },
      t(`phone.audience.result.truth.${game}`, { names: listOf(ctx, result.truth) })),
    h("p", { class: "banner", testid: "audience-best" }, result.best
      ? bestLine(t, result, BEST_KEYS, t("phone.list.separator"))
      : t("phone.audience.result.no_best")),
    tally.length ? h("p", { class: "hint", testid: "audience-tally" },
      t("phone.audience.result.tally", { list: tally.join(t("phone.list.separator")) })) : null,
    h("ol", { class: "audience-members", testid: "audience-members" },
      result.members.map((member) => memberRow(ctx, game, member))),
    result.more ? h("p", { class: "hint", testid: "audience-more" },
      t("phone.audience.result.more", { count: result.more })) : null);
}

/**
 * An audience member's screen above the public board: who they are, their marks during the game,
 * the audience's results at the end.
 */
export function audiencePanel(ctx) {
  const { room, you, view, t } = ctx;
  if (!you || !you.audience) return null;
  const parts = [you.next_game ? null : h("p", { class: "banner", testid: "audience-banner" },
    t("phone.audience.banner", { name: you.audience }))];
  if (room.phase === "playing" && view) parts.push(suspectPicker(ctx));
  else if (room.phase === "over") parts.push(audienceResult(ctx));
  else parts.push(h("p", { class: "hint", testid: "audience-wait" }, t("phone.audience.wait")));
  if (room.phase !== "lobby") parts.push(playNextGame(ctx));
  return h("div", { class: "stack", testid: "audience" }, parts);
}

/** A watcher who would rather play: the next game seats them under their audience name (the
 * host keeps them in the audience until then). In the lobby the join form above does it. */
function playNextGame(ctx) {
  const { you, send, t } = ctx;
  if (you.next_game) return null;
  return h("div", { class: "stack", testid: "audience-play-next" },
    h("p", { class: "hint" }, t("phone.audience.play_next_hint")),
    h("button", {
      type: "button", class: "secondary", testid: "audience-play-next-button",
      onclick: () => send({ type: "join", name: you.audience }),
    }, t("phone.audience.play_next")));
}
