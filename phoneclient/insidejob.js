// Inside Job on a phone: the public table (mission, trick, Intel, missions won and lost), this
// seat's hand and the step it takes now, the role under the flap, and the end-of-game result.
// Everything comes from the view the host sent; the host refuses what is not allowed and the page
// shows its message. A card is always its suit's symbol and value, never a colour alone.

import { h } from "./dom.js";
import { winnersLine } from "./winners_line.js";
import { allSeats, joinNames, keptOpen, nameOf, rematchFooter, waitingFor } from "./table.js";

/**
 * Refusals whose reason tells the role (only the Agents must follow suit; only the Paranoid
 * Agent names two players): their words only ever show under the flap.
 */
export const secretCodes = new Set(["must_follow_suit", "vote_count", "votes_must_differ"]);

const SUIT_SYMBOLS = { blue: "●", red: "▲", green: "■", yellow: "★" };
const SUIT_ORDER = ["blue", "red", "green", "yellow"];
const SUIT_OF_LETTER = { B: "blue", R: "red", G: "green", Y: "yellow" };


function parseCard(card) {
  return { suit: SUIT_OF_LETTER[card[0]], value: Number(card.slice(1)) };
}

function suitWords(ctx, suit) {
  return `${SUIT_SYMBOLS[suit]} ${ctx.t(`insidejob.suit.${suit}`)}`;
}

function cardLabel(ctx, card) {
  const { suit, value } = parseCard(card);
  return ctx.t("phone.insidejob.card", { suit: ctx.t(`insidejob.suit.${suit}`), value });
}

/** A card's face: symbol and value, the suit's colour only as a help. */
function cardFace(ctx, card) {
  const { suit, value } = parseCard(card);
  return [
    h("span", { class: "suit-symbol", "aria-hidden": "true" }, SUIT_SYMBOLS[suit]),
    h("span", { class: "card-value", "aria-hidden": "true" }, String(value)),
    h("span", { class: "visually-hidden" }, cardLabel(ctx, card)),
  ];
}

function playedCard(ctx, played, testid) {
  const { suit } = parseCard(played.card);
  return h("li", {
    class: `played suit-${suit}`, testid, data: { card: played.card, seat: String(played.seat) },
  },
  h("span", { class: "ij-card" }, cardFace(ctx, played.card)),
  h("span", { class: "played-name" }, nameOf(ctx, played.seat)),
  played.wagered ? h("span", { class: "tag wager" }, "◆ ", ctx.t("insidejob.wagered")) : null);
}

function missionBox(ctx, mission, attrs = {}) {
  const { t } = ctx;
  return [
    h("p", { class: "objective", testid: attrs.objective }, t(`insidejob.objective.${mission.objective}`)),
    h("p", { class: `trump suit-${mission.trump}`, testid: attrs.trump, data: { suit: mission.trump } },
      t("insidejob.trump", { suit: suitWords(ctx, mission.trump) })),
    mission.risky ? h("p", { class: "risky" }, "⚠ ", t("insidejob.risky")) : null,
  ];
}

// ---------------------------------------------------------------- the public table

function missionSection(ctx) {
  const { view, t } = ctx;
  const over = view.phase === "over";
  return h("section", { class: "card-box mission-box", testid: "mission" },
    h("p", { class: "trick-number", testid: "trick-number" }, over ? t("insidejob.phase.over")
      : t("insidejob.trick_number", { number: view.trick_number, total: view.targets.tricks }),
    over ? null : [" · ", t(`insidejob.phase.${view.phase}`)]),
    view.mission ? missionBox(ctx, view.mission, { objective: "objective", trump: "trump" })
      : (view.phase === "mission" || view.phase === "accomplice"
        ? h("p", { class: "hint" }, t("phone.insidejob.no_mission")) : null),
    h("p", { class: "score", testid: "missions-score" },
      t("insidejob.missions_progress", {
        completed: view.completed.length, target: view.targets.missions,
      }), " ✓ · ", t("phone.insidejob.failed", { count: view.failed.length }), " ✗"),
    h("p", { class: "score", testid: "intel-target" },
      view.targets.intel === null ? t("insidejob.reveal_at", { count: view.targets.reveal_at })
        : t("insidejob.intel_target", { count: view.targets.intel }),
      " · ", t("insidejob.supply", { count: view.supply })));
}

