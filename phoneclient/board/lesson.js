// The lesson: while the leader's "How to play" runs in the lobby, the board shows the chapter the
// host is playing (with --headless it plays it with no picture, and the board is the only big
// screen): the game, the chapter's place and title, its summary in large type, the pause, and at
// the flap chapter who has tried the practice flap. All of it from room.tutorial.

import { h } from "../dom.js";
import { checklist } from "./pieces.js";

const FLAP_CHAPTER = "flap";

/** The lesson is on: the room carries the tutorial's place and no game has started. */
export function lessonOn(room) {
  return Boolean(room && room.tutorial) && room.phase === "lobby";
}

export function renderLesson(ctx) {
  const { room, t, has } = ctx;
  const tutorial = room.tutorial;
  const game = tutorial.game;
  const chapter = tutorial.chapter;
  const total = (tutorial.chapters || []).length;
  const titleKey = `tv.tutorial.${game}.${chapter}`;
  const summaryKey = `tutorial.${game}.${chapter}`;
  const summary = !chapter ? t("board.lesson.starting")
    : has(summaryKey) ? t(summaryKey) : t("board.lesson.watch");
  return h("div", {
    class: "lesson", testid: "lesson",
    data: { chapter: chapter || "", index: String(tutorial.index), paused: String(Boolean(tutorial.paused)) },
  },
  h("header", { class: "title-row" },
    h("h1", { class: "title fit", testid: "game-name" }, t(`${game}.name`)),
    h("p", { class: "tagline fit" }, t("phone.tutorial.start"))),
  h("div", { class: "lesson-body" },
    h("div", { class: "lesson-head" },
      chapter ? h("p", { class: "lesson-place fit", testid: "lesson-place" },
        t("tv.tutorial.count", { number: tutorial.index + 1, total })) : null,
      tutorial.paused ? h("p", { class: "lesson-paused fit", testid: "lesson-paused" },
        h("span", { "aria-hidden": "true" }, "❚❚ "), t("tv.tutorial.paused")) : null),
    chapter && has(titleKey)
      ? h("h2", { class: "lesson-title fit", testid: "lesson-title" }, t(titleKey)) : null,
    h("p", { class: "lesson-summary fit", testid: "lesson-summary" }, summary),
    chapter === FLAP_CHAPTER ? tried(ctx, tutorial) : null),
  h("p", { class: "lesson-keys fit" }, t("board.lesson.keys")));
}

/** Who has tried the practice flap, of the players at the table (a bot seat has no phone). */
function tried(ctx, tutorial) {
  const { room, t } = ctx;
  const seats = (room.seats || []).filter((entry) => !entry.bot_seat).map((entry) => entry.seat);
  if (!seats.length) {
    return h("p", { class: "lesson-tried-count fit", testid: "tried-count" }, t("tv.tutorial.flap.nobody"));
  }
  const done = new Set((tutorial.tried_flap || []).filter((seat) => seats.includes(seat)));
  return h("section", { class: "lesson-tried", testid: "lesson-tried" },
    h("p", { class: "lesson-tried-count fit", testid: "tried-count" },
      t("tv.tutorial.flap.tried", { count: done.size, total: seats.length })),
    checklist(ctx, seats, done, "tried", "lesson-list"));
}
