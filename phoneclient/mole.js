// Mole in the Crew on a phone: the public board, the step this seat takes now, the secrets under
// the flap, and the end-of-game reveal. Everything comes from the view the host sent.
// The screen a neighbour can glance at never depends on the role: the same buttons, the same
// texts, in the same places, for everyone; secrets only live under the flap.

import { h } from "./dom.js";
import { flapButton } from "./flap.js";
import { allSeats, joinNames, keptOpen, nameOf, rematchFooter, waitingFor } from "./table.js";

/** Refusals whose reason tells the role: their words only ever show under the flap. */
export const secretCodes = new Set(["crew_cannot_sabotage", "no_sabotage_left"]);

// ---------------------------------------------------------------- the public board

function lockItem(ctx, lock, index, current) {
  const { t } = ctx;
  let symbol = "·";
  let state = "pending";
  let detail = t("phone.mole.lock.team", { size: lock.team_size });
  let words = t("phone.mole.lock.pending", { size: lock.team_size });
  if (lock.result === "open") {
    symbol = "✓";
    state = "open";
    detail = t("mole.lock.open");
    words = detail;
  } else if (lock.result === "blown" && lock.by === "patrol") {
    symbol = "✗";
    state = "blown";
    detail = t("phone.mole.lock.patrol_short");
    words = t("mole.lock.patrol");
  } else if (lock.result === "blown") {
    symbol = "✗";
    state = "blown";
    detail = `◼ ${lock.sabotages}`;
    words = t("phone.mole.lock.sabotaged", { count: lock.sabotages });
  } else if (index === current) {
    symbol = "▶";
    state = "current";
  }
  // A small tile for the eye (shape, number, a short word); the full sentence for screen readers.
  return h("li", {
    class: `lock ${state}`, testid: `lock-${index}`, data: { result: state },
    "aria-label": `${t("phone.mole.lock.name", { number: index + 1 })}: ${words}`,
  },
  h("span", { class: "lock-symbol", "aria-hidden": "true" }, symbol),
  h("span", { class: "lock-number", "aria-hidden": "true" }, String(index + 1)),
  h("span", { class: "lock-text", "aria-hidden": "true" }, detail));
}

/** While a team plays its cards, the Boss who chose it (the engine has moved on to the next). */
function lockBoss(view) {
  const last = view.proposals[view.proposals.length - 1];
  return view.phase === "cards" && last ? last.boss : view.boss;
}

function board(ctx) {
  const { view, t } = ctx;
  const opened = view.locks.filter((lock) => lock.result === "open").length;
  const blown = view.locks.filter((lock) => lock.result === "blown").length;
  const track = [];
  for (let i = 0; i < view.patrol_at; i += 1) track.push(i < view.rejections ? "●" : "○");
  return h("section", { class: "board", testid: "board" },
    h("ol", { class: "locks", testid: "locks" },
      view.locks.map((lock, index) => lockItem(ctx, lock, index, view.lock))),
    h("p", { class: "score", testid: "score" },
      t("phone.mole.score", { open: opened, to_open: view.to_open, blown, to_blow: view.to_blow })),
    // In the Getaway and after, no Boss proposes and no rejection counts any more.
    view.phase === "over" || view.phase === "getaway" ? null : h("p", {
      class: "boss-line", testid: "boss-line",
    },
      h("span", { class: "tag boss" }, t("phone.mole.boss")), " ", nameOf(ctx, lockBoss(view)),
      " · ", t("phone.mole.rejections", { count: view.rejections, max: view.patrol_at }), " ",
      h("span", { class: "track", "aria-hidden": "true" }, track.join(""))));
}

function lastVote(ctx) {
  const { view, t } = ctx;
  const last = view.proposals[view.proposals.length - 1];
  if (!last || view.phase === "vote") return null;
  return h("section", { class: "card-box", testid: "last-vote" },
    h("h2", {}, last.approved ? t("phone.mole.vote.approved") : t("phone.mole.vote.rejected")),
    voteList(ctx, last));
}

function voteList(ctx, proposal) {
  const { t } = ctx;
  return h("ul", { class: "votes" }, proposal.votes.map((approve, seat) =>
    h("li", { class: approve ? "yes" : "no" },
      h("span", { "aria-hidden": "true" }, approve ? "✓ " : "✗ "),
      nameOf(ctx, seat), " — ",
      approve ? t("mole.vote.approve") : t("mole.vote.reject"))));
}

