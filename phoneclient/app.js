// The phone page: it keeps the last message the host sent, renders it, and sends the player's
// intents. It never decides what is legal: the host answers every refused intent with a message
// this page shows as it is.

import { Connection } from "./connection.js";
import { fill, h, setText } from "./dom.js";
import { attachFlap } from "./flap.js";
import {
  LANGUAGES, addPart, has, language, preferredLanguage, storeLanguage, t, useLanguage,
} from "./i18n.js";
import { audienceAgain, audienceJoin, rememberAudience, renderJoin } from "./join.js";
import { absentPanel, claimsPanel, waitingScreen } from "./seats.js";
import {
  behindCurtain, forgetSeat, helloMessage, holdsSeats, keepToken, loadTokens, storeTokens,
} from "./tokens.js";

// Each game's module exports the same things: renderSeat(ctx) -> {screen, secrets},
// renderPublic(ctx), turnKey(room, view), announcement(ctx) (a public sentence for the live
// region) and secretCodes (refusals explained under the flap only). Only the one being played,
// or the table's choice once this phone has a seat in the lobby, is fetched.
const GAMES = {
  mole: () => import("./mole.js"),
  insidejob: () => import("./insidejob.js"),
};
// What the first screen (the join form) does without, fetched the first time a screen of this
// phone needs it (issue #15: a first load light enough for a phone on a busy Wi-Fi). Which ones
// a phone fetches, and in what order, follows from public facts only (modulesWanted): anyone on
// the Wi-Fi sees the files a phone fetches, so a file fetched by one role's phones and not by
// another's would tell who is who.
const PARTS = {
  // The seated lobby (with evening.js and teaching.js) and what its options do (i18n.js).
  lobby: () => Promise.all([import("./lobby.js"), addPart("lobby")]).then(([module]) => module),
  teaching: () => import("./teaching.js"),
  shared: () => import("./shared.js"),
  // An audience member's screen, with its words (i18n.js).
  audience: () => Promise.all([import("./audience.js"), addPart("audience")]).then(([module]) => module),
  // Around the games (lobby settings, the leader's controls, the end), with its words.
  evening: () => Promise.all([import("./evening.js"), addPart("evening")]).then(([module]) => module),
  // The join screen once a game is dealt, with its words.
  late: () => Promise.all([import("./late.js"), addPart("late")]).then(([module]) => module),
  clock: () => import("./clock.js"),
  rules: () => addPart("rules").then(() => ({})), // the tutorial's words (i18n.js)
};
const modules = new Map(); // name -> the module, once here
const loading = new Set();
// The error after which the stored token is useless: forget it and join again by name.
const TOKEN_DEAD = "token_unknown";
// The page's waiting screen for this refusal says it all.
const QUIET_CODES = new Set(["seat_in_use"]);

const els = {
  conn: document.getElementById("conn"),
  meName: document.getElementById("me-name"),
  lang: document.getElementById("lang"),
  langLabel: document.getElementById("lang-label"),
  notice: document.getElementById("notice"),
  error: document.getElementById("error"),
  screen: document.getElementById("screen"),
  flap: document.getElementById("flap"),
  flapPanel: document.getElementById("flap-panel"),
  flapHandle: document.getElementById("flap-handle"),
  flapHint: document.getElementById("flap-hint"),
  // The panel's name stays put while the handle's words change with the flap held or not.
  flapName: document.getElementById("flap-name"),
  flapHelp: document.getElementById("flap-help"),
  flapToggle: document.getElementById("flap-toggle"),
  announce: document.getElementById("announce"),
  textSize: document.getElementById("text-size"),
  textSizeLabel: document.getElementById("text-size-label"),
  howtoButton: document.getElementById("howto-open"),
  // The leader's own controls sit outside the screen: who leads is public, and the same whatever
  // the leader's role, so the screen itself reads the same on every phone in the same situation.
  leaderBar: document.getElementById("leader-bar"),
  howto: document.getElementById("howto"),
  hostCode: document.getElementById("host-code"), // written by channel.js
  langCode: document.getElementById("lang-code"),
};
const TEXT_KEY = "molecrew.text";

