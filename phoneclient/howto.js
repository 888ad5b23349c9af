// "How to play": the rules of each game in the phone's language, reachable at any moment (also
// mid-game). It lies over the page without touching it: the screen underneath keeps its state,
// so closing the rules returns the player exactly where they were. The flap stays shut under it.
// The text is the catalog's: sections phone.howto.<game>.<n>.title / .text, numbered from 1, in
// the catalog's "rules" part. app.js fetches this module and that part at the first tap on the
// button: nobody needs them to join a table.

import { fill, h, setText } from "./dom.js";

const MAX_SECTIONS = 40;

function sections(game, t, has) {
  const parts = [];
  for (let n = 1; n <= MAX_SECTIONS && has(`phone.howto.${game}.${n}.title`); n += 1) {
    parts.push(h("section", { class: "howto-section", testid: `howto-${game}-${n}` },
      h("h3", {}, t(`phone.howto.${game}.${n}.title`)),
      h("p", {}, t(`phone.howto.${game}.${n}.text`))));
  }
  return parts;
}

/**
 * Wire the topbar's button and the overlay; `show()` opens it (the first tap, which fetched this
 * module). `context()` gives {room, games, t, has} at the moment it opens; `onChange(open)` lets
 * the page shut the flap and keep it shut while the rules show.
 */
export function attachHowto({ button, overlay }, context, onChange) {
  let open = false;
  let game = null;
  let opener = null;

  function draw() {
    const { room, games, t, has } = context();
    if (!game || !games.includes(game)) game = room && games.includes(room.game) ? room.game : games[0];
    setText(button, t("phone.howto.open"));
    if (!open) return;
    const close = h("button", {
      type: "button", class: "primary", testid: "howto-close", onclick: () => setOpen(false),
    }, t("phone.howto.close"));
    fill(overlay,
      h("div", { class: "howto-head" },
        h("h1", { class: "title", id: "howto-title" }, t("phone.howto.title")), close),
      h("div", { class: "howto-tabs", role: "group", "aria-label": t("phone.howto.which") },
        games.map((name) => h("button", {
          type: "button", class: "option", testid: `howto-game-${name}`,
          "aria-pressed": name === game ? "true" : "false",
          onclick: () => { game = name; draw(); },
        }, t(`${name}.name`)))),
      h("div", { class: "howto-body", testid: "howto-body", data: { game } }, sections(game, t, has)),
      h("section", { class: "howto-section" },
        h("h3", {}, t("phone.howto.flap.title")), h("p", {}, t("phone.howto.flap.text"))),
      h("button", {
        type: "button", class: "secondary", testid: "howto-close-end", onclick: () => setOpen(false),
      }, t("phone.howto.close")));
  }

  function setOpen(value) {
    open = value;
    overlay.hidden = !value;
    document.body.dataset.howto = value ? "open" : "closed";
    button.setAttribute("aria-expanded", value ? "true" : "false");
    if (value) {
      opener = document.activeElement;
      draw();
      overlay.scrollTop = 0;
      overlay.querySelector("[data-testid=howto-close]").focus();
    } else {
      overlay.replaceChildren();
      if (opener && opener.isConnected) opener.focus();
      else button.focus();
    }
    onChange(value);
  }

  button.addEventListener("click", () => setOpen(!open));
  overlay.addEventListener("keydown", (event) => {
    if (event.key === "Escape") setOpen(false);
  });
  return { redraw: draw, isOpen: () => open, show: () => setOpen(true) };
}