function history(ctx) {
  const { view, t } = ctx;
  if (view.proposals.length === 0) return null;
  return keptOpen(ctx, "historyOpen", { class: "history", testid: "history" },
    t("phone.mole.history", { count: view.proposals.length }),
    h("ol", {}, view.proposals.map((proposal) => h("li", {},
      h("p", {}, t("phone.mole.history.line", {
        lock: proposal.lock + 1,
        boss: nameOf(ctx, proposal.boss),
        team: joinNames(ctx, proposal.team),
      }), " ", proposal.approved ? "✓" : "✗"),
      voteList(ctx, proposal)))));
}

// ---------------------------------------------------------------- the step of this phase

function proposeStep(ctx) {
  const { view, ui, send, t } = ctx;
  const size = view.locks[view.lock].team_size;
  const isBoss = view.seat === view.boss && view.me && view.me.can_act;
  if (!isBoss) {
    return [h("p", { class: "status", testid: "status" },
      t("phone.mole.propose.wait", { name: nameOf(ctx, view.boss), size }))];
  }
  // The team being picked lives on this phone until sent; a new proposal starts it afresh.
  const key = `${ctx.room.round}/${view.lock}/${view.proposals.length}`;
  if (ui.teamKey !== key) {
    ui.teamKey = key;
    ui.team = new Set();
  }
  const picked = ui.team;
  // A team is exactly `size` players: once it is complete the other names wait, greyed, until a
  // chosen one is tapped off again, so a team too big can never be picked.
  const picks = new Map();
  const counter = h("p", { class: "hint", testid: "team-count" });
  const refresh = () => {
    const full = picked.size >= size;
    for (const [seat, button] of picks) {
      const on = picked.has(seat);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.querySelector(".check").textContent = on ? "☑" : "☐";
      button.disabled = full && !on;
    }
    counter.dataset.full = String(full);
    counter.textContent = t(full ? "phone.mole.propose.full" : "phone.mole.propose.count",
      { count: picked.size, size });
  };
  const pickers = allSeats(view).map((seat) => {
    const button = h("button", {
      type: "button", class: "choice", testid: `pick-${seat}`,
      onclick: () => {
        if (picked.has(seat)) picked.delete(seat);
        else if (picked.size < size) picked.add(seat);
        refresh();
      },
    }, h("span", { class: "check", "aria-hidden": "true" }), " ", nameOf(ctx, seat));
    picks.set(seat, button);
    return h("li", {}, button);
  });
  refresh();
  return [
    h("p", { class: "status", testid: "status" }, t("phone.mole.propose.you", { size })),
    h("ul", { class: "choices", testid: "team-picker" }, pickers),
    counter,
    h("button", {
      type: "button", class: "primary", testid: "propose-submit",
      onclick: () => send({
        type: "action",
        action: { type: "propose", team: allSeats(view).filter((seat) => picked.has(seat)) },
      }),
    }, t("phone.mole.propose.send")),
  ];
}

function fileNotice(ctx) {
  const { view, t } = ctx;
  const pages = view.me ? view.me.file.length : 0;
  if (pages === 0) return null;
  return h("p", { class: "banner file-notice", testid: "file-notice" },
    h("span", { "aria-hidden": "true" }, "▤ "), t("phone.mole.file.notice", { count: pages }));
}

function voteStep(ctx) {
  const { view, send, t } = ctx;
  const parts = [
    h("p", { class: "status", testid: "status" }, t("phone.mole.vote.proposal", {
      name: nameOf(ctx, view.boss), team: joinNames(ctx, view.team),
    })),
    fileNotice(ctx),
  ];
  const me = view.me;
  if (me && me.vote === null && me.can_act) {
    parts.push(h("div", { class: "pair" },
      h("button", {
        type: "button", class: "big yes", testid: "vote-approve",
        onclick: () => send({ type: "action", action: { type: "vote", approve: true } }),
      }, h("span", { class: "mark", "aria-hidden": "true" }, "✓"), t("mole.vote.approve")),
      h("button", {
        type: "button", class: "big no", testid: "vote-reject",
        onclick: () => send({ type: "action", action: { type: "vote", approve: false } }),
      }, h("span", { class: "mark", "aria-hidden": "true" }, "✗"), t("mole.vote.reject"))));
  } else if (me) {
    // Which way this phone voted stays under the flap until every vote is in.
    parts.push(h("p", { class: "done", testid: "voted" }, t("phone.mole.vote.sent")));
  }
  parts.push(waitingFor(ctx, allSeats(view).filter((seat) => !view.voted.includes(seat))));
  return parts;
}