const app = {
  room: null, // the last room (public lobby data)
  you: null, // who this phone is
  view: null, // the last view for this phone
  status: { state: "connecting", seconds: 0, full: false },
  error: null, // {code, message} of the last refused intent, shown on the open screen
  flapError: null, // {code, message, moment} of a refusal read under the flap only
  sentSecret: false, // the last intent was a choice made under the flap
  notice: null, // a one-off message from the host (a lost seat)
  waitingResume: false, // this phone's token holds a seat in the saved game the host may resume
  ready: false, // the catalog is loaded
  receivedAt: 0, // when the last state frame arrived (performance.now())
  // What the player is doing on this phone that the host does not know yet.
  ui: freshUi(),
  audience: null, // {name, suspects, result}: this phone's own marks as an audience member
};

function freshUi() {
  return { name: "", teamKey: null, team: new Set() };
}

const connection = new Connection({
  onOpen() {
    answered();
    connection.send(helloMessage(language()));
    // An audience member (no seat here) is back in the audience, its marks with it.
    const again = loadTokens().length ? null : audienceAgain();
    if (again) connection.send(again);
  },
  onMessage: handleMessage,
  onStatus(state, detail) {
    const wasFull = app.status.full;
    app.status = { state, seconds: detail.seconds || 0, full: Boolean(detail.full) };
    renderStatus();
    // The first screen says why this phone is not let in, and stops saying it once it is.
    if (app.ready && wasFull !== app.status.full) render();
  },
});

/**
 * Send an intent to the host; the answer (a new state or an error) re-renders the page. A choice
 * made under the flap is `secret`: its refusal is shown under the flap, never on the open screen.
 */
function send(message, { secret = false } = {}) {
  if (message.type === "action") {
    if (sending) return;
    onItsWay();
  }
  app.error = null;
  app.sentSecret = secret;
  if (app.flapError) {
    app.flapError = null;
    render();
  }
  renderError();
  if (!connection.send(message)) {
    answered();
    app.error = { code: "offline", message: t("phone.error.offline") };
    renderError();
  }
}

const sendSecret = (message) => send(message, { secret: true });

// A tap that shows nothing on a slow Wi-Fi is tapped again, and the second tap comes back as a
// refusal of a choice already made. So until the host answers (a state, a refusal, a new
// socket), the button pressed says its action is on its way and no other action leaves.
const ON_ITS_WAY_MS = 5000;
let pressed = null; // the data-testid of the button the last click landed on
let sending = null; // the action on its way, if one is
document.addEventListener("click", (event) => {
  pressed = (event.target.closest && event.target.closest("button")?.dataset.testid) || null;
}, true);
function onItsWay() {
  const button = pressed && document.querySelector(`[data-testid="${CSS.escape(pressed)}"]`);
  if (button) button.setAttribute("aria-busy", "true");
  const mine = {};
  sending = mine;
  // Lost on the way (the socket will say so): the next tap may try again.
  setTimeout(() => { if (sending === mine) answered(); }, ON_ITS_WAY_MS);
}
function answered() {
  sending = null;
  for (const node of document.querySelectorAll("[aria-busy]")) node.removeAttribute("aria-busy");
}

/**
 * A choice under the flap this seat may not make, refused here without a word to the host: the
 * host's refusal would go to this phone alone while an accepted choice reaches every seat, so its
 * mere arrival on the wire would tell who holds which role. The reason shows under the flap only.
 */
function refuseSecret(code, message) {
  app.error = null;
  app.flapError = { code, message, moment: moment() };
  render();
}

/** The module `name` once here; null while `load` fetches it (its arrival renders again). */
function fetched(name, load) {
  if (modules.has(name)) return modules.get(name);
  if (!loading.has(name)) {
    loading.add(name);
    load().then((module) => {
      modules.set(name, module);
      render();
    }, () => {
      // The host is out of reach for a moment: the next render asks again.
      setTimeout(() => { loading.delete(name); render(); }, 1000);
    });
  }
  return null;
}

/** The module of this game, once fetched (null meanwhile; undefined for a game this page lacks).
 * Its words come with it: the catalog's part named after the game (host/i18n.py, SURFACES). */
