// The audience: a phone without a seat joins with a name, marks whom it suspects during a game
// (Mole in the Crew: the Moles; Inside Job: the Insider, and the Professional when there is one;
// as many marks as it likes in every game, the question naming the game's traitors) and changes
// its mind whenever it likes. Its marks reach nobody but this phone until the end, when this phone
// shows its own beside the truth and the rest of the audience in brief (the TV and the board page
// show everyone's). Everything here is public board plus this phone's own guesses.
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

/** A round's label in this phone's own table, under the column's word ("Lock", "Trick"): its
 * number. A game whose host counts a round past its last one (Inside Job: the vote, one past the
 * last trick; round_of in its engine's views) names that round in its catalog, the vote's or,
 * when the game ended before one, the end's: it is no round of play. */
function roundLabel(ctx, game, count, index) {
  const { view, t, has } = ctx;
  const which = view && view.vote ? "vote" : "end";
  const last = `phone.audience.result.round.${game}.${which}`;
  if (index === count - 1 && has(last)) return { round: which, label: t(last) };
  return { round: String(index + 1), label: String(index + 1) };
}

/** One name this member marked, said right or wrong by a mark as well as by its colour. */
function markCell(ctx, seat, hidden) {
  const right = hidden.has(seat);
  return h("span", {
    class: right ? "mark-right" : "mark-wrong", data: { seat: String(seat), right: String(right) },
  }, h("span", { "aria-hidden": "true" }, right ? "✓\u00a0" : "✗\u00a0"),
  h("span", { class: "visually-hidden" },
    ctx.t(right ? "phone.audience.result.right" : "phone.audience.result.wrong"), " "),
  nameOf(ctx, seat));
}

/** This phone's own marks, round by round, beside the truth: a row a round, not a page of them. */
function ownRounds(ctx, game, member, hidden) {
  const { t } = ctx;
  const separator = t("phone.list.separator");
  return h("table", { class: "audience-own", testid: "audience-own" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, t(`phone.audience.result.round.${game}`)),
      h("th", { scope: "col" }, t("phone.audience.result.marks")))),
    h("tbody", {}, member.rounds.map((marks, index) => {
      const { round, label } = roundLabel(ctx, game, member.rounds.length, index);
      const cells = [];
      for (const seat of marks || []) {
        if (cells.length) cells.push(separator);
        cells.push(markCell(ctx, seat, hidden));
      }
      return h("tr", { data: { round } }, h("th", { scope: "row" }, label),
        h("td", {}, marks === null ? "—" : cells.length ? cells : t("phone.list.none")));
    })));
}

// The other watchers in a line, the best first: the TV and the board show the whole table.
const OTHERS_NAMED = 3;

function othersLine(ctx, result, me) {
  const { t } = ctx;
  const others = result.members.filter((member) => !me || member.name !== me.name);
  if (!others.length) return null;
  const named = others.slice(0, OTHERS_NAMED).map((member) => t("phone.audience.result.other",
    { name: member.name, score: percent(member.score) }));
  const left = others.length - named.length + (result.more || 0);
  const list = named.join(t("phone.list.separator"));
  return h("p", { class: "hint", testid: "audience-others", data: { left: String(left) } }, left
    ? t("phone.audience.result.others_more", { list, count: left })
    : t("phone.audience.result.others", { list }));
}

/** This member's score and place among those with marks (a tie shares the higher place). */
function yoursLine(ctx, result, me) {
  const { t } = ctx;
  if (!me) {
    return h("p", { class: "status", testid: "audience-yours" },
      t("phone.audience.result.yours_none"));
  }
  // The host tells this member its own place (its row may be past the best rows every phone
  // gets); a tie shares the higher place.
  const place = me.place || 1 + result.members.filter((member) => member.score > me.score).length;
  return h("p", { class: "status", testid: "audience-yours" }, t("phone.audience.result.yours", {
    score: percent(me.score), place, count: me.count || result.members.length + (result.more || 0),
  }));
}

/** After the game: what this member suspected beside the truth, how it did, who read the table
 * best, and the rest of the audience in a line. */
export function audienceResult(ctx) {
  const { room, you, t } = ctx;
  const result = room && room.audience_result;
  if (!result) return null;
  const game = room.game;
  const hidden = new Set(result.truth);
  const own = ctx.audience && ctx.audience.result;
  const me = own || result.members.find((member) => you && member.name === you.audience) || null;
  const tally = Object.entries(result.tally || {}).map(([seat, count]) =>
    t("phone.audience.result.tally_item", { name: nameOf(ctx, Number(seat)), count }));
  return h("section", { class: "card-box audience-result", testid: "audience-result" },
    h("h2", {}, t("phone.audience.result.title")),
    h("p", { class: "status", testid: "audience-truth" },
      t(`phone.audience.result.truth.${game}`, { names: listOf(ctx, result.truth) })),
    h("p", { class: "banner", testid: "audience-best" }, result.best
      ? bestLine(t, result, BEST_KEYS, t("phone.list.separator"))
      : t("phone.audience.result.no_best")),
    you && you.audience ? yoursLine(ctx, result, me) : null,
    me ? ownRounds(ctx, game, me, hidden) : null,
    me ? h("p", { class: "hint audience-legend" }, t("phone.audience.result.legend")) : null,
    tally.length ? h("p", { class: "hint", testid: "audience-tally" },
      t("phone.audience.result.tally", { list: tally.join(t("phone.list.separator")) })) : null,
    othersLine(ctx, result, me));
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