function cardsStep(ctx) {
  const { view, t } = ctx;
  const parts = [h("p", { class: "status", testid: "status" },
    t("phone.mole.cards.team", { team: joinNames(ctx, view.team) }))];
  // Only what the table knows decides this screen: on the team or not, played or not. The cards
  // themselves are under the flap, so nobody sees which one is tapped or refused.
  if (view.me && view.team.includes(view.seat)) {
    parts.push(view.played.includes(view.seat)
      ? h("p", { class: "done", testid: "played" }, t("phone.mole.cards.sent"))
      : h("p", { class: "hint", testid: "cards-under-flap" }, t("phone.mole.cards.under_flap")));
  }
  parts.push(waitingFor(ctx, view.team.filter((seat) => !view.played.includes(seat))));
  return parts;
}

function getawayStep(ctx) {
  const { view, t } = ctx;
  const confirmed = view.getaway ? view.getaway.confirmed : [];
  const parts = [
    h("h2", { class: "siren", testid: "getaway-title" },
      h("span", { "aria-hidden": "true" }, "⚠ "), t("mole.phase.getaway")),
  ];
  if (view.me) {
    parts.push(confirmed.includes(view.seat)
      ? h("p", { class: "done", testid: "confirmed" }, t("phone.mole.getaway.confirmed"))
      : h("p", { class: "status", testid: "status" }, t("phone.mole.getaway.intro")));
  }
  parts.push(waitingFor(ctx, allSeats(view).filter((seat) => !confirmed.includes(seat))));
  return parts;
}

// ---------------------------------------------------------------- secret choices, under the flap

/**
 * Why this seat may not play Sabotage now, or null when it may: the engine's rule (a Mole, the
 * Snitch included, with Sabotages left; every other seat has none left), read from this seat's
 * own secrets. The reason is said here, under the flap, and the card sends nothing: the host's
 * refusal would reach this phone alone, which anyone watching the wire could tell from an
 * accepted card, sent to every seat.
 */
function sabotageRefusal(ctx) {
  const { me } = ctx.view;
  if (me.sabotages_left > 0) return null;
  return me.side === "moles"
    ? { code: "no_sabotage_left", words: ctx.t("phone.mole.cards.none_left") }
    : { code: "crew_cannot_sabotage", words: ctx.t("phone.mole.cards.crew_cannot_sabotage") };
}

/** The card this seat played, said under the flap until the lock is decided: the open screen
 * says "Your card is on the table" alike for both cards, so this is the only place the player
 * can check which one the host took. */
function cardPlayed(ctx) {
  const { view, t } = ctx;
  const card = view.me.card;
  if (view.phase !== "cards" || !card) return null;
  return h("section", { class: "flap-choice", testid: "card-played", data: { card } },
    h("p", { class: "done played-card" }, t(`phone.mole.cards.played.${card}`)),
    h("p", { class: "hint" }, t("phone.mole.cards.played_hint")));
}

function cardChoice(ctx) {
  const { view, t } = ctx;
  const me = view.me;
  if (view.phase !== "cards" || !view.team.includes(view.seat) || view.played.includes(view.seat)) {
    return cardPlayed(ctx);
  }
  const refusal = sabotageRefusal(ctx);
  const card = (name) => {
    const refused = name === "sabotage" ? refusal : null;
    return flapButton(h("button", {
      type: "button", class: refused ? "big card unplayable" : "big card", testid: `card-${name}`,
      data: { playable: refused ? "false" : "true" },
      "aria-describedby": refused ? "card-refusal" : null,
    }, h("span", { class: "mark", "aria-hidden": "true" }, name === "clean" ? "◻" : "◼"),
    t(`mole.card.${name}`)), () => (refused
      ? ctx.refuseSecret(refused.code, refused.words)
      : ctx.sendSecret({ type: "action", action: { type: "play", card: name } })));
  };
  return h("section", { class: "flap-choice", testid: "card-choice" },
    h("p", { class: "label" }, t("phone.mole.cards.choose")),
    h("div", { class: "pair" }, me.hand.map(card)),
    refusal ? h("p", { class: "hint card-refusal", id: "card-refusal", testid: "card-refusal" },
      refusal.words) : null);
}

