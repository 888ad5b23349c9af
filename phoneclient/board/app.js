// The board page: the public board in any browser (a smart TV, a second screen, a laptop with
// no pygame window). It listens on the public socket only, so it can never hold a secret: what
// it shows is exactly what the TV shows. It renders the last public message as a scene, plays
// the timed moments between two messages, and overlays the pause, the clock and the notices.

import { fill, h, setText } from "../dom.js";
import { LANGUAGES, has, language, preferredLanguage, storeLanguage, t, useLanguage }
  from "../i18n.js";
import { fitGuesses, fitRounds, renderAudience } from "./audience.js";
import { FirstGameHints } from "./hints.js";
import { lessonOn, renderLesson } from "./lesson.js";
import { renderLobby } from "./lobby.js";
import { renderReplay, replayStepOf } from "./replay.js";
import { MomentPlayer } from "./moments.js";
import { around, fitText, nameOf, namesOf, seatStatus } from "./pieces.js";
import { PublicSocket } from "./socket.js";
import { SoundBank } from "./sound.js";

// Each game's module exports: sceneFor(view), render(ctx, scene), changes(old, new) ->
// {cues, moments}, entryCue(scene, view), roundLabel(ctx, index), and for the grand reveal
// replaySteps(view), replayStep(ctx, step). Fetched when first needed.
const GAMES = {
  mole: () => import("./mole.js"),
  insidejob: () => import("./insidejob.js"),
};
const loaded = new Map();
const loading = new Set();
const DESIGN = { width: 1920, height: 1080 };
const NOTICE_SECONDS = 6;
const NOTICE_KINDS = new Set(["seat_taken_back", "game_ended"]); // the notices it has words for
const params = new URLSearchParams(location.search);
// At the end, the reveal and the audience's guesses take turns this many seconds each.
const END_CYCLE_SECONDS = Math.max(1, Number(params.get("cycle")) || 15);

const els = {
  stage: document.getElementById("stage"),
  scene: document.getElementById("scene"),
  moment: document.getElementById("moment"),
  overlay: document.getElementById("overlay"),
  hint: document.getElementById("hint"),
  conn: document.getElementById("conn"),
  extra: document.getElementById("bar-extra"),
  sound: document.getElementById("sound"),
  fullscreen: document.getElementById("fullscreen"),
  lang: document.getElementById("lang"),
  langLabel: document.getElementById("lang-label"),
};

const board = {
  message: null, // the last public message
  base: null, // the view the moments have been played up to (see catchUp)
  drawPending: false, // a draw asked for at the next display frame (see render)
  receivedAt: 0, // performance.now() when it came (the clock counts down from there)
  status: "connecting",
  seconds: 0,
  ready: false,
  scene: null, // the scene on screen, "<game>.<scene>" or "lobby"
  endedAt: null, // when the game's end came on screen (the end cycle starts there)
  noticeShownUntil: 0,
  lastNotice: null,
};

// The emoji font (board.css) is fetched as the page starts, and the board first drawn once it
// has come (or has failed, or after EMOJI_WAIT_MS): fetched only when the first name with an
// emoji was drawn, it came too late for Chromium, which kept drawing that name's empty box
// (measured: still so after the board was drawn again).
const EMOJI_WAIT_MS = 3000;
const emojiFont = document.fonts.load('700 32px "Molecrew Emoji"', "\u{1F389}").catch(() => []);

const hints = new FirstGameHints(); // the lobby's "first game" option, as on the TV
const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
const sounds = new SoundBank(() => renderBar());
const moments = new MomentPlayer(els.moment, {
  play: (cue) => sounds.play(cue),
  onChange: () => render(),
  // Fitted at once, not at the board's next draw: a moment's first frame never shows its text
  // overflowing.
  onDraw: (node) => fitText(node),
});

const socket = new PublicSocket({
  onMessage(message) {
    if (message && message.type === "public") receive(message);
  },
  onStatus(state, detail) {
    board.status = state;
    board.seconds = detail.seconds || 0;
    renderBar();
  },
});

