// The lobby of a seated phone: the players (the leader moves and removes them), the game and its
// options, the evening's settings and the start. Fetched once this phone has a seat (app.js).

import { h } from "./dom.js";
import { lobbySettings, playersNeeded } from "./evening.js";
import { playerList, resumable } from "./join.js";
import { teachButton } from "./teaching.js";

/** The leader's controls of one row: move it up or down, remove the player (asked twice). */
function rowControls(ctx, seat, index, mine) {
  const { room, send, t } = ctx;
  const seats = room.seats || [];
  const move = (by) => {
    const next = seats.map((each) => each.seat);
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved);
    send({ type: "reorder", order: next });
  };
  const controls = h("span", { class: "row-controls" },
    h("button", {
      type: "button", class: "icon", testid: `move-up-${seat.seat}`, disabled: index === 0,
      "aria-label": t("phone.lobby.move_up", { name: seat.name }),
      onclick: () => move(-1),
    }, "▲"),
    h("button", {
      type: "button", class: "icon", testid: `move-down-${seat.seat}`,
      disabled: index === seats.length - 1,
      "aria-label": t("phone.lobby.move_down", { name: seat.name }),
      onclick: () => move(1),
    }, "▼"),
    mine ? null : h("button", {
      type: "button", class: "icon danger", testid: `remove-${seat.seat}`,
      "aria-label": t("phone.lobby.remove", { name: seat.name }),
      onclick: () => {
        ctx.ui.removing = seat.seat;
        ctx.redraw();
      },
    }, "✕"));
  const confirming = !mine && ctx.ui.removing === seat.seat;
  return [controls, confirming ? removeConfirmation(ctx, seat) : null];
}

/** Removing a player is asked twice: a slip of the thumb must not send someone away. */
function removeConfirmation(ctx, seat) {
  const { send, t } = ctx;
  const answer = (remove) => () => {
    ctx.ui.removing = null;
    if (remove) send({ type: "remove", seat: seat.seat });
    else ctx.redraw();
  };
  const question = `remove-question-${seat.seat}`;
  return h("div", {
    class: "confirm", testid: `remove-confirm-${seat.seat}`, role: "group",
    "aria-labelledby": question,
  },
    h("p", { class: "status", id: question }, t("phone.lobby.remove_confirm", { name: seat.name })),
    h("div", { class: "pair" },
      h("button", {
        type: "button", class: "big no", testid: `remove-yes-${seat.seat}`, onclick: answer(true),
      }, t("phone.lobby.remove_yes")),
      h("button", {
        type: "button", class: "big", testid: `remove-no-${seat.seat}`, onclick: answer(false),
      }, t("phone.lobby.remove_no"))));
}

/** A new game drops the one on offer for good (the host keeps one game): asked twice. */
function dropConfirmation(ctx) {
  const { send, t } = ctx;
  const answer = (start) => () => {
    ctx.ui.dropping = false;
    if (start) send({ type: "start" });
    else ctx.redraw();
  };
  return h("div", {
    class: "confirm", testid: "drop-confirm", role: "group", "aria-labelledby": "drop-question",
  },
    h("p", { class: "status", id: "drop-question" }, t("phone.lobby.drop_confirm")),
    h("div", { class: "pair" },
      h("button", {
        type: "button", class: "big no", testid: "drop-yes", onclick: answer(true),
      }, t("phone.lobby.start_new")),
      h("button", {
        type: "button", class: "big", testid: "drop-no", onclick: answer(false),
      }, t("phone.lobby.remove_no"))));
}

function variantToggles(ctx, editable) {
  const { room, send, t } = ctx;
  const game = room.game; // the host always names the table's game
  const offered = room.available_variants || [];
  const chosen = new Set(room.variants || []);
  if (offered.length === 0) return null;
  return h("fieldset", { class: "options", testid: "options" },
    h("legend", {}, t("phone.lobby.options")),
    offered.map((variant) => {
      const on = chosen.has(variant);
      const label = [
        h("span", { class: "check", "aria-hidden": "true" }, on ? "☑" : "☐"),
        h("span", { class: "option-text" },
          h("strong", {}, t(`${game}.variant.${variant}`)),
          h("small", {}, t(`${game}.variant.${variant}.about`))),
      ];
      if (!editable) {
        return h("p", { class: "option", data: { on: String(on) } }, label);
      }
      return h("button", {
        type: "button", class: "option", testid: `variant-${variant}`,
        "aria-pressed": on ? "true" : "false",
        onclick: () => {
          const next = new Set(chosen);
          if (on) next.delete(variant); else next.add(variant);
          send({ type: "options", game, variants: offered.filter((v) => next.has(v)) });
        },
      }, label);
    }));
}

