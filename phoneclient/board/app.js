// The board page: the public board in any browser (a smart TV, a second screen, a laptop with
// no pygame window). It listens on the public socket only, so it can never hold a secret: what
// it shows is exactly what the TV shows. It renders the last public message as a scene, plays
// the timed moments between two messages, and overlays the pause, the clock and the notices.

import { fill, h, setText } from "../dom.js";
import { LANGUAGES, has, language, normalise, preferredLanguage, storeLanguage, t, useLanguage }
  from "../i18n.js";
import { renderAudience } from "./audience.js";
import { renderLobby } from "./lobby.js";
import { MomentPlayer } from "./moments.js";
import { fitText, namesOf, seatStatus } from "./pieces.js";
import { PublicSocket } from "./socket.js";
import { SoundBank } from "./sound.js";

// Each game's module exports: sceneFor(view), render(ctx, scene), changes(old, new) ->
// {cues, moments}, entryCue(scene, view), roundLabel(ctx, index). Fetched when first needed.
const GAMES = {
  mole: () => import("./mole.js"),
  insidejob: () => import("./insidejob.js"),
};
const loaded = new Map();
const loading = new Set();
const DESIGN = { width: 1920, height: 1080 };
const NOTICE_SECONDS = 6;
const params = new URLSearchParams(location.search);
// At the end, the reveal and the audience's guesses take turns this many seconds each.
const END_CYCLE_SECONDS = Math.max(1, Number(params.get("cycle")) || 15);

const els = {
  stage: document.getElementById("stage"),
  scene: document.getElementById("scene"),
  moment: document.getElementById("moment"),
  overlay: document.getElementById("overlay"),
  conn: document.getElementById("conn"),
  extra: document.getElementById("bar-extra"),
  sound: document.getElementById("sound"),
  fullscreen: document.getElementById("fullscreen"),
  lang: document.getElementById("lang"),
  langLabel: document.getElementById("lang-label"),
};

const board = {
  message: null, // the last public message
  receivedAt: 0, // performance.now() when it came (the clock counts down from there)
  status: "connecting",
  seconds: 0,
  ready: false,
  scene: null, // the scene on screen, "<game>.<scene>" or "lobby"
  endedAt: null, // when the game's end came on screen (the end cycle starts there)
  noticeShownUntil: 0,
  lastNotice: null,
};

const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
const sounds = new SoundBank(() => renderBar());
const moments = new MomentPlayer(els.moment, {
  play: (cue) => sounds.play(cue),
  onChange: () => render(),
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
  const view = message.view;
  const old = before && before.view;
  const game = view ? gameModule(view.game) : undefined;
  if (game && old && old.game === view.game) {
    const found = game.changes(old, view);
    cues.push(...found.cues);
    if (found.moments.length) moments.push(found.moments, ctx);
  }
  const notice = message.room.notice;
  if (notice && before && (!board.lastNotice || board.lastNotice.id !== notice.id)) {
    board.noticeShownUntil = performance.now() + NOTICE_SECONDS * 1000;
    setTimeout(renderBar, NOTICE_SECONDS * 1000 + 50);
  }
  board.lastNotice = notice || null;
  for (const cue of cues) sounds.play(cue);
  render();
}

function sceneFor(ctx) {
  const { room, view } = ctx;
  if (!view || room.phase === "lobby") return { key: "lobby" };
  const game = gameModule(view.game);
  if (game === undefined) return { key: "other" };
  if (game === null) return { key: "loading" };
  const scene = game.sceneFor(view);
  return { key: `${view.game}.${scene}`, game, scene };
}

/** At the end, the reveal and then the audience's guesses, in turn, while both are there. */
function endCycle(ctx, found) {
  const result = ctx.room.audience_result;
  if (ctx.room.phase !== "over" || !result || !(result.members || []).length) {
    board.endedAt = null;
    return found;
  }
  if (board.endedAt === null) board.endedAt = performance.now();
  const turn = Math.floor((performance.now() - board.endedAt) / (END_CYCLE_SECONDS * 1000));
  return turn % 2 === 1 ? { ...found, key: "audience" } : found;
}

function render() {
  if (!board.ready) return;
  const ctx = context();
  const found = endCycle(ctx, sceneFor(ctx));
  let node;
  if (found.key === "lobby") node = renderLobby(ctx);
  else if (found.key === "audience") node = renderAudience(ctx, found.game);
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
  renderOverlay(ctx);
  renderBar();
  fitText(els.scene);
  if (!els.moment.hidden) fitText(els.moment);
}

function renderOverlay(ctx) {
  const { room } = ctx;
  if (room.paused && room.phase === "playing") {
    const by = room.paused_by;
    fill(els.overlay, h("div", { class: "paused", testid: "paused" },
      h("p", { class: "paused-title fit" }, by ? t("board.paused_by", { name: by }) : t("tv.paused")),
      h("p", { class: "paused-text fit" }, t("tv.paused.text"))));
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

/** Who is away (their phone is gone), and whom a bot plays for meanwhile. */
function absentParts(ctx) {
  const seats = (ctx.room.seats || []).map((entry) => entry.seat);
  const away = seats.filter((seat) => seatStatus(ctx, seat) === "away");
  const covered = seats.filter((seat) => seatStatus(ctx, seat) === "bot");
  return [
    away.length ? h("span", { class: "away", testid: "away" },
      t("board.away", { names: namesOf(ctx, away) })) : null,
    covered.length ? h("span", { class: "covered", testid: "covered" },
      t("board.covered", { names: namesOf(ctx, covered) })) : null,
  ].filter(Boolean);
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
  if (clock) {
    parts.push(h("span", {
      class: `clock${clock.left <= 10 && clock.running ? " short" : ""}`, testid: "clock",
      data: { left: String(clock.left), running: String(clock.running) },
    }, h("span", { class: "clock-face", "aria-hidden": "true" }), clock.time,
    clock.seats.length ? ` · ${namesOf(ctx, clock.seats)}` : ""));
  }
  for (const claim of room.claims || []) {
    parts.push(h("span", { class: "claim", testid: `claim-${claim.id}` },
      t("board.claim", { name: claim.name })));
  }
  if (room.notice && room.notice.kind === "seat_taken_back" && performance.now() < board.noticeShownUntil) {
    parts.push(h("span", { class: "notice", testid: "notice" },
      t("board.notice.seat_taken_back", { name: room.notice.name })));
  }
  if (room.phase === "playing") parts.push(...absentParts(ctx));
  if ((room.next_game || []).length) {
    parts.push(h("span", { class: "next-game", testid: "next-game" },
      t("board.next_game", { names: room.next_game.join(", ") })));
  }
  if (room.audience) {
    parts.push(h("span", { class: "audience-count", testid: "audience-count" },
      t("board.audience_count", { count: room.audience })));
  }
  fill(els.extra, ...parts);
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
  const asked = params.get("lang");
  const first = asked ? normalise(asked) : preferredLanguage();
  for (let wait = 400; ; wait = Math.min(wait * 2, 5000)) {
    try {
      await useLanguage(first);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  board.ready = true;
  renderLanguagePicker();
  render();
  socket.start();
}

boot();