function tableSection(ctx) {
  const { view, t } = ctx;
  const roles = view.result ? view.result.roles : view.revealed;
  return h("section", { class: "card-box" },
    h("table", { class: "ij-table", testid: "table" },
      h("thead", {}, h("tr", {},
        h("th", {}, t("phone.insidejob.player")),
        h("th", {}, t("insidejob.intel")),
        h("th", {}, t("phone.insidejob.cards")))),
      h("tbody", {}, allSeats(view).map((seat) => {
        const tags = [];
        // The own row is shaded, with "you" for screen readers: a tag would make this row, and
        // so the table's layout, differ from phone to phone.
        if (seat === view.seat) {
          tags.push(h("span", { class: "visually-hidden own-marker" }, ` (${t("phone.lobby.you")})`));
        }
        if (view.phase !== "over" && seat === view.start) {
          tags.push(h("span", { class: "tag" }, t("phone.insidejob.start")));
        }
        if (view.turn === seat) tags.push(h("span", { class: "tag boss" }, "▶ ", t("phone.insidejob.turn")));
        if (roles[seat]) {
          tags.push(h("span", { class: "tag role", testid: `revealed-${seat}`, data: { role: roles[seat] } },
            t(`insidejob.role.${roles[seat]}`)));
        }
        return h("tr", {
          testid: `seat-${seat}`, class: seat === view.seat ? "own" : null,
          data: { intel: String(view.intel[seat]) },
        },
          h("td", {}, h("span", { class: "player-name" }, nameOf(ctx, seat)), tags),
          h("td", { class: "num" }, String(view.intel[seat])),
          h("td", { class: "num" }, String(view.hand_sizes[seat])));
      }))),
    view.accomplice && view.accomplice.picked !== null
      ? h("p", { class: "hint", testid: "accomplice-public" }, t("insidejob.accomplice_public", {
        accomplice: nameOf(ctx, view.accomplice.seat), player: nameOf(ctx, view.accomplice.picked),
      })) : null,
    view.special_roles.length ? h("p", { class: "hint", testid: "special-roles" },
      t("phone.insidejob.special_roles", {
        roles: view.special_roles.map((role) => t(`insidejob.role.${role}`))
          .join(t("phone.list.separator")),
      })) : null);
}

function trickSection(ctx) {
  const { view, t } = ctx;
  if (view.phase !== "play" && view.phase !== "wager") return null;
  return h("section", { class: "card-box", testid: "trick" },
    h("h3", {}, t("phone.insidejob.trick"),
      view.led_suit ? [" · ", t("phone.insidejob.led", { suit: suitWords(ctx, view.led_suit) })] : null),
    view.trick.length === 0 ? h("p", { class: "hint" }, t("phone.insidejob.trick_empty"))
      : h("ol", { class: "played-list" }, view.trick.map((played, index) =>
        playedCard(ctx, played, `trick-${index}`))));
}

function trickOutcome(ctx, trick) {
  const { view, t } = ctx;
  // When the Accomplice wins, nobody takes Intel and the wagered tokens go back to the supply.
  const accompliceWon = Boolean(view.accomplice) && view.accomplice.seat === trick.winner;
  const lines = [
    h("p", { class: "status" }, t("insidejob.trick_won", { player: nameOf(ctx, trick.winner) }),
      " ", t(`insidejob.by.${trick.by}`)),
    h("p", { class: trick.completed ? "done" : "failed" },
      t(trick.completed ? "insidejob.mission.completed" : "insidejob.mission.failed")),
    h("p", { class: "hint" }, t("phone.insidejob.taken", {
      count: accompliceWon ? 0 : trick.taken + trick.tokens,
    })),
  ];
  if (trick.lost_by !== null) {
    lines.push(h("p", {}, t("insidejob.accomplice_effect", { player: nameOf(ctx, trick.lost_by) })));
  }
  if (trick.tim_took_from !== null) {
    lines.push(h("p", {}, t("insidejob.tim_took", { player: nameOf(ctx, trick.tim_took_from) })));
  }
  return lines;
}