function gameModule(name) {
  if (!Object.prototype.hasOwnProperty.call(GAMES, name)) return undefined;
  return fetched(name, () => Promise.all([GAMES[name](), addPart(name)]).then(([module]) => module));
}

/**
 * The parts (PARTS) this phone's screen needs now, in a fixed order. Only public facts decide:
 * the phase, whether this phone holds a seat, whether it is passed around, whether the host sent
 * it a view, whether a tutorial runs. Never the view's content: a Mole's phone and a Crew
 * member's fetch the same files in the same order. A name asked for twice is fetched once.
 */
function modulesWanted(room, you, view) {
  if (!room || !you) return [];
  const inLobby = room.phase === "lobby";
  const lobbyScreen = holdsSeats(you) && (inLobby || !view);
  const wanted = [];
  // lobby.js imports evening.js and teaching.js: asked for at once, they come in parallel.
  if (lobbyScreen) wanted.push("lobby", "evening", "teaching", "shared");
  else if (you.phone) wanted.push("shared");
  if (you.audience) wanted.push("audience");
  if (room.tutorial) wanted.push("teaching", "rules");
  if (!inLobby) wanted.push("evening", "clock");
  // The join screen after the deal: not the audience's nor a latecomer's (public facts too).
  if (!inLobby && !holdsSeats(you) && !you.audience && !you.next_game) wanted.push("late");
  return wanted;
}

/** Which moment of the game this is: a refusal read under the flap lasts as long as it. */
function moment() {
  const game = app.view && modules.get(app.view.game);
  return game && app.room ? game.turnKey(app.room, app.view) : null;
}

/** The leader ended the game: every phone says who, rather than just showing the lobby (a phone
 * that connects afterwards does not: it saw no game end). */
function noticeOfTheTable(before, room) {
  const notice = room.notice;
  if (!before || !notice || notice.kind !== "game_ended") return;
  if (before.notice && before.notice.id === notice.id) return;
  app.notice = t("phone.notice.game_ended", { name: notice.name || "" });
}

/** Present the stored token again: the saved game it holds a seat in is being played now. */
function helloAgain() {
  if (loadTokens().length) send(helloMessage(language()));
}

function handleMessage(message) {
  if (message.type === "state" || message.type === "error") answered();
  switch (message.type) {
    case "welcome":
      keepToken(message.token, holdsSeats(app.you));
      app.notice = null;
      break;
    case "state": {
      const holder = app.you && app.you.phone ? app.you.phone.holder : undefined;
      // A frame without a room part means it is the one this phone already has.
      if (message.room !== undefined) {
        noticeOfTheTable(app.room, message.room);
        app.room = message.room;
      }
      app.you = message.you || null;
      app.view = message.view === undefined ? null : message.view;
      // The phone changed hands: what the last holder was doing or was told goes with them.
      if (holder !== undefined && app.you && app.you.phone && app.you.phone.holder !== holder) {
        forgetSeat(app, freshUi);
        app.you = message.you;
        app.view = message.view === undefined ? null : message.view;
      }
      app.receivedAt = performance.now(); // the turn clock counts down from here (clock.js)
      if (app.you && app.you.resume_pending) app.waitingResume = true;
      if (app.waitingResume && app.room && app.room.phase !== "lobby") {
        app.waitingResume = false;
        if (app.you && app.you.seat === null) helloAgain();
      }
      render();
      break;
    }
    case "seat_lost":
      // Removed, left, taken back at the table or a resumed game: this token is no good now.
      // A phone passed around keeps its other seats (their tokens still work).
      if (app.you && app.you.phone && app.you.phone.seats.length > 1) {
        app.notice = t("phone.shared.seat_lost", { name: message.name || "" });
      } else {
        storeTokens([]);
        app.notice = has(`phone.seat_lost.${message.reason}`)
          ? t(`phone.seat_lost.${message.reason}`) : t("phone.seat_lost.other");
      }
      render();
      break;
    case "audience":
      // After a game, its own row of the result with its place (the room's has the best only).
      app.audience = { name: message.name, suspects: message.suspects || [], result: message.result || null };
      rememberAudience(message.name, message.token);
      render();
      break;
    case "error":
      if (message.code === TOKEN_DEAD) storeTokens([]);
      if (isSecretRefusal(message.code)) {
        app.flapError = { code: message.code, message: message.message || message.code, moment: moment() };
        render();
        break;
      }
      if (QUIET_CODES.has(message.code)) break;
      app.error = { code: message.code, message: message.message || message.code };
      renderError();
      break;
    default:
      break; // pong, and anything newer than this page
  }
}

