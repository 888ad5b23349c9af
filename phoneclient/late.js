// A phone without a seat once a game is dealt: the seats away, one name field that takes one of
// them back (the table approves) or puts a newcomer down for the next game, and the audience.
// Fetched after the deal only (app.js): the lobby's first screen does without it.

import { h } from "./dom.js";
import { audienceJoin, awayLine, awaySeats, nameForm } from "./join.js";

// Two names the host takes for one (it also folds look-alike letters, and decides).
const nameKey = (name) => name.normalize("NFKC").trim().toLowerCase();

export function renderLate(ctx) {
  const { room, you, t } = ctx;
  const away = awaySeats(ctx);
  const reclaims = (name) => away.some((seat) => nameKey(seat) === nameKey(name));
  // Once the game is over nobody came too late for it (QA: "started before you joined").
  const banner = room.phase === "over" ? "phone.spectator.over" : "phone.spectator.banner";
  return [
    h("h1", { class: "title" }, t(`${room.game}.name`)),
    you.spectator ? h("p", { class: "banner", testid: "spectator" }, t(banner))
      : h("p", { class: "hint" }, t("phone.join.running")),
    away.length ? awayLine(ctx, away) : null,
    h("p", { class: "hint", testid: "join-late" }, t("phone.join.late")),
    // The button says what the name typed does: a seat's back, else the next game (QA: a
    // newcomer was offered "Take my seat back" only, whenever a phone slept).
    nameForm(ctx, "phone.join.label",
      (name) => (reclaims(name) ? "phone.reclaim.button" : "phone.late.button")),
    audienceJoin(ctx),
  ];
}
