// The join form (also the reclaim form once a game runs), the form to join the audience and the
// lobby's list of players: what a phone without a seat shows first. The seated lobby and the
// leader's controls are in lobby.js, fetched once this phone has a seat.

import { h, setText } from "./dom.js";

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

/** A name field and its button, whose words `buttonFor(name)` gives for the name typed (they
 * change with it); `quiet`: an aside, not the screen's main action. */
export function nameForm(ctx, labelKey, buttonFor, quiet = false) {
  const { ui, send, t } = ctx;
  const button = h("button", {
    type: "submit", class: quiet ? "secondary" : "primary", testid: "join-submit",
  }, t(buttonFor(ui.name)));
  const typed = (input) => {
    keepToLimit(input, ui);
    setText(button, t(buttonFor(input.value)));
  };
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
      if (!event.isComposing) typed(event.target);
    },
    oncompositionend: (event) => typed(event.target),
  });
  input.value = ui.name;
  return h("form", {
    class: quiet ? "stack quiet" : "stack",
    testid: "join-form",
    onsubmit: (event) => {
      event.preventDefault();
      send({ type: "join", name: input.value });
    },
  },
  h("label", { for: "join-name", class: "label" }, t(labelKey)),
  input, button);
}

/** The names of the seats waiting for their player (its phone asleep or lost), in seat order. */
export function awaySeats(ctx) {
  return (ctx.room.reclaimable || []).map((seat) => ctx.names.get(seat)).filter(Boolean);
}

/** The seats away in a line: typing one's name asks the table for it back. */
export function awayLine(ctx, away) {
  return h("p", { class: "hint", testid: "reclaimable" },
    ctx.t("phone.reclaim.open", { names: away.join(ctx.t("phone.list.separator")) }));
}

/** The game the host was stopped in, on offer: the leader continues it (a host without a window
 * has no R key). */
export function resumable(ctx) {
  const { room, you, send, t } = ctx;
  const saved = room.resumable;
  if (!saved) return null;
  const leader = (room.seats || []).find((seat) => seat.leader);
  const leading = Boolean(you && you.leader && you.seat !== null && you.seat !== undefined);
  return h("section", { class: "banner resumable", testid: "resumable" },
    h("p", { testid: "resumable-game" },
      t(saved.actions === 1 ? "phone.lobby.resumable_one" : "phone.lobby.resumable", {
        names: saved.names.join(t("phone.list.separator")), actions: saved.actions,
      })),
    you && you.resume_pending
      ? h("p", { testid: "resume-pending" }, t("phone.resume_pending")) : null,
    leading
      ? h("button", {
        type: "button", class: "primary", testid: "resume-saved",
        onclick: () => send({ type: "resume_saved" }),
      }, t("phone.lobby.resume_saved"))
      : leader && h("p", { testid: "resumable-who" },
        t("phone.lobby.resumable_leader", { name: leader.name })));
}

/** A phone without a seat in the lobby: join, or watch (after the deal: late.js). */
export function renderJoin(ctx) {
  const { room, t } = ctx;
  const parts = [h("h1", { class: "title" }, t(`${room.game}.name`)), resumable(ctx)];
  const count = (room.seats || []).length;
  if (room.max_players && count >= room.max_players) {
    // Full: watching comes first, with the name typed (QA: a yellow "Join" only to be refused).
    // A seat away can still be asked for by its name.
    const away = awaySeats(ctx);
    // Once in the audience, "join the audience below" is no longer true (QA).
    const words = ctx.you && ctx.you.audience ? "phone.join.full_watching" : "phone.join.full";
    parts.push(h("p", { class: "banner", testid: "table-full" },
      t(words, { count, max: room.max_players })), audienceJoin(ctx, { carryTyped: !away.length }));
    if (away.length) {
      parts.push(awayLine(ctx, away),
        nameForm(ctx, "phone.join.label", () => "phone.reclaim.button", true));
    }
    return [...parts, playerList(ctx)];
  }
  return [...parts, h("p", { class: "hint" }, t("phone.join.intro")),
    nameForm(ctx, "phone.join.label", () => "phone.join.button"), playerList(ctx),
    audienceJoin(ctx)];
}

