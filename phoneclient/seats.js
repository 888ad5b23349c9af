// Panels about seats during a game and in the lobby: the seats whose phone is away (a bot may
// stand in), and the requests to take a seat back by name, which the leader lets in or refuses
// (for the leader's own seat, the next player present; with nobody, the host's keys).

import { h } from "./dom.js";
import { resumable } from "./join.js";

/**
 * A seat's state in words, for the panel of seats: removed, away, or its phone gone; null for a
 * seat that is where it should be. A bot the leader added is a seat played as intended, not a
 * missing player: it is never listed.
 */
function seatMark(seat) {
  if (seat.bot_seat) return null;
  if (seat.removed) return "removed";
  if (seat.away) return "away_bot";
  if (!seat.connected) return seat.bot ? "bot" : "away";
  return null;
}

/**
 * The seats whose phone is gone, each marked in words: "away", or "bot playing" once a bot stands
 * in. The leader may let a bot play an away seat; the host refuses it for anyone else.
 */
export function absentPanel(ctx) {
  const { room, you, send, t } = ctx;
  if (!room || room.phase === "lobby") return null;
  // Removed seats and seats away after their time ran out are marked too.
  const gone = (room.seats || []).filter((seat) => seatMark(seat) !== null);
  if (gone.length === 0) return null;
  const leader = Boolean(you && you.leader) && room.phase === "playing";
  const canCover = leader && gone.some((seat) => seatMark(seat) === "away");
  return h("section", { class: "absent card-box", testid: "absent" },
    h("h2", { class: "absent-title" }, t("phone.absent.title")),
    h("ul", { class: "absent-list" }, gone.map((seat) => {
      const status = seatMark(seat);
      return h("li", { class: "absent-seat", testid: `absent-${seat.seat}`, data: { status } },
        h("span", { class: "player-name" }, seat.name),
        h("span", { class: `tag ${status}`, testid: `absent-tag-${seat.seat}` },
          t(`phone.absent.${status}`)),
        leader && status === "away" ? h("button", {
          type: "button", class: "let-bot", testid: `let-bot-${seat.seat}`,
          onclick: () => send({ type: "bot", seat: seat.seat, on: true }),
        }, t("phone.absent.let_bot")) : null);
    })),
    canCover ? h("p", { class: "hint" }, t("phone.absent.hint")) : null);
}

/**
 * Someone typed the name of a seat whose phone is away: the table decides. Everyone sees the
 * request (the TV shows it too); only the decider's phone (the leader's, or for the leader's own
 * seat the next player's) has the two answers.
 */
export function claimsPanel(ctx) {
  const { room, you, send, t } = ctx;
  const claims = (room && room.claims) || [];
  if (claims.length === 0) return null;
  const mySeat = you ? you.seat : null;
  const decides = (claim) => mySeat !== null && mySeat !== undefined && claim.decider === mySeat;
  return h("section", { class: "claims card-box", testid: "claims" }, claims.map((claim) =>
    h("div", { class: "claim", testid: `claim-${claim.id}` },
      h("p", { class: "status" }, t("phone.claim.request", { name: claim.name, code: claim.code })),
      decides(claim) ? h("div", { class: "pair" },
        h("button", {
          type: "button", class: "big yes", testid: `claim-approve-${claim.id}`,
          onclick: () => send({ type: "claim", id: claim.id, approve: true }),
        }, h("span", { class: "mark", "aria-hidden": "true" }, "✓"), t("phone.claim.approve")),
        h("button", {
          type: "button", class: "big no", testid: `claim-refuse-${claim.id}`,
          onclick: () => send({ type: "claim", id: claim.id, approve: false }),
        }, h("span", { class: "mark", "aria-hidden": "true" }, "✗"), t("phone.claim.refuse")))
        : h("p", {
          class: "hint", testid: `claim-decider-${claim.id}`,
          data: { decider: claim.decider === null ? "host" : String(claim.decider) },
        }, deciderWords(ctx, claim)))));
}

/** Who answers a claim, in words: the leader, another player by name, or the host's keys. */
function deciderWords(ctx, claim) {
  const { room, names, t } = ctx;
  if (claim.decider === null || claim.decider === undefined) return t("phone.claim.host_decides");
  if (claim.decider === room.leader) return t("phone.claim.leader_decides");
  return t("phone.claim.decides", { name: names.get(claim.decider) || "" });
}

/** A phone waiting for something before it has a seat: null when it is not waiting. */
export function waitingScreen(ctx) {
  const { room, you, t } = ctx;
  if (you.seat !== null && you.seat !== undefined) return null;
  const title = h("h1", { class: "title" }, t(`${room.game}.name`));
  if (you.resume_pending) return { screen: "resume-pending", nodes: [title, resumable(ctx)] };
  if (you.claim) {
    const code = h("h1", { testid: "claim-code" }, you.claim.code);
    code.style.fontSize = "4rem"; // large for the table (CSSOM: the CSP bars style attributes)
    return { screen: "claim", nodes: [title,
      h("p", { class: "banner", testid: "claim-waiting" },
        t("phone.claim.waiting", { name: you.claim.name })), code] };
  }
  if (you.waiting_seat) {
    return { screen: "seat-in-use", nodes: [title,
      h("p", { class: "banner", testid: "seat-in-use" }, t("phone.seat_in_use"))] };
  }
  return null;
}