function gamePicker(ctx) {
  const { room, send, t, has } = ctx;
  // Only games this page can show (and name) are offered.
  const games = (room.games || [])
    .filter((game) => ctx.playable.includes(game) && has(`${game}.name`));
  if (games.length < 2) return null;
  return h("fieldset", { class: "options", testid: "games" },
    h("legend", {}, t("phone.lobby.game")),
    games.map((game) => h("button", {
      type: "button", class: "option", testid: `game-${game}`,
      "aria-pressed": game === room.game ? "true" : "false",
      onclick: () => send({ type: "options", game, variants: [] }),
    }, h("span", { class: "check", "aria-hidden": "true" }, game === room.game ? "◉" : "○"),
    h("span", { class: "option-text" }, h("strong", {}, t(`${game}.name`)),
      playersNeeded(ctx, game)))));
}

/** A seated phone before the game starts. */
export function renderLobby(ctx) {
  const { room, you, send, t } = ctx;
  const count = (room.seats || []).length;
  const parts = [
    h("h1", { class: "title" }, t(`${room.game}.name`)),
    resumable(ctx),
    h("p", { class: "hint", testid: "lobby-count" }, t("phone.lobby.count", {
      count, min: room.min_players, max: room.max_players,
    })),
    // A game on offer keeps its seats and their order (the host refuses changes to them).
    playerList(ctx, you.leader && !room.resumable
      ? (seat, index, mine) => rowControls(ctx, seat, index, mine) : null),
    you.leader ? gamePicker(ctx) : null,
    variantToggles(ctx, Boolean(you.leader)),
    ...lobbySettings(ctx, Boolean(you.leader)),
    teachButton(ctx),
  ];
  if (you.leader) {
    // Once the table can start, the button stays in sight at the bottom of the screen while
    // the leader scrolls the options above it: starting is the lobby's last step, not a hunt.
    // A game on offer is dropped by a new one: the start is asked twice, in the button's place.
    if (!room.resumable) ctx.ui.dropping = false;
    parts.push(ctx.ui.dropping ? dropConfirmation(ctx) : h("button", {
      type: "button", class: room.can_start ? "primary start-ready" : "primary", testid: "start",
      disabled: !room.can_start,
      onclick: () => {
        if (!room.resumable) {
          send({ type: "start" });
          return;
        }
        ctx.ui.dropping = true;
        ctx.redraw();
        // The button stood at the foot of the screen; the question is at the foot of the page.
        requestAnimationFrame(() => {
          const question = document.querySelector('[data-testid="drop-confirm"]');
          if (question) question.scrollIntoView({ block: "nearest" });
        });
      },
    }, t(room.resumable ? "phone.lobby.start_new" : "phone.lobby.start")));
    if (!room.can_start) {
      // The table's size suits the game but not an option chosen: name it, not the game's range.
      const misfit = room.misfit;
      parts.push(h("p", { class: "hint", testid: "start-hint" }, misfit
        ? t("phone.lobby.option_misfit", {
          option: t(`${room.game}.variant.${misfit.variant}`), min: misfit.min, max: misfit.max,
        })
        : t("phone.lobby.start_hint", { min: room.min_players, max: room.max_players })));
    }
  } else {
    const leader = (room.seats || []).find((seat) => seat.leader);
    parts.push(h("p", { class: "hint", testid: "wait-leader" },
      t("phone.lobby.wait_leader", { name: leader ? leader.name : "" })));
  }
  // A phone passed around takes each player off it on its own (shared.js).
  if (!you.phone && !room.resumable) parts.push(h("button", {
    type: "button", class: "secondary", testid: "leave",
    onclick: () => send({ type: "leave" }),
  }, t("phone.lobby.leave")));
  return parts;
}