/** The words under a name in the lobby list: a bot added to fill the table. */
function seatTags(ctx, seat) {
  return seat.bot_seat ? h("span", { class: "tag bot", testid: `bot-seat-${seat.seat}` },
    ctx.t("phone.mark.bot_seat")) : null;
}

/**
 * The players in the lobby, in seat order. `controlsOf(seat, index, mine)` gives the leader's
 * controls of a row (lobby.js); without it the list only reads.
 */
export function playerList(ctx, controlsOf = null) {
  const { room, you, t } = ctx;
  const seats = room.seats || [];
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
    const controls = controlsOf ? controlsOf(seat, index, mine) : [];
    return h("li", {
      class: "player", testid: `player-${seat.seat}`,
      data: { connected: String(Boolean(seat.connected)) },
    },
    h("span", { class: "seat-no", "aria-hidden": "true" }, String(index + 1)),
    h("span", { class: "player-name" }, seat.name),
    tags, ...controls);
  }));
}

// ---------------------------------------------------------------- the audience

const AUDIENCE_KEY = "molecrew.audience";
const AUDIENCE_TOKEN_KEY = "molecrew.audience.token";

/** An audience frame came: the name and the member's token are kept, so a reload (or a new
 * socket) joins again as this member, marks and all; the name alone does not (the host keeps a
 * member's marks from anyone else typing the name). */
export function rememberAudience(name, token) {
  try {
    if (name) localStorage.setItem(AUDIENCE_KEY, name);
    else localStorage.removeItem(AUDIENCE_KEY);
    if (token) localStorage.setItem(AUDIENCE_TOKEN_KEY, token);
  } catch {
    // Without storage the member types the name again after a reload.
  }
}

function audienceToken() {
  try {
    return localStorage.getItem(AUDIENCE_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The message that joins the audience as `name`, with this phone's member token if it has one. */
export function audienceMessage(name) {
  const token = audienceToken();
  return token ? { type: "audience", name, token } : { type: "audience", name };
}

/** The message that takes this phone back into the audience, or null (never a member here). */
export function audienceAgain() {
  try {
    const name = localStorage.getItem(AUDIENCE_KEY);
    return name ? audienceMessage(name) : null;
  } catch {
    return null;
  }
}

/** The form to join the audience, for a phone with no seat at the table (a latecomer's too,
 * until the next game), or null when it is in already. */
export function audienceJoin(ctx, { carryTyped = false } = {}) {
  const { you, ui, send, t } = ctx;
  if (!you || you.audience || you.phone) return null;
  if (you.seat !== null && you.seat !== undefined) return null;
  if (you.claim || you.waiting_seat) return null;
  const input = h("input", {
    id: "audience-name", testid: "audience-name", type: "text", autocomplete: "nickname",
    autocapitalize: "words", enterkeyhint: "go", spellcheck: "false",
    oninput: (event) => {
      const chars = Array.from(event.target.value);
      if (chars.length > MAX_NAME_CHARS) {
        event.target.value = chars.slice(0, MAX_NAME_CHARS).join("");
      }
      ui.audienceName = event.target.value;
    },
  });
  // The name typed for a seat, when there is none to have (a full table), is the one to watch
  // by; not while that seat's form is on screen too (a seat away), where it is a seat's name.
  input.value = ui.audienceName || (you.next_game ? you.name : "") || (carryTyped ? ui.name : "")
    || "";
  return h("form", {
    class: "stack card-box audience-join", testid: "audience-form",
    onsubmit: (event) => {
      event.preventDefault();
      send(audienceMessage(input.value));
    },
  },
  h("h2", {}, t("phone.audience.join.title")),
  // A latecomer was just told it plays the next game: "Not playing?" would contradict it (QA).
  h("p", { class: "hint", testid: "audience-about" },
    t(you.next_game ? "phone.audience.join.about_latecomer" : "phone.audience.join.about")),
  h("label", { for: "audience-name", class: "label" }, t("phone.audience.join.label")),
  input,
  h("button", { type: "submit", class: "secondary", testid: "audience-submit" },
    t("phone.audience.join.button")));
}
