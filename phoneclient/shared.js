// One phone passed around (several seats on one phone; its tokens are in tokens.js): the lobby's
// "add a player on this phone", the curtain "Pass the phone to Carla" between private steps, the
// press-and-hold with which Carla shows her screen, and "Hide and pass", after which nothing of
// her seat stays in the page. The curtain is built from public facts only (the names on this
// phone, whom the host says should take it next): it is the same whatever anyone's role.

import { h } from "./dom.js";
import { holdsSeats } from "./tokens.js";

// Long enough that a brush or a stray tap does not show a screen; short enough not to annoy.
export const HOLD_MS = 1000;
const HOLD_KEYS = new Set([" ", "Enter"]);
const SLOP_PX = 16;

// ---------------------------------------------------------------- press and hold

let pressing = null; // {seat, timer}: survives a re-render in the middle of a press

/**
 * A button that acts only after being pressed and held for HOLD_MS (finger, mouse, or Space or
 * Enter held down): a tap does nothing. Its data-holding is "true" while the press lasts.
 */
export function holdButton({ seat, testid, label, className, onHeld }) {
  const fill = h("span", { class: "hold-fill", "aria-hidden": "true" });
  const button = h("button", {
    type: "button", class: `hold ${className || ""}`, testid,
    data: { holding: pressing && pressing.seat === seat ? "true" : "false", seat: String(seat) },
  }, fill, h("span", { class: "hold-label" }, label));
  let startX = 0;
  let startY = 0;
  let touchId = null;
  const start = () => {
    if (pressing) return;
    button.dataset.holding = "true";
    pressing = {
      seat,
      timer: setTimeout(() => {
        pressing = null;
        button.dataset.holding = "false";
        onHeld();
      }, HOLD_MS),
    };
  };
  const stop = () => {
    touchId = null;
    button.dataset.holding = "false";
    if (!pressing || pressing.seat !== seat) return;
    clearTimeout(pressing.timer);
    pressing = null;
  };
  button.addEventListener("touchstart", (event) => {
    event.preventDefault(); // no click, no emulated mouse, no long-press menu
    if (touchId !== null) return;
    const touch = event.changedTouches[0];
    touchId = touch.identifier;
    startX = touch.clientX;
    startY = touch.clientY;
    start();
  }, { passive: false });
  button.addEventListener("touchmove", (event) => {
    for (const touch of event.changedTouches) {
      if (touch.identifier !== touchId) continue;
      // A finger sliding over the button (scrolling, brushing past) is not a press.
      const moved = Math.max(Math.abs(touch.clientX - startX), Math.abs(touch.clientY - startY));
      if (moved > SLOP_PX) stop();
    }
  });
  button.addEventListener("touchend", stop);
  button.addEventListener("touchcancel", stop);
  button.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "touch") return;
    start();
  });
  for (const name of ["pointerup", "pointercancel", "pointerleave"]) {
    button.addEventListener(name, (event) => {
      if (event.pointerType !== "touch") stop();
    });
  }
  button.addEventListener("keydown", (event) => {
    if (!HOLD_KEYS.has(event.key)) return;
    event.preventDefault(); // a held key repeats: the first press starts, the rest are ignored
    if (!event.repeat) start();
  });
  button.addEventListener("keyup", (event) => {
    if (HOLD_KEYS.has(event.key)) stop();
  });
  button.addEventListener("blur", stop);
  button.addEventListener("contextmenu", (event) => event.preventDefault());
  return button;
}

// ---------------------------------------------------------------- the lobby