/** A refusal of a choice made under the flap, or one whose reason tells the role. */
function isSecretRefusal(code) {
  const game = app.view && modules.get(app.view.game);
  return app.sentSecret || Boolean(game && game.secretCodes.has(code));
}

function renderStatus() {
  if (!app.ready) return;
  const { state, seconds } = app.status;
  els.conn.dataset.state = state;
  els.conn.dataset.full = String(app.status.full && state !== "online");
  if (state === "online") setText(els.conn, t("phone.conn.online"));
  else if (app.status.full) setText(els.conn, t("phone.conn.full"));
  else if (state === "waiting") setText(els.conn, t("phone.conn.waiting", { seconds }));
  else setText(els.conn, t("phone.conn.connecting"));
  document.body.dataset.conn = state;
  fitTopbar();
}

/** The player's own name comes first in the top bar: where it would not fit on one line,
 * "Connected" is written smaller, and if that is not enough gives way to its green dot
 * (style.css; the word stays in the element for screen readers). Only then does the name take
 * a second line. */
function fitTopbar() {
  els.meName.dataset.measure = "line";
  // In fractions of a pixel: scrollWidth and clientWidth are whole pixels, and a name 0.1 px
  // wider than its box was judged to fit, then broke inside its word (QA: "Beatri / z").
  const line = document.createRange();
  line.selectNodeContents(els.meName);
  const cut = () => line.getBoundingClientRect().width > els.meName.getBoundingClientRect().width;
  for (const brief of ["false", "small", "true"]) {
    els.conn.dataset.brief = brief;
    if (!cut()) break;
  }
  delete els.meName.dataset.measure;
}
// The bar's room changes with the phone's width, the text size and the buttons' words.
window.addEventListener("resize", fitTopbar);

// A refusal may say something private ("you can only play Clean"): it goes away by itself.
const ERROR_SHOWN_MS = 8000;
let errorTimer = null;
let timedError = null;

function renderError() {
  if (!app.ready) return;
  if (app.error && app.error !== timedError) {
    const shown = app.error;
    timedError = shown;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => {
      if (app.error === shown) {
        app.error = null;
        renderError();
      }
    }, ERROR_SHOWN_MS);
  }
  els.error.hidden = app.error === null;
  if (app.error) {
    els.error.dataset.code = app.error.code;
    setText(els.error, app.error.message);
  } else {
    delete els.error.dataset.code;
    els.error.textContent = "";
  }
  makeRoomForError();
}

// The refusal lies over the bottom of the page, just above the flap's handle: the page grows by
// its height and moves up by as much, so what was in view (the button just pressed) stays in
// view above it instead of under it.
const ERROR_GAP_PX = 16;
let errorRoom = 0;
function makeRoomForError() {
  const room = app.error ? els.error.offsetHeight + ERROR_GAP_PX : 0;
  if (room === errorRoom) return;
  document.documentElement.style.setProperty("--error-room", `${room}px`);
  if (room > errorRoom) window.scrollBy(0, room - errorRoom);
  errorRoom = room;
}

/** "Paused by Ana" (or by the host): the words everyone sees while the game waits. */
function pausedText(room) {
  if (!room || !room.paused) return null;
  return room.paused_by ? t("phone.paused_by", { name: room.paused_by }) : t("phone.paused");
}

function renderNotice() {
  if (!app.ready) return;
  const text = pausedText(app.room) || app.notice;
  els.notice.hidden = !text;
  setText(els.notice, text || "");
}

function namesBySeat(room) {
  const names = new Map();
  for (const seat of room?.seats || []) names.set(seat.seat, seat.name);
  return names;
}