function lastTrick(ctx) {
  const { view, t } = ctx;
  const last = view.tricks[view.tricks.length - 1];
  if (!last || view.phase === "play" && view.trick.length > 0 || view.phase === "wager") return null;
  return h("section", { class: "card-box", testid: "last-trick", data: { number: String(last.number) } },
    h("h3", {}, t("phone.insidejob.last_trick", { number: last.number })),
    h("ol", { class: "played-list" }, last.cards.map((played, index) =>
      playedCard(ctx, played, `last-${index}`))),
    trickOutcome(ctx, last),
    last.revealed.map((seat) => h("p", { class: "banner" }, t("insidejob.revealed_as", {
      player: nameOf(ctx, seat), role: t(`insidejob.role.${view.revealed[seat]}`),
    }))));
}

function missionsHistory(ctx) {
  const { view, t } = ctx;
  if (view.tricks.length === 0) return null;
  return keptOpen(ctx, "ijHistoryOpen", { class: "history", testid: "history" },
    t("phone.insidejob.history", { count: view.tricks.length }),
    h("ol", {}, view.tricks.map((trick) => h("li", { class: "card-box" },
    h("p", { class: "label" }, t("insidejob.trick_number", {
      number: trick.number, total: view.targets.tricks,
    }), " ", trick.completed ? "✓" : "✗"),
    missionBox(ctx, trick.mission),
    h("ol", { class: "played-list" }, trick.cards.map((played) => playedCard(ctx, played, null))),
    trickOutcome(ctx, trick)))));
}

// ---------------------------------------------------------------- this seat's hand

function handSection(ctx) {
  const { view, send, t } = ctx;
  const me = view.me;
  if (!me || me.hand.length === 0 || view.phase === "over") return null;
  const myPlay = view.phase === "play" && view.turn === view.seat && me.can_act;
  // The marks follow the Agents' rule for every role (me.follow_suit), so a glance at the
  // Insider's phone shows nothing special; a greyed card stays tappable and the host decides.
  const legal = new Set(me.follow_suit);
  // What this seat may really play (its role's rule): a secret, never shown on the open screen.
  const allowed = new Set(me.playable);
  // Whether a wager may follow the card is public (the option, the Accomplice, a revealed role,
  // the start player, no Intel left), so it is asked before the card: one tap when not wagering.
  const canWager = myPlay && me.wager_refusal === null;
  const wagerKey = `${ctx.room.round}/${view.trick_number}/${view.trick.length}`;
  if (ctx.ui.ijWagerKey !== wagerKey) {
    ctx.ui.ijWagerKey = wagerKey;
    ctx.ui.ijWager = false;
  }
  const wagering = ctx.ui.ijWager;
  const bySuit = new Map(SUIT_ORDER.map((suit) => [suit, []]));
  for (const card of me.hand) bySuit.get(parseCard(card).suit).push(card);
  const rows = [];
  for (const [suit, cards] of bySuit) {
    if (cards.length === 0) continue;
    cards.sort((a, b) => parseCard(a).value - parseCard(b).value);
    rows.push(h("li", { class: `suit-row suit-${suit}`, data: { suit } },
      h("span", { class: "suit-head", "aria-hidden": "true" }, SUIT_SYMBOLS[suit]),
      h("span", { class: "suit-cards" }, cards.map((card) => {
        const attrs = {
          class: `ij-card hand-card suit-${suit}`, testid: `card-${card}`,
          data: { card, playable: String(myPlay && legal.has(card)) },
        };
        if (!myPlay) return h("span", attrs, cardFace(ctx, card));
        // A greyed card stays tappable on every phone alike, and the Insider may play it. For a
        // seat that may not, it sends nothing: the host's refusal would reach this phone alone,
        // where anyone on the wire would tell it from a card taken (a state to every seat). The
        // reason shows under the flap.
        return h("button", {
          ...attrs, type: "button", "aria-disabled": legal.has(card) ? null : "true",
          onclick: () => {
            if (!allowed.has(card)) {
              ctx.refuseSecret("must_follow_suit", t("phone.insidejob.must_follow_suit"));
              return;
            }
            // The wager, decided before the card, is sent once the host has taken the card.
            ctx.ui.ijAutoWager = canWager ? { round: ctx.room.round, card, wager: wagering } : null;
            send({ type: "action", action: { type: "play", card } });
          },
        }, cardFace(ctx, card));
      }))));
  }
  const data = { count: String(me.hand.length), ...(myPlay ? { stepControls: "" } : {}) };
  return h("section", { class: "card-box hand", testid: "hand", data },
    h("h3", {}, t("phone.insidejob.hand", { count: me.hand.length })),
    // The cards first, in view; what helps choosing (the wager, the hint) below them.
    h("ul", {}, rows),
    canWager ? h("button", {
      type: "button", class: "choice wager-toggle", testid: "wager-toggle",
      "aria-pressed": wagering ? "true" : "false",
      onclick: (event) => {
        ctx.ui.ijWager = !ctx.ui.ijWager;
        const button = event.currentTarget;
        button.setAttribute("aria-pressed", ctx.ui.ijWager ? "true" : "false");
        button.querySelector(".check").textContent = ctx.ui.ijWager ? "◆" : "◇";
      },
    }, h("span", { class: "check", "aria-hidden": "true" }, wagering ? "◆" : "◇"), " ",
    t("phone.insidejob.wager_with_card")) : null,
    myPlay ? h("p", { class: "hint" }, t("phone.insidejob.legal_hint")) : null);
}

