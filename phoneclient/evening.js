// The evening around the games: the leader's lobby settings (timer, first-game hints, bots), the
// leader's controls during a game (pause, end, remove a player), the end of a game (play again,
// back to the lobby, stepping the grand reveal) and the latecomer's wait for the next game.
// Everything here is about seats and the room, never about a role: the same for every role.

import { h } from "./dom.js";

const TIMERS = [null, "relaxed", "normal", "fast"];
const timerKey = (preset) => preset || "off";

/** A choice asked twice (a slip of the thumb must not end a game or send someone away). */
function confirmation(ctx, { id, question, yes, no, onYes }) {
  const answer = (go) => () => {
    ctx.ui.confirming = null;
    if (go) onYes();
    else ctx.redraw();
  };
  return h("div", { class: "confirm", testid: `confirm-${id}`, role: "group",
    "aria-labelledby": `confirm-q-${id}` },
  h("p", { class: "status", id: `confirm-q-${id}` }, question),
  h("div", { class: "pair" },
    h("button", { type: "button", class: "big no", testid: `confirm-yes-${id}`, onclick: answer(true) }, yes),
    h("button", { type: "button", class: "big", testid: `confirm-no-${id}`, onclick: answer(false) }, no)));
}

function asking(ctx, id) {
  return ctx.ui.confirming === id;
}

function ask(ctx, id) {
  return () => {
    ctx.ui.confirming = id;
    ctx.redraw();
  };
}

// ---------------------------------------------------------------- the lobby

/** The turn timer: the leader picks a preset; everyone else reads which one is on. */
function timerPicker(ctx, editable) {
  const { room, send, t } = ctx;
  const current = room.timer || null;
  if (!editable) {
    return h("p", { class: "hint", testid: "timer-shown", data: { timer: timerKey(current) } },
      t("phone.timer.shown", { timer: t(`phone.timer.${timerKey(current)}`) }));
  }
  return h("fieldset", { class: "options", testid: "timer" },
    h("legend", {}, t("phone.timer.legend")),
    TIMERS.map((preset) => h("button", {
      type: "button", class: "option", testid: `timer-${timerKey(preset)}`,
      "aria-pressed": preset === current ? "true" : "false",
      onclick: () => send({ type: "options", timer: preset }),
    }, h("span", { class: "check", "aria-hidden": "true" }, preset === current ? "◉" : "○"),
    h("span", { class: "option-text" },
      h("strong", {}, t(`phone.timer.${timerKey(preset)}`)),
      h("small", {}, t(`phone.timer.${timerKey(preset)}.about`))))));
}

function firstGameToggle(ctx, editable) {
  const { room, send, t } = ctx;
  const on = Boolean(room.first_game);
  const label = [
    h("span", { class: "check", "aria-hidden": "true" }, on ? "☑" : "☐"),
    h("span", { class: "option-text" }, h("strong", {}, t("phone.first_game")),
      h("small", {}, t("phone.first_game.about"))),
  ];
  if (!editable) {
    return on ? h("p", { class: "option", testid: "first-game-shown", data: { on: "true" } }, label) : null;
  }
  return h("button", {
    type: "button", class: "option", testid: "first-game", "aria-pressed": on ? "true" : "false",
    onclick: () => send({ type: "options", first_game: !on }),
  }, label);
}

function addBotButton(ctx) {
  const { room, send, t } = ctx;
  const full = room.max_players !== null && (room.seats || []).length >= room.max_players;
  return h("button", {
    type: "button", class: "option", testid: "add-bot", disabled: full,
    onclick: () => send({ type: "add_bot" }),
  }, h("span", { class: "check", "aria-hidden": "true" }, "⚙"),
  h("span", { class: "option-text" }, h("strong", {}, t("phone.bot.add")),
    h("small", {}, t(full ? "phone.bot.full" : "phone.bot.add.about"))));
}

