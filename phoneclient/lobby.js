// The join form (also the reclaim form once a game runs) and the lobby with the leader's controls.

import { h } from "./dom.js";
import { lobbySettings, playersNeeded, seatTags } from "./evening.js";
import { teachButton } from "./teaching.js";

// The host's limit on a name, in characters (code points, not UTF-16 units: an emoji is one).
const MAX_NAME_CHARS = 16;

/** The name field stops at the limit while typing (pasted text too). */
function keepToLimit(input, ui) {
  const chars = Array.from(input.value);
  if (chars.length > MAX_NAME_CHARS) {
    input.value = chars.slice(0, MAX_NAME_CHARS).join("");
    input.setSelectionRange(input.value.length, input.value.length);
  }
  ui.name = input.value;
}

function nameForm(ctx, labelKey, buttonKey) {
  const { ui, send, t } = ctx;
  const input = h("input", {
    id: "join-name",
    testid: "join-name",
    type: "text",
    autocomplete: "nickname",
    autocapitalize: "words",
    enterkeyhint: "go",
    spellcheck: "false",
    value: ui.name,
    oninput: (event) => {
      if (!event.isComposing) keepToLimit(event.target, ui);
    },
    oncompositionend: (event) => keepToLimit(event.target, ui),
  });
  input.value = ui.name;
  return h("form", {
    class: "stack",
    testid: "join-form",
    onsubmit: (event) => {
      event.preventDefault();
      send({ type: "join", name: input.value });
    },
  },
  h("label", { for: "join-name", class: "label" }, t(labelKey)),
  input,
  h("button", { type: "submit", class: "primary", testid: "join-submit" }, t(buttonKey)));
}

function resumable(ctx) {
  const { room, t } = ctx;
  if (!room.resumable) return null;
  return h("p", { class: "banner", testid: "resumable" }, t("phone.lobby.resumable", {
    names: room.resumable.names.join(t("phone.list.separator")),
    actions: room.resumable.actions,
  }));
}

/** A phone without a seat: join the lobby, or (game running) reclaim a seat or watch. */
export function renderJoin(ctx) {
  const { room, you, t } = ctx;
  const parts = [h("h1", { class: "title" }, t(`${room.game}.name`))];
  if (room.phase === "lobby") {
    parts.push(resumable(ctx));
    parts.push(h("p", { class: "hint" }, t("phone.join.intro")));
    parts.push(nameForm(ctx, "phone.join.label", "phone.join.button"));
    parts.push(playerList(ctx, false));
    return parts;
  }
  if (you.spectator) {
    parts.push(h("p", { class: "banner", testid: "spectator" }, t("phone.spectator.banner")));
  } else {
    parts.push(h("p", { class: "hint" }, t("phone.join.running")));
  }
  const reclaimable = (room.reclaimable || []).map((seat) => ctx.names.get(seat)).filter(Boolean);
  if (reclaimable.length > 0) {
    parts.push(h("p", { class: "hint", testid: "reclaimable" },
      t("phone.reclaim.open", { names: reclaimable.join(t("phone.list.separator")) })));
    parts.push(nameForm(ctx, "phone.reclaim.label", "phone.reclaim.button"));
  } else if (!you.spectator) {
    parts.push(nameForm(ctx, "phone.join.label", "phone.watch.button"));
  }
  return parts;
}

function playerList(ctx, withControls) {
  const { room, you, send, t } = ctx;
  const seats = room.seats || [];
  const order = seats.map((seat) => seat.seat);
  const move = (index, by) => {
    const next = order.slice();
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved);
    send({ type: "reorder", order: next });
  };
  return h("ol", { class: "players", testid: "players" }, seats.map((seat, index) => {
    // A phone passed around holds several seats: each of them is "you" on it.
    const mine = Boolean(you && (you.seat === seat.seat
      || (you.phone && you.phone.seats.includes(seat.seat))));
    const tags = [];
    if (seat.leader) tags.push(h("span", { class: "tag leader" }, t("phone.lobby.leader")));
    if (mine) tags.push(h("span", { class: "tag you" }, t("phone.lobby.you")));
    if (!seat.connected && !seat.bot_seat) {
      tags.push(h("span", { class: "tag offline" }, t("phone.lobby.offline")));
    }
    tags.push(seatTags(ctx, seat));
    const controls = withControls ? h("span", { class: "row-controls" },
      h("button", {
        type: "button", class: "icon", testid: `move-up-${seat.seat}`, disabled: index === 0,
        "aria-label": t("phone.lobby.move_up", { name: seat.name }),
        onclick: () => move(index, -1),
      }, "▲"),
      h("button", {
        type: "button", class: "icon", testid: `move-down-${seat.seat}`,
        disabled: index === seats.length - 1,
        "aria-label": t("phone.lobby.move_down", { name: seat.name }),
        onclick: () => move(index, 1),
      }, "▼"),
      mine ? null : h("button", {
        type: "button", class: "icon danger", testid: `remove-${seat.seat}`,
        "aria-label": t("phone.lobby.remove", { name: seat.name }),
        onclick: () => {
          ctx.ui.removing = seat.seat;
          ctx.redraw();
        },
      }, "✕")) : null;
    const confirming = withControls && !mine && ctx.ui.removing === seat.seat;
    return h("li", {
      class: "player", testid: `player-${seat.seat}`,
      data: { connected: String(Boolean(seat.connected)) },
    },
    h("span", { class: "seat-no", "aria-hidden": "true" }, String(index + 1)),
    h("span", { class: "player-name" }, seat.name),
    tags, controls, confirming ? removeConfirmation(ctx, seat) : null);
  }));
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
    you.resume_pending
      ? h("p", { class: "banner", testid: "resume-pending" }, t("phone.resume_pending")) : null,
    resumable(ctx),
    h("p", { class: "hint", testid: "lobby-count" }, t("phone.lobby.count", {
      count, min: room.min_players, max: room.max_players,
    })),
    playerList(ctx, Boolean(you.leader)),
    you.leader ? gamePicker(ctx) : null,
    variantToggles(ctx, Boolean(you.leader)),
    ...lobbySettings(ctx, Boolean(you.leader)),
    teachButton(ctx),
  ];
  if (you.leader) {
    parts.push(h("button", {
      type: "button", class: "primary", testid: "start", disabled: !room.can_start,
      onclick: () => send({ type: "start" }),
    }, t("phone.lobby.start")));
    if (!room.can_start) {
      parts.push(h("p", { class: "hint", testid: "start-hint" }, t("phone.lobby.start_hint", {
        min: room.min_players, max: room.max_players,
      })));
    }
  } else {
    const leader = (room.seats || []).find((seat) => seat.leader);
    parts.push(h("p", { class: "hint", testid: "wait-leader" },
      t("phone.lobby.wait_leader", { name: leader ? leader.name : "" })));
  }
  // A phone passed around takes each player off it on its own (shared.js).
  if (!you.phone) parts.push(h("button", {
    type: "button", class: "secondary", testid: "leave",
    onclick: () => send({ type: "leave" }),
  }, t("phone.lobby.leave")));
  return parts;
}