// ---------------------------------------------------------------- the step of this phase

function accompliceStep(ctx) {
  const { view, send, t } = ctx;
  const me = view.me;
  const accomplice = view.accomplice ? view.accomplice.seat : null;
  if (!me || !me.can_act || me.pick_from.length === 0) {
    return [h("p", { class: "status", testid: "status" }, t("insidejob.phase.accomplice")),
      accomplice === null ? null : waitingFor(ctx, [accomplice])];
  }
  return [
    h("p", { class: "status", testid: "status" }, t("insidejob.accomplice_prompt")),
    h("ul", { class: "choices", testid: "accomplice-picker" }, me.pick_from.map((seat) =>
      h("li", {}, h("button", {
        type: "button", class: "choice", testid: `pick-${seat}`,
        onclick: () => send({ type: "action", action: { type: "accomplice_pick", seat } }),
      }, h("span", { class: "check", "aria-hidden": "true" }, "◎"), " ", nameOf(ctx, seat))))),
  ];
}

function missionStep(ctx) {
  const { view, send, t } = ctx;
  const me = view.me;
  if (!me || !me.can_act || !me.missions) {
    return [h("p", { class: "status", testid: "status" }, t("insidejob.phase.mission")),
      waitingFor(ctx, [view.start])];
  }
  return [
    h("p", { class: "status", testid: "status" }, t("insidejob.choose_mission")),
    me.must_keep === null ? null
      : h("p", { class: "banner", testid: "must-keep" }, t("insidejob.must_keep_risky")),
    me.missions.map((mission, keep) => h("button", {
      type: "button", class: "choice mission-choice", testid: `mission-${keep}`,
      data: { trump: mission.trump, objective: mission.objective },
      disabled: me.must_keep !== null && me.must_keep !== keep,
      onclick: () => send({ type: "action", action: { type: "choose_mission", keep } }),
    }, h("span", { class: "mission-text" }, missionBox(ctx, mission),
      h("strong", { class: "keep" }, t("phone.insidejob.keep"))))),
  ];
}

function playStep(ctx) {
  const { view, t } = ctx;
  const mine = view.me && view.me.can_act && view.turn === view.seat;
  return [h("p", { class: "status", testid: "status" }, mine ? t("insidejob.your_turn")
    : t("phone.insidejob.turn_of", { name: nameOf(ctx, view.turn) })),
  // The hand comes before the table on this seat's turn: the suit to follow is said here.
  mine && view.led_suit ? h("p", { class: "hint", testid: "led-suit" },
    t("phone.insidejob.led", { suit: suitWords(ctx, view.led_suit) })) : null];
}