/** Keep the focused field (and what was typed in it) across a re-render. */
function preservingFocus(draw) {
  const active = document.activeElement;
  const testid = active && els.screen.contains(active) ? active.dataset.testid : null;
  const selection = testid && active.tagName === "INPUT"
    ? [active.selectionStart, active.selectionEnd] : null;
  draw();
  if (!testid) return;
  const again = els.screen.querySelector(`[data-testid="${CSS.escape(testid)}"]`);
  if (!again) return;
  again.focus();
  if (selection) again.setSelectionRange(selection[0], selection[1]);
}

// A tap is a press and a release on one button. A screen redrawn in between (another phone
// joining sends everyone a state) would replace the button under the finger and lose the tap, so
// a redraw waits for the release, then follows the click it makes.
let pressing = false;
let redrawAfterPress = false;
els.screen.addEventListener("pointerdown", (event) => {
  pressing = Boolean(event.target.closest && event.target.closest("button"));
  if (pressing) setTimeout(released, 1000); // a press held this long is not a tap
}, true);
function released() {
  if (!pressing) return;
  pressing = false;
  if (redrawAfterPress) {
    redrawAfterPress = false;
    setTimeout(render, 0);
  }
}
window.addEventListener("pointerup", released, true);
window.addEventListener("pointercancel", released, true);