function gameModule(name) {
  if (!Object.prototype.hasOwnProperty.call(GAMES, name)) return undefined;
  if (loaded.has(name)) return loaded.get(name);
  if (!loading.has(name)) {
    loading.add(name);
    GAMES[name]().then((module) => {
      loaded.set(name, module);
      if (board.message) {
        for (const cue of catchUp(context())) sounds.play(cue);
        giveHints(context()); // the module that came may be another game's (the lobby's first)
      }
      render();
    }, () => {
      setTimeout(() => { loading.delete(name); render(); }, 1000);
    });
  }
  return null;
}

function context() {
  const message = board.message || { room: {}, view: null };
  return {
    room: message.room || {}, view: message.view || null, t, has,
    still: motion.matches, lang: language(),
  };
}

function receive(message) {
  const before = board.message;
  board.message = message;
  board.receivedAt = performance.now();
  const ctx = context();
  const cues = [];
  const oldRoom = (before && before.room) || {};
  if ((message.room.seats || []).length > (oldRoom.seats || []).length && before) cues.push("join");
  if (message.room.game) gameModule(message.room.game); // fetched while the lobby fills
  cues.push(...catchUp(ctx));
  giveHints(ctx);
  const step = message.room.replay_step;
  if (step !== null && step !== undefined) moments.drop(); // those already playing, too
  const notice = message.room.notice;
  if (notice && before && (!board.lastNotice || board.lastNotice.id !== notice.id)) {
    board.noticeShownUntil = performance.now() + NOTICE_SECONDS * 1000;
    setTimeout(renderBar, NOTICE_SECONDS * 1000 + 50);
  }
  board.lastNotice = notice || null;
  for (const cue of cues) sounds.play(cue);
  render();
}

/**
 * The moments (and their cues) between the view last compared and this one, queued to play.
 * While the game's module is still loading (a board opened in the second before the start),
 * the view from before stays the one to compare with, and the module, once it has come, plays
 * what happened meanwhile: the first votes are not lost.
 */
function catchUp(ctx) {
  const { view } = ctx;
  const base = board.base;
  if (!view) {
    board.base = null;
    return [];
  }
  const game = gameModule(view.game);
  const sameGame = Boolean(base) && base.game === view.game;
  if (game === null && sameGame) return [];
  board.base = view;
  if (!game || !sameGame) return [];
  const found = game.changes(base, view);
  // Stepping through the finished game: the last moves' moments would only hide its steps.
  const step = ctx.room.replay_step;
  const replaying = step !== null && step !== undefined;
  if (found.moments.length && !replaying) moments.push(found.moments, ctx);
  return found.cues;
}

function sceneFor(ctx) {
  const { room, view } = ctx;
  if (lessonOn(room)) return { key: "lesson" }; // the leader's "How to play", chapter by chapter
  if (!view || room.phase === "lobby") return { key: "lobby" };
  const game = gameModule(view.game);
  if (game === undefined) return { key: "other" };
  if (game === null) return { key: "loading" };
  const step = replayStepOf(ctx, game);
  if (step !== null) return { key: "replay", game, step }; // the leader steps the grand reveal
  const scene = game.sceneFor(view);
  return { key: `${view.game}.${scene}`, game, scene };
}

/** At the end, the reveal and then the audience's guesses, in turn, while both are there. */
function endCycle(ctx, found) {
  const result = ctx.room.audience_result;
  if (ctx.room.phase !== "over" || !result || !(result.members || []).length || found.key === "replay") {
    board.endedAt = null;
    return found;
  }
  if (board.endedAt === null) board.endedAt = performance.now();
  const turn = Math.floor((performance.now() - board.endedAt) / (END_CYCLE_SECONDS * 1000));
  return turn % 2 === 1 ? { ...found, key: "audience" } : found;
}

/**
 * Asks for the board to be drawn at the next display frame. A burst of frames (a game's last
 * moves, a bot's turn) arrives faster than a TV's browser lays the board out and fits its text;
 * drawn once per message, the board fell seconds behind the room. Each message is still read in
 * turn (its moments and sounds, in receive); only the drawing waits, and happens once.
 */