function wagerStep(ctx) {
  const { view, send, t } = ctx;
  const me = view.me;
  if (!me || !me.can_act || !me.can_wager) {
    return [h("p", { class: "status", testid: "status" }, t("insidejob.phase.wager")),
      waitingFor(ctx, [view.turn])];
  }
  const wager = (yes) => () => send({ type: "action", action: { type: "wager", wager: yes } });
  const auto = ctx.ui.ijAutoWager;
  const last = view.trick[view.trick.length - 1];
  // A pause between the card and its wager: the wager goes once the game is resumed.
  if (auto && !ctx.room.paused && auto.round === ctx.room.round && last
    && last.seat === view.seat && last.card === auto.card) {
    ctx.ui.ijAutoWager = null;
    queueMicrotask(wager(auto.wager));
  }
  return [
    h("p", { class: "status", testid: "status" }, t("insidejob.wager_question")),
    h("div", { class: "pair" },
      h("button", { type: "button", class: "big yes", testid: "wager-yes", onclick: wager(true) },
        h("span", { class: "mark", "aria-hidden": "true" }, "◆"), t("insidejob.wager_yes")),
      h("button", { type: "button", class: "big no", testid: "wager-no", onclick: wager(false) },
        h("span", { class: "mark", "aria-hidden": "true" }, "◇"), t("insidejob.wager_no"))),
  ];
}

function voteStep(ctx) {
  const { view, ui, send, t } = ctx;
  const me = view.me;
  const parts = [];
  const ballot = me && me.vote;
  const waiting = waitingFor(ctx, view.voters.filter((seat) => !view.voted.includes(seat)));
  if (ballot && ballot.cast) {
    // One name or two (the Paranoid Agent): the names stay under the flap until the count.
    parts.push(h("p", { class: "done", testid: "voted" }, t("phone.insidejob.vote_sent")));
    parts.push(waiting);
    return parts;
  }
  if (!ballot || ballot.votes === 0 || ballot.refusal) {
    parts.push(h("p", { class: "status", testid: "status" }, t("insidejob.phase.vote")));
    if (ballot && ballot.refusal) {
      parts.push(h("p", { class: "hint", testid: "no-vote" }, t(`insidejob.vote_refusal.${ballot.refusal}`)));
    }
    parts.push(waiting);
    return parts;
  }
  // The names being chosen live on this phone until sent: one list per name. With the Paranoid
  // Agent in play every voter gets the same two lists, so a glance cannot tell who names a second
  // player; the second name is sent only from the phone whose role has two votes.
  const lists = view.special_roles.includes("paranoid") ? 2 : ballot.votes;
  const key = `${ctx.room.round}/${lists}`;
  if (ui.ijVoteKey !== key) {
    ui.ijVoteKey = key;
    ui.ijVote = Array(lists).fill(null);
  }
  const picked = ui.ijVote;
  parts.push(h("p", { class: "status", testid: "status" }, t("insidejob.vote_prompt")));
  picked.forEach((_, index) => {
    if (lists === 2) {
      parts.push(h("h3", {}, t(index === 0 ? "phone.insidejob.vote_first" : "phone.insidejob.vote_second")));
    }
    parts.push(h("ul", { class: "choices", testid: `vote-picker-${index}` }, ballot.candidates.map((seat) => {
      const on = picked[index] === seat;
      return h("li", {}, h("button", {
        type: "button", class: "choice", testid: `vote-${index}-${seat}`,
        "aria-pressed": on ? "true" : "false",
        onclick: (event) => {
          picked[index] = seat;
          const submit = document.querySelector('[data-testid="vote-submit"]');
          if (submit) submit.disabled = picked[0] === null;
          for (const button of event.currentTarget.closest("ul").querySelectorAll("button")) {
            const chosen = button === event.currentTarget;
            button.setAttribute("aria-pressed", chosen ? "true" : "false");
            button.querySelector(".check").textContent = chosen ? "◉" : "○";
          }
        },
      }, h("span", { class: "check", "aria-hidden": "true" }, on ? "◉" : "○"), " ", nameOf(ctx, seat)));
    })));
  });
  // Sending is possible once the first list has a name, on every phone alike.
  parts.push(h("button", {
    type: "button", class: "primary", testid: "vote-submit", disabled: picked[0] === null,
    onclick: () => {
      // Only the Paranoid Agent's ballot can be refused for its names; it is refused here, under
      // the flap, so the wire never carries a refusal that only that role could draw.
      const refusal = ballotRefusal(ballot, picked);
      if (refusal) {
        ctx.refuseSecret(refusal, t(`phone.insidejob.${refusal}`, { expected: ballot.votes }));
        return;
      }
      const action = ballot.votes === 2
        ? { type: "vote", seats: picked.filter((seat) => seat !== null) }
        : { type: "vote", seat: picked[0] };
      send({ type: "action", action });
    },
  }, t("phone.insidejob.vote_send")));
  parts.push(waiting);
  return parts;
}