function render() {
  if (!app.ready) return;
  if (pressing) {
    redrawAfterPress = true;
    return;
  }
  renderStatus();
  renderError();
  const { room, you, view } = app;
  const names = namesBySeat(room);
  setText(els.meName, you && you.name ? you.name : "");
  fitTopbar();
  renderNotice();
  const ctx = {
    room, you, view, names, ui: app.ui, send, sendSecret, refuseSecret, t, has, redraw: render,
    playable: Object.keys(GAMES), audience: app.audience, hide: hideSeat,
    receivedAt: app.receivedAt,
  };
  app.ctx = ctx;
  // Fetched while the lobby fills, once this phone has a seat there: it is about to play it.
  if (room && room.game && room.phase === "lobby" && holdsSeats(you)) {
    gameModule(room.game);
    fetched("clock", PARTS.clock);
  }
  const game = view ? gameModule(view.game) : undefined;
  const wanted = modulesWanted(room, you, view);
  // Until they are all here the screen shown stays: on the LAN they take milliseconds.
  if (wanted.filter((name) => fetched(name, PARTS[name]) === null).length) return;
  const part = Object.fromEntries(modules);
  const tutorial = room && room.tutorial ? part.teaching.tutorialPanel(ctx) : null;
  if (app.flapError && app.flapError.moment !== moment()) app.flapError = null;
  let screen = "connecting";
  let secrets = null;
  let gameNodes = [];
  preservingFocus(() => {
    const waiting = room && you ? waitingScreen(ctx) : null;
    if (!room || !you) {
      fill(els.screen, app.status.full
        ? h("p", { class: "banner", testid: "host-full" }, t("phone.conn.full"))
        : h("p", { class: "hint", testid: "waiting-host" }, t("phone.connecting_first")));
    } else if (waiting) {
      screen = waiting.screen;
      fill(els.screen, ...waiting.nodes);
    } else if (view && game === null) {
      screen = "loading";
      fill(els.screen, h("p", { class: "hint", testid: "loading-game" }, t("phone.loading_game")));
    } else if (you.next_game && room.phase !== "lobby") {
      screen = "next-game";
      fill(els.screen, h("h1", { class: "title" }, t(`${room.game}.name`)),
        part.evening.nextGameBanner(ctx),
        you.audience ? part.audience.audiencePanel(ctx) : audienceJoin(ctx),
        claimsPanel(ctx), game ? absentPanel(ctx) : null, game ? game.renderPublic(ctx) : null);
    } else if (behindCurtain(room, you)) {
      screen = "curtain";
      fill(els.screen, claimsPanel(ctx), part.shared.curtain(ctx), game ? absentPanel(ctx) : null,
        game ? game.renderPublic(ctx) : null);
      announce(part.shared.curtainSentence(ctx));
    } else if (you.phone && (room.phase === "lobby" || !view)) {
      screen = "lobby";
      fill(els.screen, claimsPanel(ctx), tutorial, ...part.lobby.renderLobby(ctx),
        part.shared.phonePanel(ctx));
      secrets = part.teaching.practiceSecrets(ctx);
    } else if (you.audience && room.phase !== "lobby") {
      screen = "audience";
      fill(els.screen, h("h1", { class: "title" }, t(`${room.game}.name`)),
        part.audience.audiencePanel(ctx),
        claimsPanel(ctx), game ? absentPanel(ctx) : null, game ? game.renderPublic(ctx) : null);
    } else if (you.seat === null || you.seat === undefined) {
      screen = you.spectator ? "spectator" : "join";
      fill(els.screen, tutorial, ...(room.phase === "lobby" ? renderJoin(ctx) : part.late.renderLate(ctx)),
        you.audience ? part.audience.audiencePanel(ctx) : null,
        claimsPanel(ctx), you.spectator && game ? absentPanel(ctx) : null,
        you.spectator && game ? game.renderPublic(ctx) : null);
    } else if (room.phase === "lobby" || !view) {
      screen = "lobby";
      fill(els.screen, claimsPanel(ctx), tutorial, ...part.lobby.renderLobby(ctx),
        part.shared.phonePanel(ctx));
      secrets = part.teaching.practiceSecrets(ctx);
    } else if (game) {
      screen = "game";
      const drawn = game.renderSeat(ctx);
      fill(els.screen, you.phone ? part.shared.hideBar(ctx) : null, claimsPanel(ctx),
        part.clock.clockLine(ctx), absentPanel(ctx), ...drawn.screen);
      secrets = drawn.secrets;
      gameNodes = drawn.screen;
      nudgeOnNewTurn(view, game);
      announce(game.announcement(ctx));
    } else {
      screen = "unknown";
      fill(els.screen, h("p", { class: "hint" }, t("phone.unknown_game")));
    }
  });
  // The phone changed hands: the next player starts at the top (the curtain, their own screen).
  if ((screen === "curtain") !== (els.screen.dataset.screen === "curtain")) window.scrollTo(0, 0);
  const controls = screen === "game" || screen === "curtain"
    ? part.evening.leaderControls(ctx) : null;
  els.leaderBar.hidden = controls === null;
  if (controls) fill(els.leaderBar, controls);
  else els.leaderBar.replaceChildren();
  els.screen.dataset.screen = screen;
  els.screen.dataset.seat = you && you.seat !== null && you.seat !== undefined ? String(you.seat) : "";
  els.screen.dataset.phase = view && view.phase ? view.phase : (room ? room.phase : "");
  els.flap.hidden = secrets === null;
  document.body.dataset.flapShown = secrets === null ? "false" : "true";
  // A choice under the flap keeps its focus across a re-render (the toggle's keyboard users).
  const focused = els.flapPanel.contains(document.activeElement)
    ? document.activeElement.dataset.testid : null;
  if (secrets !== null) {
    fill(els.flapPanel, app.flapError ? h("p", {
      class: "flap-error", testid: "flap-error", data: { code: app.flapError.code },
    }, app.flapError.message) : null, ...secrets);
  }
  else els.flapPanel.replaceChildren();
  if (screen === "game" && room.paused) holdWhilePaused(ctx, gameNodes, part.evening);
  const again = focused && els.flapPanel.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
  if (again) again.focus();
  showFlapHint();
  setText(els.flapName, t("phone.flap.hint"));
  setText(els.flapToggle, t("phone.flap.toggle"));
  setText(els.flapHelp, t("phone.flap.help"));
  if (screen === "game") showNewStep(game);
  else shownStep = null;
}

/**
 * While the game is paused nothing of it can be played: every control the game drew (the step,
 * the hand, the choices under the flap) is greyed on every phone alike, and the step says who
 * resumes it (the leader's own phone has the button right there).
 */
function holdWhilePaused(ctx, nodes, evening) {
  for (const node of [...nodes.filter(Boolean), els.flapPanel]) {
    for (const button of node.querySelectorAll("button")) button.disabled = true;
    if (node.tagName === "BUTTON") node.disabled = true;
  }
  const step = els.screen.querySelector('[data-testid="step"]');
  if (step) step.prepend(evening.pausedLine(ctx));
}

