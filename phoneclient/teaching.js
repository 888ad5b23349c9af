// Teaching at the table: while the TV plays a tutorial, each phone shows the chapter's one-line
// summary in its own language, the leader's phone moves it, and at the chapter "flap" every
// seated phone lets its player try the flap with a practice role (the same one on every phone).

import { h } from "./dom.js";

const FLAP_CHAPTER = "flap";
let triedSent = null; // the tutorial (by game) this phone already reported a tried flap for
let practiceOpened = false; // the practice flap was opened since the chapter began

function chapterSummary(ctx, tutorial) {
  const { t, has } = ctx;
  if (!tutorial.chapter) return t("phone.tutorial.starting");
  const key = `tutorial.${tutorial.game}.${tutorial.chapter}`;
  return has(key) ? t(key) : t("phone.tutorial.on_tv");
}

function leaderButtons(ctx, tutorial) {
  const { send, t } = ctx;
  const button = (command, mark, testid = `tutorial-${command}`) => h("button", {
    type: "button", class: "big", testid,
    onclick: () => send({ type: "tutorial", command }),
  }, h("span", { class: "mark", "aria-hidden": "true" }, mark), t(`phone.tutorial.${command}`));
  return h("div", { class: "tutorial-controls", testid: "tutorial-controls" },
    h("div", { class: "pair" }, button("back", "◀"), button("next", "▶")),
    h("div", { class: "pair" },
      tutorial.paused ? button("resume", "▶▶") : button("pause", "❚❚"), button("skip", "✕")));
}

function practicePrompt(ctx, tutorial) {
  const { you, t } = ctx;
  if (tutorial.chapter !== FLAP_CHAPTER || !seated(you)) return null;
  const done = (tutorial.tried_flap || []).includes(you.seat);
  return h("p", { class: done ? "done" : "banner", testid: done ? "practice-done" : "practice-prompt" },
    t(done ? "phone.practice.done" : "phone.practice.prompt"));
}

const seated = (you) => Boolean(you) && you.seat !== null && you.seat !== undefined;

/** The tutorial's place on this phone (null when none runs). */
export function tutorialPanel(ctx) {
  const { room, you, t } = ctx;
  const tutorial = room && room.tutorial;
  if (!tutorial || room.phase !== "lobby") return null;
  const count = (tutorial.chapters || []).length;
  return h("section", {
    class: "tutorial card-box", testid: "tutorial",
    data: { chapter: tutorial.chapter || "", paused: String(Boolean(tutorial.paused)) },
  },
  h("h2", {}, t("phone.tutorial.title", { game: t(`${tutorial.game}.name`) })),
  count ? h("p", { class: "hint", testid: "tutorial-progress" },
    t("phone.tutorial.progress", { index: tutorial.index + 1, count })) : null,
  h("p", { class: "status", testid: "tutorial-summary" }, chapterSummary(ctx, tutorial)),
  tutorial.paused ? h("p", { class: "hint", testid: "tutorial-paused" }, t("phone.tutorial.paused")) : null,
  practicePrompt(ctx, tutorial),
  you && you.leader ? leaderButtons(ctx, tutorial) : null);
}

/** The leader's "How to play" in the lobby: the TV teaches the chosen game. */
export function teachButton(ctx) {
  const { room, you, send, t } = ctx;
  if (!you || !you.leader || !room || room.tutorial || room.phase !== "lobby") return null;
  return h("button", {
    type: "button", class: "option", testid: "tutorial-start",
    onclick: () => send({ type: "tutorial", command: "start", game: room.game }),
  }, h("span", { class: "check", "aria-hidden": "true" }, "▶"),
  h("span", { class: "option-text" }, h("strong", {}, t("phone.tutorial.start")),
    h("small", {}, t("phone.tutorial.start.about"))));
}

/** What the flap holds at the practice chapter: a made-up role, the same on every phone. */
export function practiceSecrets(ctx) {
  const { room, you, t } = ctx;
  const tutorial = room && room.tutorial;
  if (!tutorial) triedSent = null; // a tutorial started again asks again
  if (!tutorial || room.phase !== "lobby" || tutorial.chapter !== FLAP_CHAPTER || !seated(you)) {
    practiceOpened = false;
    return null;
  }
  return [
    h("p", { class: "hint" }, t("phone.practice.label")),
    h("h2", { class: "role", testid: "practice-role" }, t("phone.practice.role")),
    h("p", {}, t("phone.practice.about")),
  ];
}

/** The flap opened or closed: letting go of the practice flap once it was open counts as tried. */
export function onPracticeFlap(ctx, open) {
  const { room, you, send } = ctx;
  const tutorial = room && room.tutorial;
  if (!tutorial || tutorial.chapter !== FLAP_CHAPTER || !seated(you)) return;
  if (open) {
    practiceOpened = true;
    return;
  }
  if (!practiceOpened) return;
  practiceOpened = false;
  const already = (tutorial.tried_flap || []).includes(you.seat);
  const mark = `${tutorial.game}:${you.seat}`;
  if (already || triedSent === mark) return;
  triedSent = mark;
  send({ type: "tried_flap" });
}