/** The engine's refusal of these names for a two-name ballot (rules._vote), or null. */
function ballotRefusal(ballot, picked) {
  if (ballot.votes !== 2) return null;
  const names = picked.filter((seat) => seat !== null);
  if (names.length !== 2) return "vote_count";
  if (names[0] === names[1] && !ballot.same_allowed) return "votes_must_differ";
  return null;
}

// ---------------------------------------------------------------- the end-of-game result

function result(ctx) {
  const { view, t } = ctx;
  const outcome = view.result;
  const tally = view.vote ? view.vote.tally : null;
  const ballots = view.vote ? view.vote.ballots : {};
  const parts = [
    h("h2", { class: "winner", testid: "winner", data: { outcome: outcome.outcome } },
      winnersLine(t, outcome.winners, "insidejob", t("phone.list.separator"))),
    h("p", { class: "status", testid: "ending" }, t(`insidejob.ending.${outcome.ending}`)),
    h("p", { class: "banner won", testid: "winning-players" },
      t("phone.insidejob.winning_players", { names: joinNames(ctx, outcome.winning_seats) })),
  ];
  if (view.me) {
    const won = outcome.winning_seats.includes(view.seat);
    parts.push(h("p", { class: `banner ${won ? "won" : "lost"}`, testid: "my-result" },
      won ? t("phone.insidejob.you_won") : t("phone.insidejob.you_lost")));
  }
  // The columns hold words a phone's width keeps whole (a long name, a role, a count); whom
  // the seat voted for is a line under its name.
  parts.push(h("table", { class: "reveal ij-reveal", testid: "reveal" },
    h("thead", {}, h("tr", {},
      h("th", {}, t("phone.insidejob.player")),
      h("th", {}, t("phone.insidejob.role")),
      tally ? h("th", { class: "num" }, t("phone.insidejob.votes")) : null)),
    h("tbody", {}, outcome.roles.map((role, seat) => h("tr", {
      testid: `reveal-${seat}`, data: { role, won: String(outcome.winning_seats.includes(seat)) },
    },
    h("td", {}, nameOf(ctx, seat),
      outcome.winning_seats.includes(seat)
        ? h("span", { class: "tag leader" }, "★ ", t("phone.insidejob.winner_tag")) : null,
      tally ? h("span", { class: "reveal-did", testid: `reveal-ballot-${seat}` },
        t("phone.insidejob.reveal.voted_for", {
          names: ballots[String(seat)] ? joinNames(ctx, ballots[String(seat)]) : "—",
        })) : null),
    h("td", {}, t(`insidejob.role.${role}`)),
    tally ? h("td", { class: "num", testid: `votes-${seat}` }, String(tally[seat])) : null)))));
  parts.push(rematchFooter(ctx));
  return parts;
}

// ---------------------------------------------------------------- under the flap

function secrets(ctx) {
  const { view, t } = ctx;
  const me = view.me;
  const knows = [];
  if (me.knows && me.knows.picked !== undefined) {
    knows.push(t("insidejob.accomplice_saw", {
      player: nameOf(ctx, me.knows.picked), role: t(`insidejob.role.${me.knows.role}`),
    }));
  }
  if (me.role === "tim_shady") knows.push(t("insidejob.tim_right", { player: nameOf(ctx, me.right) }));
  if (me.revealed) knows.push(t("phone.insidejob.flap.revealed"));
  const cast = view.phase === "vote" && me.vote && me.vote.cast;
  return [
    cast ? h("p", { class: "done", testid: "my-vote" },
      t("phone.insidejob.voted", { names: joinNames(ctx, me.vote.cast) })) : null,
    h("p", { class: "label" }, t("phone.flap.role")),
    h("h2", { class: "role", testid: "role", data: { role: me.role } }, t(`insidejob.role.${me.role}`)),
    h("p", { class: "side", testid: "side" }, t("phone.insidejob.flap.side", {
      side: t(`insidejob.side.${me.side}`),
    })),
    h("p", { class: "about", testid: "role-about" }, t(`insidejob.about.${me.role}`)),
    knows.length ? h("ul", { class: "knows", testid: "knows" }, knows.map((line) => h("li", {}, line)))
      : null,
  ];
}

