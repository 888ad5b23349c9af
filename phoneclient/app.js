// The phone page: it keeps the last message the host sent, renders it, and sends the player's
// intents. It never decides what is legal: the host answers every refused intent with a message
// this page shows as it is.

import { Connection } from "./connection.js";
import { fill, h, setText } from "./dom.js";
import { attachFlap } from "./flap.js";
import { LANGUAGES, has, language, preferredLanguage, storeLanguage, t, useLanguage } from "./i18n.js";
import { renderJoin, renderLobby } from "./lobby.js";
import * as insidejob from "./insidejob.js";
import * as mole from "./mole.js";

const GAMES = { mole, insidejob };
const TOKEN_KEY = "molecrew.token";
// Codes after which the stored token is useless: forget it and join again by name.
const TOKEN_DEAD_CODES = new Set(["bad_token", "unknown_token", "token_unknown", "invalid_token"]);

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
};

const app = {
  room: null, // the last room (public lobby data)
  you: null, // who this phone is
  view: null, // the last view for this phone
  status: { state: "connecting", seconds: 0 },
  error: null, // {code, message} of the last refused intent
  notice: null, // a one-off message from the host (a lost seat)
  yielded: false, // another phone took this seat: do not take it back without being asked
  tokenPending: false, // the token is unknown now but may hold a seat in a game being resumed
  ready: false, // the catalog is loaded
  // What the player is doing on this phone that the host does not know yet.
  ui: { name: "", teamKey: null, team: new Set() },
};

function loadToken() {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function storeToken(token) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Without storage the player can still reclaim the seat by name.
  }
}

const connection = new Connection({
  onOpen() {
    connection.send({ type: "hello", token: app.yielded ? null : loadToken(), lang: language() });
  },
  onMessage: handleMessage,
  onStatus(state, detail) {
    app.status = { state, seconds: detail.seconds || 0 };
    renderStatus();
  },
});

/** Send an intent to the host; the answer (a new state or an error) re-renders the page. */
function send(message) {
  app.error = null;
  renderError();
  if (!connection.send(message)) {
    app.error = { code: "offline", message: t("phone.error.offline") };
    renderError();
  }
}

/** Take back the seat another phone took, with the token this browser keeps. */
function playHere() {
  const token = loadToken();
  if (token) send({ type: "hello", token, lang: language() });
}

function handleMessage(message) {
  switch (message.type) {
    case "welcome":
      storeToken(message.token);
      app.notice = null;
      app.yielded = false;
      break;
    case "state":
      app.room = message.room || null;
      app.you = message.you || null;
      app.view = message.view === undefined ? null : message.view;
      if (app.tokenPending && app.room && app.room.phase !== "lobby") {
        app.tokenPending = false;
        if (app.you && app.you.seat === null) playHere();
      }
      render();
      break;
    case "seat_lost":
      if (message.reason === "taken_over") {
        // Another tab or phone holds the seat now, maybe with this very stored token: leave the
        // token alone, stop using it on reconnects, and let the player take the seat back here.
        app.yielded = true;
      } else {
        storeToken(null); // removed, left, or a resumed game: this token is no good any more
      }
      app.notice = has(`phone.seat_lost.${message.reason}`)
        ? t(`phone.seat_lost.${message.reason}`) : t("phone.seat_lost.other");
      render();
      break;
    case "error":
      if (TOKEN_DEAD_CODES.has(message.code)) {
        if (app.room && app.room.resumable) {
          // The host may continue a saved game in which this token holds a seat: keep it, and
          // try it again once that game is on.
          app.tokenPending = true;
          break;
        }
        storeToken(null);
      }
      app.error = { code: message.code, message: message.message || message.code };
      renderError();
      break;
    default:
      break; // pong, and anything newer than this page
  }
}

function renderStatus() {
  if (!app.ready) return;
  const { state, seconds } = app.status;
  els.conn.dataset.state = state;
  if (state === "online") setText(els.conn, t("phone.conn.online"));
  else if (state === "waiting") setText(els.conn, t("phone.conn.waiting", { seconds }));
  else setText(els.conn, t("phone.conn.connecting"));
  document.body.dataset.conn = state;
}

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
}

function renderNotice() {
  if (!app.ready) return;
  const text = app.room && app.room.paused ? t("phone.paused") : app.notice;
  els.notice.hidden = !text;
  setText(els.notice, text || "");
}

function namesBySeat(room) {
  const names = new Map();
  for (const seat of room?.seats || []) names.set(seat.seat, seat.name);
  return names;
}

/**
 * The seats whose phone is gone, each marked in words: "away", or "bot playing" once a bot stands
 * in. The leader may let a bot play an away seat; the host refuses it for anyone else.
 */