function render() {
  if (board.drawPending) return;
  board.drawPending = true;
  requestAnimationFrame(draw);
}

function draw() {
  board.drawPending = false;
  if (!board.ready) return;
  const ctx = context();
  const found = endCycle(ctx, sceneFor(ctx));
  let node;
  if (found.key === "lobby") node = renderLobby(ctx);
  else if (found.key === "lesson") node = renderLesson(ctx);
  else if (found.key === "audience") node = renderAudience(ctx, found.game);
  else if (found.key === "replay") node = renderReplay(ctx, found.game, found.step);
  else if (found.key === "loading" || found.key === "other") {
    const text = found.key === "other"
      ? t("tv.board.other_game", { game: ctx.view.game }) : t("board.loading");
    node = h("div", { class: "centre-note" }, h("p", { class: "fit" }, text));
  } else node = found.game.render(ctx, found.scene);
  fill(els.scene, node);
  els.scene.dataset.scene = found.key;
  els.scene.dataset.phase = ctx.view ? ctx.view.phase : ctx.room.phase || "";
  if (found.key !== board.scene && !moments.busy) {
    const cue = found.game && found.game.entryCue(found.scene, ctx.view);
    board.scene = found.key;
    if (cue) sounds.play(cue);
  }
  els.scene.inert = moments.busy;
  renderHint(found);
  renderOverlay(ctx);
  renderBar();
  fitRounds(els.scene, ctx); // before the text: it changes the columns' widths
  fitText(els.scene);
  if (fitGuesses(els.scene, ctx)) fitText(els.scene); // the line that counts the rows left out
  if (!els.moment.hidden) fitText(els.moment);
  if (!els.hint.hidden) fitText(els.hint);
}

function giveHints(ctx) {
  hints.receive(ctx, ctx.view ? gameModule(ctx.view.game) || null : null);
}

/** The first-game hint, in a band across the top of the board while its moment lasts. */
function renderHint(found) {
  const line = found.game && found.key !== "replay" ? hints.line(t) : null;
  els.hint.hidden = !line;
  if (!line) {
    els.hint.replaceChildren();
    return;
  }
  fill(els.hint, h("p", { class: "hint-line may-wrap fit", testid: "first-hint-text" },
    h("span", { class: "hint-label" }, t("tv.first.label")), " ", line));
  els.hint.dataset.key = hints.key;
}

function renderOverlay(ctx) {
  const { room } = ctx;
  if (room.paused && room.phase === "playing") {
    const by = room.paused_by;
    fill(els.overlay, h("div", { class: "paused", testid: "paused" },
      // As on the TV: who paused it when the room knows, else the host (its keys).
      h("p", { class: "paused-title fit" }, t("tv.paused")),
      h("p", { class: "paused-text fit", testid: "paused-text" },
        by ? t("tv.paused_by", { name: by }) : t("tv.paused.text"))));
    els.overlay.hidden = false;
    fitText(els.overlay);
  } else {
    els.overlay.hidden = true;
    els.overlay.replaceChildren();
  }
}

/** The clock of the turn timer: it counts down locally from the seconds the host sent. */
function clockText(room) {
  const clock = room.clock;
  if (!clock || clock.left === null || clock.left === undefined) return null;
  const spent = clock.running ? (performance.now() - board.receivedAt) / 1000 : 0;
  const left = Math.max(0, Math.ceil(clock.left - spent));
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return { left, time, running: clock.running, seats: clock.seats || [] };
}

/**
 * A part of the bar: its words in full, and (for a list of names) a shorter form the bar falls
 * back on when everything does not fit beside the buttons: "A bot plays for Bruno +2".
 */
function barPart(cls, testid, full, short = null, data = {}) {
  return { cls, testid, full, short, data };
}

/** "Ana +2": the first of several names and how many more. */
function namesShort(names) {
  return `${names[0]} +${names.length - 1}`;
}