function markChoice(ctx) {
  const { view, t } = ctx;
  const me = view.me;
  if (view.phase !== "getaway") return null;
  const locked = me.confirmed || !me.can_act;
  const current = currentMark(ctx);
  const choice = (target, testid, label) => {
    const on = current === target;
    return h("li", {}, flapButton(h("button", {
      type: "button", class: "choice", testid, disabled: locked,
      "aria-pressed": on ? "true" : "false",
    }, h("span", { class: "check", "aria-hidden": "true" }, on ? "◉" : "○"), " ", label), () => {
      ctx.ui.mark = { round: ctx.room.round, target };
      ctx.sendSecret({ type: "action", action: { type: "mark", target } });
    }));
  };
  return h("section", { class: "flap-choice", testid: "mark-choice" },
    h("p", { class: "label" }, t("phone.mole.getaway.mark")),
    h("ul", { class: "choices", testid: "mark-picker" },
      allSeats(view).map((seat) => choice(seat, `mark-${seat}`, nameOf(ctx, seat))),
      choice(null, "mark-nobody", t("mole.mark.nobody"))),
    me.confirmed ? h("p", { class: "done" }, t("phone.mole.getaway.confirmed"))
      : flapButton(h("button", {
        type: "button", class: "primary", testid: "mark-confirm", disabled: locked,
      }, t("phone.mole.getaway.confirm")),
      () => ctx.sendSecret({ type: "action", action: { type: "confirm" } })));
}

function myVote(ctx) {
  const { view, t } = ctx;
  if (view.phase !== "vote" || view.me.vote === null || view.me.vote === undefined) return null;
  return h("p", { class: "done", testid: "my-vote" },
    view.me.vote ? t("phone.mole.vote.sent_approve") : t("phone.mole.vote.sent_reject"));
}

// This seat's mark: a seat, null for "nobody", undefined while unmarked. The view gives null
// both for "nobody" and for "not marked yet", so this phone remembers its own "nobody" tap.
function currentMark(ctx) {
  const me = ctx.view.me;
  if (Object.prototype.hasOwnProperty.call(me, "marked")) return me.marked ? me.mark : undefined;
  if (me.mark !== null) return me.mark;
  const local = ctx.ui.mark && ctx.ui.mark.round === ctx.room.round ? ctx.ui.mark : null;
  if (me.confirmed || (local && local.target === null)) return null;
  return undefined;
}

// ---------------------------------------------------------------- the end-of-game reveal

function reveal(ctx) {
  const { view, t } = ctx;
  const result = view.result;
  const accused = result.accused === null || result.accused === undefined
    ? t("mole.mark.nobody") : nameOf(ctx, result.accused);
  const parts = [
    h("h2", { class: `winner ${result.winner}`, testid: "winner", data: { winner: result.winner } },
      t(`mole.winner.${result.winner}`)),
    h("p", { class: "status", testid: "ending" }, t(`mole.ending.${result.reason}`, {
      name: accused, accused,
      protected: result.protected === null ? t("mole.mark.nobody")
        : nameOf(ctx, result.protected),
    })),
  ];
  if (view.me) {
    const won = view.me.side === result.winner;
    parts.push(h("p", { class: `banner ${won ? "won" : "lost"}`, testid: "my-result" },
      won ? t("phone.mole.you_won") : t("phone.mole.you_lost")));
  }
  const marks = result.marks || [];
  // Two columns of words, so a phone's width holds a long name and a role whole; whom the
  // seat marked in the Getaway is a line under its name.
  parts.push(h("table", { class: "reveal mole-reveal", testid: "reveal" },
    h("thead", {}, h("tr", {},
      h("th", {}, t("phone.mole.reveal.player")),
      h("th", {}, t("phone.mole.reveal.role")))),
    h("tbody", {}, result.roles.map((role, seat) => h("tr", {
      testid: `reveal-${seat}`, data: { role },
    },
    h("td", {}, nameOf(ctx, seat),
      seat === result.accused ? h("span", { class: "tag" }, t("phone.mole.reveal.accused")) : null,
      seat === result.protected ? h("span", { class: "tag" }, t("phone.mole.reveal.protected")) : null,
      marks.length ? h("span", { class: "reveal-did", testid: `reveal-mark-${seat}` },
        t("phone.mole.reveal.marked", {
          name: marks[seat] === null ? t("mole.mark.nobody") : nameOf(ctx, marks[seat]),
        })) : null),
    h("td", {}, t(`mole.role.${role}`)))))));
  if ((result.plays || []).length) {
    parts.push(h("section", { class: "card-box", testid: "reveal-plays" },
      h("h3", {}, t("phone.mole.reveal.plays")),
      h("ul", {}, result.plays.map((play) => h("li", {},
        t("phone.mole.lock.name", { number: play.lock + 1 }), ": ",
        Object.entries(play.cards).map(([seat, card]) =>
          `${nameOf(ctx, Number(seat))} ${card === "sabotage" ? "◼" : "◻"} ${t(`mole.card.${card}`)}`)
          .join(t("phone.list.separator")))))));
  }
  const alibis = (result.alibis || []).filter((alibi) => alibi.seat !== null);
  if (alibis.length) {
    parts.push(h("section", { class: "card-box", testid: "reveal-alibis" },
      h("h3", {}, t("phone.mole.reveal.alibis")),
      h("ul", {}, alibis.map((alibi) => h("li", {},
        t("mole.file.alibi", { name: nameOf(ctx, alibi.seat), lock: alibi.lock + 1 }))))));
  }
  parts.push(rematchFooter(ctx));
  return parts;
}