function absentPanel(ctx) {
  const { room, you, t } = ctx;
  if (!room || room.phase === "lobby") return null;
  const gone = (room.seats || []).filter((seat) => !seat.connected);
  if (gone.length === 0) return null;
  const leader = Boolean(you && you.leader) && room.phase === "playing";
  const canCover = leader && gone.some((seat) => !seat.bot);
  return h("section", { class: "absent card-box", testid: "absent" },
    h("h2", { class: "absent-title" }, t("phone.absent.title")),
    h("ul", { class: "absent-list" }, gone.map((seat) => {
      const status = seat.bot ? "bot" : "away";
      return h("li", { class: "absent-seat", testid: `absent-${seat.seat}`, data: { status } },
        h("span", { class: "player-name" }, seat.name),
        h("span", { class: `tag ${status}`, testid: `absent-tag-${seat.seat}` },
          t(`phone.absent.${status}`)),
        leader && !seat.bot ? h("button", {
          type: "button", class: "let-bot", testid: `let-bot-${seat.seat}`,
          onclick: () => send({ type: "bot", seat: seat.seat, on: true }),
        }, t("phone.absent.let_bot")) : null);
    })),
    canCover ? h("p", { class: "hint" }, t("phone.absent.hint")) : null);
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

function render() {
  if (!app.ready) return;
  renderStatus();
  renderError();
  const { room, you, view } = app;
  const names = namesBySeat(room);
  setText(els.meName, you && you.name ? you.name : "");
  renderNotice();
  const ctx = {
    room, you, view, names, ui: app.ui, send, t, has, playHere, yielded: app.yielded,
    playable: Object.keys(GAMES),
  };
  let screen = "connecting";
  let secrets = null;
  preservingFocus(() => {
    if (!room || !you) {
      fill(els.screen, h("p", { class: "hint", testid: "waiting-host" }, t("phone.connecting_first")));
    } else if (you.seat === null || you.seat === undefined) {
      screen = you.spectator ? "spectator" : "join";
      const game = view && GAMES[view.game];
      fill(els.screen, ...renderJoin(ctx),
        you.spectator && game ? absentPanel(ctx) : null,
        you.spectator && game ? game.renderPublic(ctx) : null);
    } else if (room.phase === "lobby" || !view) {
      screen = "lobby";
      fill(els.screen, ...renderLobby(ctx));
    } else if (GAMES[view.game]) {
      const game = GAMES[view.game];
      screen = "game";
      const drawn = game.renderSeat(ctx);
      fill(els.screen, absentPanel(ctx), ...drawn.screen);
      secrets = drawn.secrets;
      nudgeOnNewTurn(view, game);
    } else {
      screen = "unknown";
      fill(els.screen, h("p", { class: "hint" }, t("phone.unknown_game")));
    }
  });
  els.screen.dataset.screen = screen;
  els.screen.dataset.seat = you && you.seat !== null && you.seat !== undefined ? String(you.seat) : "";
  els.screen.dataset.phase = view && view.phase ? view.phase : (room ? room.phase : "");
  els.flap.hidden = secrets === null;
  document.body.dataset.flapShown = secrets === null ? "false" : "true";
  if (secrets !== null) fill(els.flapPanel, ...secrets);
  else els.flapPanel.replaceChildren();
  setText(els.flapHint, t("phone.flap.hint"));
}

// A short buzz when this phone has something to do that it did not have before. Every turn it
// marks is public (the Boss, the votes, the team's cards, the Getaway; the card to play, the
// mission to keep, the wager), so the buzz tells a neighbour nothing the board does not.
let lastTurn = null;
function nudgeOnNewTurn(view, game) {
  let turn = null;
  if (view.me && view.me.can_act) {
    turn = game.turnKey ? game.turnKey(app.room, view)
      : `${app.room.round}/${view.phase}/${view.lock}/${view.proposals.length}`;
  }
  if (turn !== null && turn !== lastTurn && navigator.vibrate) {
    try {
      navigator.vibrate(60);
    } catch {
      // Not allowed before the first tap on some browsers: the highlighted step is enough.
    }
  }
  lastTurn = turn;
}

function renderLanguagePicker() {
  document.title = t("phone.title");
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
    return; // Host unreachable: keep the old language; the choice is stored for next time.
  }
  connection.send({ type: "lang", lang });
  renderLanguagePicker();
  render();
});

els.error.addEventListener("click", () => {
  app.error = null;
  renderError();
});
els.notice.addEventListener("click", () => {
  app.notice = null;
  renderNotice();
});

attachFlap(els.flapHandle, els.flapPanel, (open) => {
  document.body.dataset.flap = open ? "open" : "closed";
});

async function boot() {
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