/** What the lobby adds for the evening, under the game's own options. */
export function lobbySettings(ctx, leader) {
  const seatsOpen = !ctx.room.resumable; // a game on offer keeps its seats
  return [timerPicker(ctx, leader), firstGameToggle(ctx, leader),
    leader && seatsOpen ? addBotButton(ctx) : null];
}

/** How many players each game needs, beside its name in the leader's game picker. */
export function playersNeeded(ctx, game) {
  const key = `phone.game.players.${game}`;
  return ctx.has(key) ? h("small", {}, ctx.t(key)) : null;
}

// ---------------------------------------------------------------- during a game

/** The leader's controls during a game: pause or go on, end the game, remove a player. */
export function leaderControls(ctx) {
  const { room, you, send, t } = ctx;
  if (!you || !you.leader || !room || room.phase !== "playing") return null;
  const paused = Boolean(room.paused);
  const removable = (room.seats || []).filter((seat) => seat.seat !== you.seat && !seat.removed);
  const open = ctx.ui.leaderOpen || ctx.ui.confirming;
  return h("details", {
    class: "leader-controls card-box", testid: "leader-controls", open: Boolean(open),
    ontoggle: (event) => { ctx.ui.leaderOpen = event.currentTarget.open; },
  },
  h("summary", { testid: "leader-controls-open" }, t("phone.leader.title")),
  h("button", {
    type: "button", class: "option", testid: paused ? "resume" : "pause",
    onclick: () => send({ type: "pause", on: !paused }),
  }, t(paused ? "phone.leader.resume" : "phone.leader.pause")),
  asking(ctx, "end") ? confirmation(ctx, {
    id: "end", question: t("phone.leader.end_confirm"), yes: t("phone.leader.end_yes"),
    no: t("phone.leader.keep_playing"), onYes: () => send({ type: "end" }),
  }) : h("button", { type: "button", class: "option", testid: "end-game", onclick: ask(ctx, "end") },
    t("phone.leader.end")),
  h("h3", {}, t("phone.leader.remove_title")),
  h("ul", { class: "players" }, removable.map((seat) => {
    const id = `remove-${seat.seat}`;
    return h("li", { class: "player", testid: `leader-seat-${seat.seat}` },
      h("span", { class: "player-name" }, seat.name),
      asking(ctx, id) ? confirmation(ctx, {
        id, question: t("phone.leader.remove_confirm", { name: seat.name }),
        yes: t("phone.lobby.remove_yes"), no: t("phone.lobby.remove_no"),
        onYes: () => send({ type: "remove", seat: seat.seat }),
      }) : h("span", { class: "row-controls" }, h("button", {
        type: "button", class: "icon danger", testid: `game-remove-${seat.seat}`,
        "aria-label": t("phone.lobby.remove", { name: seat.name }), onclick: ask(ctx, id),
      }, "✕")));
  })),
  h("p", { class: "hint" }, t("phone.leader.remove_hint")));
}

/** In the step while the game is paused: who resumes it; on the leader's phone, the button. */
export function pausedLine(ctx) {
  const { room, you, send, t } = ctx;
  if (you && you.leader) {
    return h("div", { class: "banner paused-line", testid: "paused-line" },
      h("p", {}, t("phone.paused.you_resume")),
      h("button", {
        type: "button", class: "primary", testid: "paused-resume",
        onclick: () => send({ type: "pause", on: false }),
      }, t("phone.leader.resume")));
  }
  const leader = (room.seats || []).find((seat) => seat.leader);
  return h("div", { class: "banner paused-line", testid: "paused-line" }, h("p", {}, leader
    ? t("phone.paused.leader_resumes", { name: leader.name })
    : t("phone.paused.the_leader_resumes")));
}

// ---------------------------------------------------------------- the end of a game