/** Who is away (their phone is gone), and whom a bot plays for meanwhile. */
function absentParts(ctx) {
  const seats = (ctx.room.seats || []).map((entry) => entry.seat);
  // A seat someone asks for is away already: the claim's words say so, and the bar has room
  // for one of the two whole (QA: "Away: Barth…" beside the claim of the same seat).
  const claimed = new Set((ctx.room.claims || []).map((claim) => claim.seat));
  const away = seats.filter((seat) => seatStatus(ctx, seat) === "away" && !claimed.has(seat));
  const covered = seats.filter((seat) => seatStatus(ctx, seat) === "bot");
  const part = (cls, key, list) => {
    const names = list.map((seat) => nameOf(ctx, seat));
    return barPart(cls, cls, t(key, { names: names.join(", ") }),
      names.length > 1 ? t(key, { names: namesShort(names) }) : null);
  };
  return [
    away.length ? part("away", "board.away", away) : null,
    covered.length ? part("covered", "board.covered", covered) : null,
  ].filter(Boolean);
}

function clockPart(ctx, clock) {
  const seats = clock.seats;
  const full = seats.length ? `${clock.time} · ${namesOf(ctx, seats)}` : clock.time;
  const short = seats.length > 1
    ? `${clock.time} · ${t("board.clock.waiting", { count: seats.length })}` : null;
  return barPart(`clock${clock.left <= 10 && clock.running ? " short" : ""}`, "clock", full, short,
    { left: String(clock.left), running: String(clock.running) });
}

function drawPart(part, words) {
  return h("span", { class: part.cls, testid: part.testid, data: part.data },
    part.testid === "clock" ? h("span", { class: "clock-face", "aria-hidden": "true" }) : null,
    h("span", { class: "bar-text" }, words));
}

// Lists turn short in this order until the bar fits: the clock's names first (each phone says
// whom it waits for), the latecomers' names last; the audience's count is never cut.
const SHORTEN_FIRST = ["clock", "covered", "away", "next-game"];
const BAR_GAP = 24; // design pixels between two parts (board.css, .bar-row)
const NOTE_LEAST = 144; // a note's least width on a crowded row (board.css: 6em of 24 px)
const KEPT_WHOLE = new Set(["next-game", "audience-count"]);

/** On two rows, what goes below the notes when it can: the claims and KEPT_WHOLE. */
function below(part) {
  return part.cls === "claim" || KEPT_WHOLE.has(part.testid);
}

/** Whether a part never gives way on a crowded row (board.css): the clock, a claim (whose
 * seat is asked for), the audience's count. */
function whole(part) {
  return ["clock", "audience-count"].includes(part.testid) || part.cls === "claim";
}

// The least size of a claim's name against the bar's words: 18 of 24 design pixels, a name's
// smallest on the board (pieces.js).
const CLAIM_NAME_LEAST = 0.75;

/** The least width a part takes on a crowded row: a note's few letters and an ellipsis; what
 * never gives way, all of it, but a claim's name at its smallest. */
function leastWidth(part, node) {
  if (!whole(part)) return Math.min(node.offsetWidth, NOTE_LEAST);
  const name = part.cls === "claim" ? node.querySelector(".name") : null;
  return node.offsetWidth - (name ? name.offsetWidth * (1 - CLAIM_NAME_LEAST) : 0);
}

/** A claim's name made smaller, down to its least, until the claim fits its row whole. */
function fitClaims() {
  for (const text of els.extra.querySelectorAll(".claim .bar-text")) {
    const name = text.querySelector(".name");
    const base = parseFloat(getComputedStyle(text).fontSize);
    for (let size = base; size > base * CLAIM_NAME_LEAST && text.scrollWidth > text.clientWidth;) {
      size = Math.max(base * CLAIM_NAME_LEAST, size - 1);
      name.style.fontSize = `${size}px`;
    }
  }
}

/**
 * The parts' indexes in one row if they fit in `room` pixels, else two rows: of every way to
 * share the parts between two rows (each row in the parts' order), the one that cuts least of
 * what never gives way (whole()), then moves fewest parts from their usual row (below()), then
 * cuts least of the rest. `crowded`: the parts on a row still too wide.
 */