// ---------------------------------------------------------------- under the flap

function knowledge(ctx, me) {
  const { t } = ctx;
  const knows = me.knows || {};
  const lines = [];
  if (knows.moles !== undefined) {
    lines.push(knows.moles.length
      ? t("mole.knows.moles", { names: joinNames(ctx, knows.moles), count: knows.moles.length })
      : t("mole.knows.nothing"));
    if (knows.hidden_moles) lines.push(t("mole.knows.hidden_moles", { count: knows.hidden_moles }));
  }
  if (knows.mole_count !== undefined) {
    lines.push(t("mole.knows.mole_count", { count: knows.mole_count, mole_count: knows.mole_count }));
  }
  if (knows.suspects !== undefined) {
    lines.push(t("mole.knows.suspects", {
      names: joinNames(ctx, knows.suspects), count: knows.suspects.length,
    }));
    lines.push(knows.decoy ? t("mole.knows.decoy") : t("mole.knows.no_decoy"));
  }
  if (knows.contact !== undefined) {
    lines.push(t("mole.knows.contact", { name: nameOf(ctx, knows.contact) }));
  }
  if (lines.length === 0) lines.push(t("mole.knows.nothing"));
  return lines;
}

function secrets(ctx) {
  const { view, t } = ctx;
  const me = view.me;
  const parts = [
    cardChoice(ctx),
    markChoice(ctx),
    myVote(ctx),
    h("p", { class: "label" }, t("phone.flap.role")),
    h("h2", { class: "role", testid: "role", data: { role: me.role } }, t(`mole.role.${me.role}`)),
    h("p", { class: "side", testid: "side" }, t(`mole.side.${me.side}`)),
    h("p", { class: "about", testid: "role-about" }, t(`mole.role.${me.role}.about`)),
    h("ul", { class: "knows", testid: "knows" }, knowledge(ctx, me).map((line) => h("li", {}, line))),
    h("p", { class: "sabotages", testid: "sabotages" }, me.side === "moles"
      ? t("phone.mole.flap.sabotages", { count: me.sabotages_left })
      : t("phone.mole.flap.clean_only")),
    h("h3", {}, t("phone.mole.flap.file")),
    h("ul", { class: "file", testid: "file" }, me.file.length === 0
      ? h("li", {}, t("phone.mole.flap.file_empty"))
      : me.file.map((entry) => h("li", {},
        t("phone.mole.lock.name", { number: entry.lock + 1 }), ": ",
        entry.alibi === null || entry.alibi === undefined
          ? t("mole.file.nothing")
          // The line names its lock already: the alibi says only who played Clean.
          : t("phone.mole.flap.alibi", { name: nameOf(ctx, entry.alibi) })))),
  ];
  if (me.tally) {
    parts.push(h("h3", {}, t("phone.mole.flap.tally")));
    parts.push(h("ul", { class: "tally", testid: "tally" }, Object.entries(me.tally).map(
      ([target, count]) => h("li", {},
        target === "nobody" ? t("mole.mark.nobody") : nameOf(ctx, Number(target)),
        ": ", String(count)))));
  }
  return parts;
}