/** The grand reveal on the TV, one step at a time: the leader steps it, everyone sees where. */
function replayStepper(ctx) {
  const { room, send, t } = ctx;
  const step = room.replay_step;
  const count = room.replay_count || 0;
  const at = step === null || step === undefined ? null : step;
  return h("section", {
    class: "card-box replay", testid: "replay", data: { step: at === null ? "" : String(at), count: String(count) },
  },
    h("p", { class: "status", testid: "replay-status" },
      at === null ? t("phone.replay.result") : t("phone.replay.step", { step: at + 1, count })),
    h("div", { class: "pair" },
      h("button", {
        type: "button", class: "big", testid: "replay-back", disabled: at === null,
        onclick: () => send({ type: "replay", step: at === 0 ? null : at - 1 }),
      }, h("span", { class: "mark", "aria-hidden": "true" }, "◀"), t("phone.replay.back")),
      h("button", {
        // The host holds the step within the game's story: past its last step there is none.
        type: "button", class: "big", testid: "replay-next", disabled: at !== null && at >= count - 1,
        onclick: () => send({ type: "replay", step: at === null ? 0 : at + 1 }),
      }, h("span", { class: "mark", "aria-hidden": "true" }, "▶"), t("phone.replay.next"))),
    at === null ? null : h("button", {
      type: "button", class: "option", testid: "replay-result",
      onclick: () => send({ type: "replay", step: null }),
    }, t("phone.replay.to_result")));
}

/**
 * The latecomers the next deal seats, and those it has no seat for: as the host does it
 * (Room.seat_newcomers), removed players leave first and latecomers sit in the order they came.
 */
function latecomerSeats(room) {
  const late = room.next_game || [];
  const staying = (room.seats || []).filter((seat) => !seat.removed).length;
  const free = room.max_players === null || room.max_players === undefined
    ? late.length : Math.max(0, room.max_players - staying);
  return { joining: late.slice(0, free), waiting: late.slice(free) };
}

/** The end of every game: the leader plays again, goes back to the lobby or steps the reveal. */
export function endFooter(ctx) {
  const { you, room, send, t } = ctx;
  // Latecomers are seated by the next game: "the same players" would not be true then. Those
  // it has no seat for are named apart (QA: "Play again, with Siobhán" dealt without her).
  const seats = latecomerSeats(room);
  const joining = seats.joining.join(t("phone.list.separator"));
  const left = seats.waiting.join(t("phone.list.separator"));
  if (you && you.leader) {
    return h("div", { class: "stack", testid: "end-controls" },
      room.replay_count ? h("h3", {}, t("phone.replay.title")) : null,
      room.replay_count ? replayStepper(ctx) : null,
      left ? h("p", { class: "hint", testid: "rematch-full" },
        t("phone.rematch_full", { names: left })) : null,
      h("button", {
        type: "button", class: "primary", testid: "rematch", onclick: () => send({ type: "rematch" }),
      }, joining ? t("phone.rematch_joining", { names: joining }) : t("phone.rematch")),
      h("button", {
        type: "button", class: "option", testid: "to-lobby", onclick: () => send({ type: "lobby" }),
      }, t("phone.to_lobby")));
  }
  if (!you || you.seat === null || you.seat === undefined) return null;
  const leader = (room.seats || []).find((seat) => seat.leader);
  return h("p", { class: "hint", testid: "wait-rematch" },
    t(joining ? "phone.rematch_wait_joining" : "phone.rematch_wait",
      { name: leader ? leader.name : "", names: joining }));
}

// ---------------------------------------------------------------- a latecomer

/** A named phone that arrived mid-game: it watches, and plays the next game. */
export function nextGameBanner(ctx) {
  const { you, room, t } = ctx;
  if (!you || !you.next_game) return null;
  const waiting = (room.next_game || []).length;
  const noSeat = latecomerSeats(room).waiting.includes(you.name);
  return h("p", { class: "banner", testid: "next-game", data: { full: noSeat ? "true" : "false" } },
    t(noSeat ? "phone.next_game_full" : "phone.next_game", { name: you.name || "", count: waiting }));
}
