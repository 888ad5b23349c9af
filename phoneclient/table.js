// What every game's screens share: players' names, the "waiting for" line, and folding sections
// that stay as the player left them across re-renders.

import { h } from "./dom.js";
import { endFooter } from "./evening.js";

export const nameOf = (ctx, seat) =>
  ctx.names.get(seat) ?? ctx.t("phone.seat", { seat: seat + 1 });

export const namesOf = (ctx, seats) => (seats || []).map((seat) => nameOf(ctx, seat));

export function joinNames(ctx, seats) {
  const names = namesOf(ctx, seats);
  return names.length ? names.join(ctx.t("phone.list.separator")) : ctx.t("phone.list.none");
}

export const allSeats = (view) => Array.from({ length: view.players }, (_, seat) => seat);

export function waitingFor(ctx, seats, testid = "waiting") {
  return h("p", { class: "hint", testid },
    ctx.t("phone.waiting_for", { names: joinNames(ctx, seats) }));
}

/** A <details> open or closed as the player left it (remembered in ctx.ui[uiKey]). */
export function keptOpen(ctx, uiKey, attrs, summary, ...content) {
  return h("details", {
    ...attrs, open: Boolean(ctx.ui[uiKey]),
    ontoggle: (event) => { ctx.ui[uiKey] = event.currentTarget.open; },
  }, h("summary", {}, summary), ...content);
}

/** The end of every game: the leader plays again, goes back to the lobby or steps the reveal. */
export const rematchFooter = endFooter;
