// The lobby: the QR code and the address to join, the host code, the players as they arrive, the
// options chosen and what the table waits for, as on the TV's lobby.

import { fingerprint } from "../channel.js";
import { h } from "../dom.js";
import { badge, panel, statusTag } from "./pieces.js";

export function renderLobby(ctx) {
  const { room, t } = ctx;
  const game = room.game; // the room always names the game its lobby offers
  const url = String(room.join_url || "");
  return h("div", { class: "lobby", testid: "lobby" },
    h("header", { class: "title-row" },
      h("h1", { class: "title fit", testid: "game-name" }, t(`${game}.name`)),
      h("p", { class: "tagline fit" }, t("tv.tagline"))),
    panel("join", "join",
      h("h2", { class: "fit" }, t("tv.lobby.scan")),
      url ? h("img", {
        class: "qr", testid: "qr", src: `/qr.svg?u=${encodeURIComponent(url)}`,
        alt: t("board.qr_alt", { url }),
      }) : null,
      h("p", { class: "or-type fit" }, t("tv.lobby.or_type")),
      // What a person types: no scheme, and no key fragment (the QR code carries the whole URL).
      h("p", { class: "address fit", testid: "address" }, typed(url)),
      hostCode(ctx, url)),
    players(ctx));
}

/**
 * The short code a phone that typed the address shows, to compare with this screen's: the
 * fingerprint of the host's key, which the join URL carries in its fragment (the QR code's
 * `#k=`), worked out the way the phone does.
 */
function hostCode(ctx, url) {
  const match = /#(?:.*&)?k=([A-Za-z0-9_-]{43})(?:&|$)/.exec(url);
  if (!match) return null;
  const plain = atob(match[1].replace(/-/g, "+").replace(/_/g, "/"));
  const key = Uint8Array.from(plain, (c) => c.charCodeAt(0));
  return h("p", { class: "host-code fit", testid: "host-code" },
    ctx.t("tv.lobby.fingerprint", { code: fingerprint(key) }));
}

function players(ctx) {
  const { room, t } = ctx;
  const seats = room.seats || [];
  const most = room.max_players || 10;
  const least = room.min_players || 5;
  const list = seats.length
    ? h("ul", { class: "lobby-players", testid: "lobby-players" }, seats.map((entry) =>
      h("li", { testid: `lobby-seat-${entry.seat}` },
        badge(ctx, entry.seat, { tag: false }),
        // Under the name, where there is room for the words whatever the name's length.
        h("p", { class: "lobby-tags" },
          entry.leader ? h("span", { class: "tag leader" }, t("tv.lobby.leader")) : null,
          statusTag(ctx, entry.seat)))))
    : h("p", { class: "nobody fit" }, t("tv.lobby.nobody"));
  const variants = (room.variants || []).map((v) => t(`${room.game}.variant.${v}`));
  const options = variants.length ? variants.join(", ") : t("tv.lobby.classic");
  let status;
  let tone = "";
  const missing = least - seats.length;
  if (room.can_start) {
    const leader = seats.find((s) => s.leader);
    // With a game on offer the leader's choice is that game or a new one (QA: "Ana can start
    // the game" above the line saying the saved one can be continued).
    status = t(room.resumable ? "board.resumable_leader" : "tv.lobby.can_start",
      { name: leader ? leader.name : "" });
    tone = "ready";
  } else if (missing > 0) {
    status = missing === 1 ? t("tv.lobby.waiting_one") : t("tv.lobby.waiting", { count: missing });
  } else if (seats.length > most) {
    status = t("tv.lobby.too_many", { max: most });
    tone = "bad";
  } else if (room.misfit) { // the count suits the game, not this option: name it
    const { variant, min, max } = room.misfit;
    status = t("tv.lobby.option_misfit", { option: t(`${room.game}.variant.${variant}`), min, max });
    tone = "bad";
  } else {
    status = t("tv.lobby.options_misfit");
    tone = "bad";
  }
  return panel("players", "players",
    h("h2", { class: "fit" }, t("tv.lobby.players", { count: seats.length, max: most })),
    list,
    h("p", { class: "options fit", testid: "options" }, t("tv.lobby.options", { options })),
    h("p", { class: `lobby-status fit ${tone}`.trim(), testid: "lobby-status" }, status),
    room.resumable ? h("p", { class: "resume fit", testid: "resumable" },
      t("board.resumable")) : null);
}

function typed(url) {
  return url.replace(/^https?:\/\//, "").replace(/#.*$/, "");
}