// ---------------------------------------------------------------- entry points

function phaseStep(ctx) {
  switch (ctx.view.phase) {
    case "accomplice": return accompliceStep(ctx);
    case "mission": return missionStep(ctx);
    case "play": return playStep(ctx);
    case "wager": return wagerStep(ctx);
    case "vote": return voteStep(ctx);
    case "over": return result(ctx);
    default: return [];
  }
}

/** Changes with every accepted action: tests and the buzz wait on it. */
function progress(view) {
  return `${view.phase}/${view.tricks.length}/${view.trick.length}/${view.voted.length}`;
}

/**
 * One public sentence for screen readers (app.js puts it in a live region when it changes): the
 * winners, this seat's turn, or who took the last trick. Nothing from under the flap.
 */
export function announcement(ctx) {
  const { view, t } = ctx;
  if (view.phase === "over") {
    return winnersLine(t, view.result.winners, "insidejob", t("phone.list.separator"));
  }
  if (view.me && view.me.can_act) {
    switch (view.phase) {
      case "accomplice": return t("insidejob.accomplice_prompt");
      case "mission": return t("insidejob.choose_mission");
      case "play": return t("insidejob.your_turn");
      case "wager": return t("insidejob.wager_question");
      case "vote": return t("insidejob.vote_prompt");
      default: return null;
    }
  }
  const last = view.tricks[view.tricks.length - 1];
  return last ? t("insidejob.trick_won", { player: nameOf(ctx, last.winner) }) : null;
}

/** A key for "this phone has something new to do" (the buzz in app.js). */
export function turnKey(room, view) {
  return `${room.round}/${progress(view)}`;
}

function stepSection(ctx, content) {
  const { view } = ctx;
  return h("section", {
    class: "step", testid: "step",
    data: {
      phase: view.phase, progress: progress(view),
      canAct: String(Boolean(view.me && view.me.can_act)),
    },
  }, content);
}

/** A seated player's screen: {screen: [nodes], secrets: [nodes under the flap]}. */
export function renderSeat(ctx) {
  const { view } = ctx;
  const over = view.phase === "over";
  // On this seat's turn its cards come first, in view without scrolling; the mission follows.
  const myPlay = view.phase === "play" && view.turn === view.seat && view.me && view.me.can_act;
  return {
    screen: [
      over || myPlay ? null : missionSection(ctx),
      stepSection(ctx, phaseStep(ctx)),
      myPlay ? handSection(ctx) : null,
      trickSection(ctx),
      myPlay ? missionSection(ctx) : handSection(ctx),
      lastTrick(ctx),
      tableSection(ctx),
      over ? missionSection(ctx) : null,
      missionsHistory(ctx),
    ],
    secrets: secrets(ctx),
  };
}

function publicStatus(ctx) {
  const { view, t } = ctx;
  if (view.phase === "over") return result(ctx);
  const waiting = view.phase === "vote"
    ? view.voters.filter((seat) => !view.voted.includes(seat))
    : [view.phase === "accomplice" ? view.accomplice.seat : view.turn];
  return [h("p", { class: "status", testid: "status" }, t(`insidejob.phase.${view.phase}`)),
    waitingFor(ctx, waiting.filter((seat) => seat !== null && seat !== undefined))];
}

/** A spectator's screen: the public table only. */
export function renderPublic(ctx) {
  const over = ctx.view.phase === "over";
  return h("div", { class: "public" },
    over ? null : missionSection(ctx), stepSection(ctx, publicStatus(ctx)), trickSection(ctx),
    lastTrick(ctx), tableSection(ctx), missionsHistory(ctx));
}