function rowsOf(parts, widths, leasts, room) {
  const sum = (row, of) => row.reduce((total, i) => total + of[i], 0) + BAR_GAP * (row.length - 1);
  const width = (row) => sum(row, widths);
  const least = (row) => sum(row, leasts);
  const all = parts.map((_, index) => index);
  if (width(all) <= room) return { rows: [all], crowded: new Set() };
  if (all.length < 2) return { rows: [all], crowded: new Set(all) };
  let best = null;
  for (let mask = 1; mask < (1 << all.length) - 1; mask += 1) {
    const rows = [all.filter((i) => !(mask & (1 << i))), all.filter((i) => mask & (1 << i))];
    const over = (measure) => rows.reduce((sum, row) => sum + Math.max(0, measure(row) - room), 0);
    const moved = all.filter((i) => below(parts[i]) !== Boolean(mask & (1 << i)));
    const score = [over(least), moved.length, over(width)];
    if (!best || lessThan(score, best.score)) best = { rows, score };
  }
  const rows = best.rows;
  return { rows, crowded: new Set(rows.filter((row) => width(row) > room).flat()) };
}

/** Whether the list of numbers `a` comes before `b` (the first that differs decides). */
function lessThan(a, b) {
  const k = a.findIndex((value, i) => value !== b[i]);
  return k >= 0 && a[k] < b[k];
}

/**
 * The parts between the connection and the buttons, on one row or two. When two rows are not
 * enough, lists take their short forms one by one; the last row then holds the rest, and a note
 * still too wide ends in an ellipsis: nothing runs under the buttons, and a claim is never cut
 * (QA: "Alguien quiere ocupar el puesto de…" at 1280x720).
 */
function fillExtra(parts) {
  const nodes = parts.map((part) => drawPart(part, part.full));
  els.extra.classList.add("measuring"); // every part at its full width on one line
  fill(els.extra, ...nodes);
  const room = els.extra.clientWidth;
  const measure = () => rowsOf(parts, nodes.map((node) => node.offsetWidth),
    nodes.map((node, i) => leastWidth(parts[i], node)), room);
  let found = measure();
  for (const testid of SHORTEN_FIRST) {
    const index = parts.findIndex((part) => part.testid === testid && part.short);
    if (index < 0 || !found.crowded.has(index)) continue;
    const shorter = drawPart(parts[index], parts[index].short);
    nodes[index].replaceWith(shorter);
    nodes[index] = shorter;
    found = measure();
  }
  els.extra.classList.remove("measuring");
  const shown = found.rows;
  fill(els.extra, ...shown.map((row) => h("span", { class: "bar-row" }, row.map((i) => nodes[i]))));
  els.extra.classList.toggle("two-rows", shown.length > 1);
  fitClaims();
}

function renderBar() {
  if (!board.ready) return;
  els.conn.dataset.state = board.status;
  if (board.status === "online") setText(els.conn, t("board.conn.online"));
  else if (board.status === "waiting") setText(els.conn, t("board.conn.waiting", { seconds: board.seconds }));
  else setText(els.conn, t("board.conn.connecting"));
  const ctx = context();
  const { room } = ctx;
  const parts = [];
  const clock = room.phase === "playing" ? clockText(room) : null;
  if (clock) parts.push(clockPart(ctx, clock));
  for (const claim of room.claims || []) {
    // The name apart, to be made smaller when the words do not fit whole (fitClaims).
    // With the code the claimant's phone shows (the table lets in the claim showing it).
    const [before, after] = around(t, "board.claim", "name", { code: claim.code });
    const words = [before, h("span", { class: "name" }, claim.name), after];
    parts.push(barPart("claim", `claim-${claim.id}`, words));
  }
  const notice = room.notice;
  if (notice && NOTICE_KINDS.has(notice.kind) && performance.now() < board.noticeShownUntil) {
    parts.push(barPart("notice", "notice", t(`board.notice.${notice.kind}`, { name: notice.name })));
  }
  if (room.phase === "playing") parts.push(...absentParts(ctx));
  const late = room.next_game || [];
  if (late.length) {
    parts.push(barPart("next-game", "next-game", t("board.next_game", { names: late.join(", ") }),
      late.length > 1 ? t("board.next_game", { names: namesShort(late) }) : null));
  }
  if (room.audience) {
    parts.push(barPart("audience-count", "audience-count",
      t("board.audience_count", { count: room.audience })));
  }
  fillExtra(parts);
  els.sound.dataset.state = !sounds.on ? "off" : sounds.blocked ? "blocked" : "on";
  els.sound.setAttribute("aria-pressed", String(sounds.on));
  setText(els.sound, t(`board.sound.${els.sound.dataset.state}`));
  // Offered until the page fills the screen (F does the same from a keyboard).
  els.fullscreen.hidden = !document.fullscreenEnabled || Boolean(document.fullscreenElement);
  setText(els.fullscreen, t("board.fullscreen"));
}

function toggleFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen();
  else document.documentElement.requestFullscreen().catch(() => {});
}

function fitStage() {
  const scale = Math.min(innerWidth / DESIGN.width, innerHeight / DESIGN.height);
  els.stage.style.setProperty("--scale", String(scale));
  els.stage.style.setProperty("--left", `${(innerWidth - DESIGN.width * scale) / 2}px`);
  els.stage.style.setProperty("--top", `${(innerHeight - DESIGN.height * scale) / 2}px`);
}

function renderLanguagePicker() {
  document.title = t("board.title");
  setText(els.langLabel, t("phone.lang.label"));
  fill(els.lang, ...LANGUAGES.map((code) =>
    h("option", { value: code, selected: code === language() }, t(`phone.lang.${code}`))));
  els.lang.value = language();
}

els.lang.addEventListener("change", async () => {
  const lang = els.lang.value;
  storeLanguage(lang);
  try {
    await useLanguage(lang);
  } catch {
    return; // The host is out of reach: the choice is kept for the next load.
  }
  renderLanguagePicker();
  render();
  moments.redraw(context());
});

els.sound.addEventListener("click", () => sounds.toggle());
for (const kind of ["pointerdown", "keydown"]) {
  document.addEventListener(kind, () => sounds.unlocked(), { capture: true });
}
document.addEventListener("keydown", (event) => {
  if (event.key === " " && event.target === document.body) {
    event.preventDefault();
    moments.skip();
  } else if (event.key === "f" && event.target === document.body && document.fullscreenEnabled) {
    toggleFullscreen();
  }
});
els.fullscreen.addEventListener("click", toggleFullscreen);
document.addEventListener("fullscreenchange", () => renderBar());
addEventListener("resize", () => { fitStage(); render(); });
motion.addEventListener("change", () => render());
// The clock's seconds and the end's turns between the reveal and the audience.
setInterval(() => {
  if (!board.ready || !board.message) return;
  if (board.message.room.clock) renderBar();
  if (board.message.room.audience_result && !moments.busy) {
    const before = els.scene.dataset.scene;
    const found = endCycle(context(), sceneFor(context()));
    if (found.key !== before) render();
  }
}, 500);

async function boot() {
  fitStage();
  const asked = String(params.get("lang") || "").trim().toLowerCase().slice(0, 2);
  // A screen for the whole room speaks the host's language (the one the TV window speaks)
  // unless ?lang= or a choice made on this page says otherwise: a smart TV's browser language
  // is often not the party's. A ?lang= the host has no words for is as if none were given
  // (QA: /board?lang=xx was in English with --lang pt).
  const first = LANGUAGES.includes(asked)
    ? asked : preferredLanguage(document.documentElement.dataset.hostLang);
  for (let wait = 400; ; wait = Math.min(wait * 2, 5000)) {
    try {
      await useLanguage(first);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  await Promise.race([emojiFont, new Promise((resolve) => setTimeout(resolve, EMOJI_WAIT_MS))]);
  board.ready = true;
  renderLanguagePicker();
  render();
  socket.start();
}

boot();