/** In the lobby: the players on this phone (each may be taken off it) and adding one more. */
export function phonePanel(ctx) {
  const { room, you, ui, send, t } = ctx;
  // A game on offer keeps its seats (the host refuses seats added or left): nothing to offer.
  if (!room || room.phase !== "lobby" || !holdsSeats(you) || room.resumable) return null;
  const phone = you.phone;
  const full = room.max_players !== null && (room.seats || []).length >= room.max_players;
  const input = h("input", {
    id: "add-seat-name", testid: "add-seat-name", type: "text", autocomplete: "off",
    autocapitalize: "words", enterkeyhint: "done", spellcheck: "false", maxlength: 16,
    oninput: (event) => { ui.addSeatName = event.target.value; },
  });
  input.value = ui.addSeatName || "";
  return h("section", { class: "card-box shared-phone", testid: "phone-panel" },
    phone ? h("h2", {}, t("phone.shared.on_phone")) : null,
    phone ? h("ul", { class: "players", testid: "phone-seats" }, phone.seats.map((seat, index) =>
      h("li", { class: "player", testid: `phone-seat-${seat}` },
        h("span", { class: "player-name" }, phone.names[index]),
        h("span", { class: "row-controls" }, h("button", {
          type: "button", class: "icon danger", testid: `phone-leave-${seat}`,
          "aria-label": t("phone.shared.leave", { name: phone.names[index] }),
          // Leaving is a seat's own step: the seat takes the phone for it, then leaves.
          onclick: () => {
            send({ type: "hold", seat });
            send({ type: "leave" });
          },
        }, "✕"))))) : null,
    h("form", {
      class: "stack", testid: "add-seat-form",
      onsubmit: (event) => {
        event.preventDefault();
        ui.addSeatName = "";
        send({ type: "add_seat", name: input.value });
      },
    },
    h("label", { for: "add-seat-name", class: "label" }, t("phone.shared.add.label")),
    h("p", { class: "hint" }, t("phone.shared.add.about")),
    input,
    h("button", { type: "submit", class: "secondary", testid: "add-seat", disabled: full },
      t("phone.shared.add.button"))));
}

// ---------------------------------------------------------------- the curtain and the hand-over

/**
 * The curtain: whose turn it is to take the phone, and a press-and-hold for each player on it
 * (whoever is named first). Nothing here depends on a role.
 */
export function curtain(ctx) {
  const { you, send, t } = ctx;
  const phone = you.phone;
  const nameAt = (seat) => phone.names[phone.seats.indexOf(seat)] || "";
  const next = phone.next === undefined ? null : phone.next;
  const hold = (seat, primary) => holdButton({
    seat, testid: `hold-${seat}`, className: primary ? "primary" : "secondary",
    label: t("phone.shared.hold", { name: nameAt(seat) }),
    onHeld: () => send({ type: "hold", seat }),
  });
  const others = phone.seats.filter((seat) => seat !== next);
  const data = { next: next === null ? "" : String(next) };
  return h("section", { class: "curtain", testid: "curtain", data },
    next === null
      ? h("p", { class: "banner", testid: "pass-to" }, t("phone.shared.nobody"))
      : h("h2", { class: "pass-to", testid: "pass-to" },
        t("phone.shared.pass_to", { name: nameAt(next) })),
    next === null ? null : hold(next, true),
    h("p", { class: "hint" }, t("phone.shared.hold_hint")),
    others.length ? h("div", { class: "stack curtain-others" },
      h("p", { class: "label" }, t(next === null ? "phone.shared.anyone" : "phone.shared.others")),
      others.map((seat) => hold(seat, false))) : null);
}

/** On the holder's screen: whose it is, and "Hide and pass" back to the curtain. */
export function hideBar(ctx) {
  const { you, t } = ctx;
  const holder = you && you.phone ? you.phone.holder : null;
  if (holder === null || holder === undefined) return null;
  return h("div", { class: "hide-bar", testid: "hide-bar" },
    h("p", { class: "status" }, t("phone.shared.holding", { name: you.name || "" })),
    h("button", { type: "button", class: "primary", testid: "hide", onclick: ctx.hide },
      t("phone.shared.hide")));
}

/** The curtain in one sentence, for the live region (public: a name the curtain shows). */
export function curtainSentence(ctx) {
  const phone = ctx.you.phone;
  const next = phone.next;
  if (next === null || next === undefined) return ctx.t("phone.shared.nobody");
  return ctx.t("phone.shared.pass_to", { name: phone.names[phone.seats.indexOf(next)] || "" });
}
