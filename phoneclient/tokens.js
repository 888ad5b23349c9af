// The seats this phone keeps: their tokens (one, or several on a phone passed around), the hello
// that brings them back, and forgetting the seat that held the phone. Loaded with the page (the
// first hello needs it); the shared phone's screens are in shared.js, fetched when needed.

const TOKENS_KEY = "molecrew.tokens";
const OLD_TOKEN_KEY = "molecrew.token"; // one token, as pages before shared phones kept it

// ---------------------------------------------------------------- the tokens of every seat here

export function loadTokens() {
  try {
    const list = JSON.parse(localStorage.getItem(TOKENS_KEY) || "null");
    if (Array.isArray(list)) return list.filter((token) => typeof token === "string" && token);
    const old = localStorage.getItem(OLD_TOKEN_KEY);
    return old ? [old] : [];
  } catch {
    return [];
  }
}

export function storeTokens(tokens) {
  try {
    if (tokens.length) localStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
    else localStorage.removeItem(TOKENS_KEY);
    localStorage.removeItem(OLD_TOKEN_KEY);
  } catch {
    // Without storage the players can still reclaim their seats by name.
  }
}

/** The hello that brings back every seat this phone keeps (none: a stranger's hello). */
export function helloMessage(lang) {
  const tokens = loadTokens();
  const hello = { type: "hello", token: tokens[0] || null, lang };
  if (tokens.length > 1) hello.tokens = tokens;
  return hello;
}

/**
 * A welcome hands this phone a seat's token. It is one more seat when the phone already holds
 * some (a player added, or the seats of a reload coming back one by one); otherwise the phone's
 * only seat, replacing whatever it kept.
 */
export function keepToken(token, holdsSeats) {
  const tokens = loadTokens();
  if (tokens.includes(token)) return;
  storeTokens(holdsSeats ? [...tokens, token] : [token]);
}

/** Whether this phone holds a seat now (its own, or several passed around). */
export function holdsSeats(you) {
  return Boolean(you && ((you.seat !== null && you.seat !== undefined) || you.phone));
}

// ---------------------------------------------------------------- forgetting a seat

/**
 * Drop everything of the seat that held the phone, before the host's curtain even arrives: its
 * view, the refusals it read, what it was choosing. `app` is the page's state (app.js).
 */
export function forgetSeat(app, freshUi) {
  app.view = null;
  app.error = null;
  app.flapError = null;
  app.sentSecret = false;
  app.ui = freshUi();
  if (app.you && app.you.phone) {
    app.you = {
      ...app.you, seat: null, name: null,
      phone: { ...app.you.phone, holder: null, next: null },
    };
  }
}

/** The page should show the curtain: a shared phone during a game that nobody holds. */
export function behindCurtain(room, you) {
  return Boolean(room && you && you.phone && room.phase !== "lobby"
    && (you.phone.holder === null || you.phone.holder === undefined));
}