// A new step of the game (this phone's turn, or a new phase for everyone) is scrolled into view
// once, above the flap's handle and below the top bar; within a step the page stays where the
// player scrolls it. Whose step it is comes from public facts only (the phase, the turn key).
let shownStep = null; // {key, phase} of the step last scrolled to
function showNewStep(game) {
  const { room, view } = app;
  const key = game.turnKey(room, view);
  const last = shownStep;
  shownStep = { key, phase: view.phase };
  if (last && last.key === key) return;
  // Another player's move within the same phase (a card of a trick) is no new step for this one.
  if (last && last.phase === view.phase && !(view.me && view.me.can_act)) return;
  scrollStepIntoView();
}

const STEP_MARGIN_PX = 8;
function scrollStepIntoView() {
  const step = els.screen.querySelector('[data-testid="step"]');
  if (!step) return;
  // The step and what a game puts right after it to act with (Inside Job's hand on its turn).
  const boxes = [step, ...els.screen.querySelectorAll("[data-step-controls]")]
    .map((node) => node.getBoundingClientRect());
  const top = Math.min(...boxes.map((box) => box.top));
  const bottom = Math.max(...boxes.map((box) => box.bottom));
  let above = document.querySelector(".topbar").getBoundingClientRect().bottom;
  const clock = els.screen.querySelector('[data-testid="turn-clock"]');
  if (clock) above = Math.max(above, parseFloat(getComputedStyle(clock).top) + clock.offsetHeight);
  above += STEP_MARGIN_PX;
  const below = (els.flap.hidden ? window.innerHeight : els.flapHandle.getBoundingClientRect().top)
    - STEP_MARGIN_PX;
  if (top >= above && bottom <= below) return;
  // All of it when it fits; else its top, under the top bar, and the player scrolls on.
  const fits = bottom - top <= below - above;
  window.scrollBy(0, fits && bottom > below ? bottom - below : top - above);
}

/** "Hide and pass": the seat's screen goes at once, before the host's curtain arrives. */
function hideSeat() {
  forgetSeat(app, freshUi);
  announced = null;
  setText(els.announce, "");
  render();
  send({ type: "hide" });
}

// The live region speaks only when its sentence changes: a re-render says nothing new.
let announced = null;
function announce(text) {
  if (!text || text === announced) return;
  announced = text;
  setText(els.announce, text);
}

// A short buzz when this phone has something to do that it did not have before. Every turn it
// marks is public (the Boss, the votes, the team's cards, the Getaway; the card to play, the
// mission to keep, the wager), so the buzz tells a neighbour nothing the board does not.
let lastTurn = null;
function nudgeOnNewTurn(view, game) {
  const turn = view.me && view.me.can_act ? game.turnKey(app.room, view) : null;
  if (turn !== null && turn !== lastTurn && navigator.vibrate) {
    try {
      navigator.vibrate(60);
    } catch {
      // Not allowed before the first tap on some browsers: the highlighted step is enough.
    }
  }
  lastTurn = turn;
}

/** The large-text setting: every size is in rem, so the whole page doubles. Kept per browser. */
function useTextSize(large) {
  document.documentElement.dataset.text = large ? "large" : "normal";
  els.textSize.setAttribute("aria-pressed", large ? "true" : "false");
  fitTopbar();
  if (app.ready) showFlapHint();
}

els.textSize.addEventListener("click", () => {
  const large = els.textSize.getAttribute("aria-pressed") !== "true";
  useTextSize(large);
  try {
    localStorage.setItem(TEXT_KEY, large ? "large" : "normal");
  } catch {
    // Not stored; the setting holds for this visit.
  }
});

// The flap's handle grows with the text: the panel and the page keep clear of it. Its border
// box is watched: the room it makes for the host code is padding, which leaves its content box
// as it was.
new ResizeObserver(() => {
  document.documentElement.style.setProperty("--flap-h", `${els.flapHandle.offsetHeight || 72}px`);
}).observe(els.flapHandle, { box: "border-box" });
// The turn clock sticks just under the top bar, which grows with large text or the status row.
new ResizeObserver(() => {
  const bar = document.querySelector(".topbar");
  document.documentElement.style.setProperty("--topbar-h", `${bar.offsetHeight}px`);
}).observe(document.querySelector(".topbar"), { box: "border-box" });
// With the flap shown the host code lies along the handle's foot (style.css): the handle makes
// room for as many lines as it takes (a wrong host's warning is longer than the code).
new ResizeObserver(() => {
  document.documentElement.style.setProperty("--host-code-h", `${els.hostCode.offsetHeight}px`);
}).observe(els.hostCode, { box: "border-box" });