// ---------------------------------------------------------------- entry points

function phaseStep(ctx) {
  switch (ctx.view.phase) {
    case "propose": return proposeStep(ctx);
    case "vote": return voteStep(ctx);
    case "cards": return cardsStep(ctx);
    case "getaway": return getawayStep(ctx);
    case "over": return reveal(ctx);
    default: return [];
  }
}

/** Changes with every accepted action, from public facts only: tests wait on it. */
function progress(view) {
  const confirmed = view.getaway ? view.getaway.confirmed.length : 0;
  return `${view.phase}/${view.lock}/${view.proposals.length}/${view.voted.length}`
    + `/${view.played.length}/${confirmed}`;
}

/**
 * One public sentence for screen readers (app.js puts it in a live region when it changes): the
 * result, this seat's turn, or the vote just revealed. Nothing from under the flap.
 */
export function announcement(ctx) {
  const { view, t } = ctx;
  if (view.phase === "over") return t(`mole.winner.${view.result.winner}`);
  const size = view.locks[view.lock] ? view.locks[view.lock].team_size : 0;
  if (view.me && view.me.can_act) {
    switch (view.phase) {
      case "propose": return t("phone.mole.propose.you", { size });
      case "vote": return t("phone.mole.vote.proposal", {
        name: nameOf(ctx, view.boss), team: joinNames(ctx, view.team),
      });
      case "cards": return t("phone.mole.cards.under_flap");
      case "getaway": return t("phone.mole.getaway.intro");
      default: return null;
    }
  }
  const last = view.proposals[view.proposals.length - 1];
  if (last && view.phase !== "vote") {
    return t(last.approved ? "phone.mole.vote.approved" : "phone.mole.vote.rejected");
  }
  return null;
}

/** A key that changes whenever this phone may have something new to do (the buzz, app.js). */
export function turnKey(room, view) {
  return `${room.round}/${view.phase}/${view.lock}/${view.proposals.length}`;
}

/** A seated player's screen: {screen: [nodes], secrets: [nodes under the flap]}. */
export function renderSeat(ctx) {
  const { view } = ctx;
  const step = h("section", {
    class: "step", testid: "step",
    data: {
      phase: view.phase,
      lock: String(view.lock),
      // Proposals made so far, the one being voted on included.
      proposals: String(view.proposals.length + (view.phase === "vote" ? 1 : 0)),
      progress: progress(view),
      canAct: String(Boolean(view.me && view.me.can_act)),
    },
  }, phaseStep(ctx));
  return {
    screen: [board(ctx), step, view.phase === "over" ? null : lastVote(ctx), history(ctx)],
    secrets: secrets(ctx),
  };
}

/** A spectator's screen: the public board only. */
export function renderPublic(ctx) {
  const { view } = ctx;
  const step = h("section", {
    class: "step", testid: "step", data: { phase: view.phase, progress: progress(view) },
  },
    view.phase === "over" ? reveal(ctx) : phaseStatus(ctx));
  return h("div", { class: "public" }, board(ctx), step,
    view.phase === "over" ? null : lastVote(ctx), history(ctx));
}

function phaseStatus(ctx) {
  const { view, t } = ctx;
  const seats = allSeats(view);
  switch (view.phase) {
    case "propose":
      return [h("p", { class: "status", testid: "status" }, t("phone.mole.propose.wait", {
        name: nameOf(ctx, view.boss), size: view.locks[view.lock].team_size,
      }))];
    case "vote":
      return [
        h("p", { class: "status", testid: "status" }, t("phone.mole.vote.proposal", {
          name: nameOf(ctx, view.boss), team: joinNames(ctx, view.team),
        })),
        waitingFor(ctx, seats.filter((seat) => !view.voted.includes(seat))),
      ];
    case "cards":
      return [
        h("p", { class: "status", testid: "status" },
          t("phone.mole.cards.team", { team: joinNames(ctx, view.team) })),
        waitingFor(ctx, view.team.filter((seat) => !view.played.includes(seat))),
      ];
    case "getaway":
      return [
        h("h2", { class: "siren", testid: "getaway-title" },
          h("span", { "aria-hidden": "true" }, "⚠ "), t("mole.phase.getaway")),
        waitingFor(ctx, seats.filter((seat) => !view.getaway.confirmed.includes(seat))),
      ];
    default:
      return [];
  }
}