function renderLanguagePicker() {
  document.title = t("phone.title");
  setText(els.textSizeLabel, t("phone.text.large"));
  setText(els.langLabel, t("phone.lang.label"));
  setText(els.howtoButton, t("phone.howto.open"));
  if (howto) howto.redraw();
  fill(els.lang, ...LANGUAGES.map((code) =>
    h("option", { value: code, selected: code === language() }, t(`phone.lang.${code}`))));
  els.lang.value = language();
  setText(els.langCode, language().toUpperCase());
  fitTopbar();
}

els.lang.addEventListener("change", async () => {
  const lang = els.lang.value;
  storeLanguage(lang);
  try {
    await useLanguage(lang);
  } catch {
    return; // Host unreachable: keep the old language; the choice is stored for next time.
  }
  connection.send({ type: "lang", lang });
  renderLanguagePicker();
  render();
});

// A player typing a name in the lobby is about to have a seat: the seated lobby's modules come
// meanwhile, so it shows at once after "Join". Nobody has a role before a game starts.
els.screen.addEventListener("focusin", (event) => {
  if (event.target.dataset.testid !== "join-name" || !app.room || app.room.phase !== "lobby") return;
  for (const name of ["lobby", "evening", "teaching", "shared"]) fetched(name, PARTS[name]);
});

// A refusal answers the choice just made: changing it (another tap, typing) makes it moot.
const clearRefusal = (event) => {
  if (app.error === null || !(event.target.closest && event.target.closest("button, input"))) return;
  app.error = null;
  renderError();
};
els.screen.addEventListener("click", clearRefusal, true);
els.screen.addEventListener("input", clearRefusal, true);
els.error.addEventListener("click", () => {
  app.error = null;
  renderError();
});
els.notice.addEventListener("click", () => {
  app.notice = null;
  renderNotice();
});

/** The handle says what to do next: drag and hold it to see, or (held open) let go to hide. With
 * large text in brief (QA: four lines, half a small phone with the code under them); the panel's
 * name and the handle's description say the rest. */
function showFlapHint() {
  const open = document.body.dataset.flap === "open";
  const large = document.documentElement.dataset.text === "large";
  setText(els.flapHint, t(open ? (large ? "phone.flap.hint_open_short" : "phone.flap.hint_open")
    : (large ? "phone.flap.hint_short" : "phone.flap.hint")));
}

attachFlap(els.flapHandle, els.flapPanel, els.flapToggle, (open) => {
  document.body.dataset.flap = open ? "open" : "closed";
  if (app.ready) showFlapHint();
  const teaching = modules.get("teaching");
  if (app.ctx && teaching) teaching.onPracticeFlap(app.ctx, open);
  // Filled again as it opens, so a screen reader reads it out (a live region speaks changes).
  if (open) render();
});

// The rules lie over the page: the screen underneath is neither redrawn nor dropped. Their module
// and texts come with the first tap on the button (anyone may open the rules at any moment).
let howto = null;
function openHowto() {
  Promise.all([import("./howto.js"), addPart("rules")]).then(([module]) => {
    if (howto) return; // a second tap while they came
    els.howtoButton.removeEventListener("click", openHowto);
    howto = module.attachHowto({ button: els.howtoButton, overlay: els.howto }, () => ({
      room: app.room, games: Object.keys(GAMES), t, has,
    }), () => {});
    howto.show();
  }, () => {}); // the host is out of reach for a moment: the next tap asks again
}
els.howtoButton.addEventListener("click", openHowto);

async function boot() {
  let large = false;
  try {
    large = localStorage.getItem(TEXT_KEY) === "large";
  } catch {
    // No storage: normal text.
  }
  useTextSize(large);
  // The catalog comes from the host too: keep trying until it answers.
  for (let wait = 400; ; wait = Math.min(wait * 2, 5000)) {
    try {
      await useLanguage(preferredLanguage());
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  app.ready = true;
  renderLanguagePicker();
  render();
  connection.start();
}

boot();
