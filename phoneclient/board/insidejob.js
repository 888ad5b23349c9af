// Inside Job on the board page: the mission in play, the trick as it is played, every player's
// Intel, hand size and revealed role, whose turn it is, the vote as it fills up; the end; and the
// moments between (a trick won, the counted vote). A card appears only once it is on the table.

import { h } from "../dom.js";
import { winnersLine } from "../winners_line.js";
import { at } from "./moments.js";
import { badge, checklist, check, cross, nameOf, namesOf, nextGameLine, panel, shapeSvg, statusTag } from "./pieces.js";

export { hints } from "./insidejob_hints.js";
export { replayStep, replaySteps } from "./insidejob_replay.js";

const SUITS = { B: "blue", R: "red", G: "green", Y: "yellow" };
// Each suit has its own shape as well as its colour (as on the TV).
const SUIT_SHAPES = { blue: "circle", red: "triangle", green: "square", yellow: "star" };
const SUIT_COLOURS = { blue: "#286edc", red: "#d63230", green: "#1a8c50", yellow: "#f0c41e" };
const AGENT_SIDE = new Set(["agent", "microphone", "paranoid", "at_risk", "sleeping"]);
const TRAITORS = new Set(["insider", "professional"]);

const allSeats = (view) => Array.from({ length: view.players }, (_, seat) => seat);

export function sceneFor(view) {
  return view.phase === "over" ? "reveal" : "board";
}

export function entryCue(scene, view) {
  if (scene !== "reveal") return null;
  return (view.result || {}).outcome === "agents" ? "win_crew" : "win_moles";
}

/** The audience's rounds are the tricks, and one past the last trick (the engine's round_of
 * counts it there): the vote, or the end when the game ended before one. */
export function roundLabel(ctx, index) {
  const view = ctx.view || {};
  if (index >= (view.tricks || []).length) return ctx.t(view.vote ? "board.vote_short" : "board.end_short");
  return ctx.t("board.trick_short", { number: index + 1 });
}

export function render(ctx, scene) {
  return scene === "reveal" ? reveal(ctx) : boardScene(ctx);
}

// ---------------------------------------------------------------- pieces

const suitOf = (card) => SUITS[card[0]] || "blue";

function suitMark(suit, cls = "suit") {
  return shapeSvg(SUIT_SHAPES[suit] || "circle", SUIT_COLOURS[suit] || "#888", cls);
}

export function suitLabel(ctx, suit, key) {
  return h("span", { class: "suit-label", data: { suit } },
    h("span", { class: "chip" }, suitMark(suit)),
    h("span", { class: "fit" }, ctx.t(key, { suit: ctx.t(`insidejob.suit.${suit}`) })));
}

function countsAsTrump(play, trump) {
  return Boolean(play.wagered) || (Boolean(trump) && suitOf(play.card) === trump);
}

export function card(ctx, play, trump, { glow = false } = {}) {
  const suit = suitOf(play.card);
  return h("div", {
    class: `ij-card ${suit}${glow ? " glow" : ""}`, testid: `card-${play.card}`,
    data: { card: play.card, suit },
  },
  h("span", { class: "value" }, play.card.slice(1)),
  suitMark(suit, "suit on-card"),
  h("span", { class: "visually-hidden" }, ctx.t(`insidejob.suit.${suit}`)),
  play.wagered ? h("span", { class: "token", testid: `wager-${play.card}` }) : null,
  countsAsTrump(play, trump) ? h("span", { class: "ribbon fit" }, ctx.t("tv.insidejob.trump_card")) : null);
}

export function roleColour(role, turned = false) {
  if (role === "sleeping" && turned) return "traitor";
  if (AGENT_SIDE.has(role)) return "agent";
  if (TRAITORS.has(role)) return "traitor";
  return "alone";
}

// ---------------------------------------------------------------- the board

function boardScene(ctx) {
  const { view, t } = ctx;
  const options = (view.variants || []).map((v) => t(`insidejob.variant.${v}`));
  return h("div", { class: "ij-board", testid: "ij-board" },
    h("header", { class: "title-row" },
      h("h1", { class: "title fit" }, t("insidejob.name")),
      options.length ? h("p", { class: "goal fit" },
        t("tv.insidejob.options", { options: options.join(" · ") })) : null),
    missionPanel(ctx),
    progressPanel(ctx),
    view.phase === "vote" ? votePanel(ctx) : trickPanel(ctx),
    players(ctx));
}

function missionPanel(ctx) {
  const { view, t } = ctx;
  const mission = view.mission;
  if (!mission) {
    const key = { accomplice: "tv.insidejob.mission_after_accomplice",
      mission: "tv.insidejob.mission_pending" }[view.phase] || "tv.insidejob.mission_none";
    return panel("mission", "mission",
      h("h2", { class: "label" }, t("tv.insidejob.mission")),
      h("p", { class: "pending fit" }, t(key)));
  }
  return panel("mission", "mission",
    h("h2", { class: "label" }, t("tv.insidejob.mission")),
    h("p", { class: "objective fit", testid: "objective", data: { id: mission.id } },
      t(`insidejob.objective.${mission.objective}`)),
    // The TV's shorter words: the panel has room for one line under a two-line objective.
    mission.risky ? h("p", { class: "risky fit", testid: "risky" }, t("tv.insidejob.risky")) : null,
    h("p", { class: "trump", testid: "trump", data: { suit: mission.trump } },
      suitLabel(ctx, mission.trump, "insidejob.trump")));
}

function progressPanel(ctx) {
  const { view, t } = ctx;
  const targets = view.targets || {};
  const goal = targets.missions || 0;
  const pips = [];
  for (let i = 0; i < goal; i += 1) {
    pips.push(h("li", { class: i < view.completed.length ? "done" : "" },
      i < view.completed.length ? check() : null));
  }
  const lines = [];
  if (targets.intel) lines.push(t("insidejob.intel_target", { count: targets.intel }));
  if (targets.reveal_at && targets.reveal_at !== targets.intel) {
    lines.push(t("insidejob.reveal_at", { count: targets.reveal_at }));
  }
  lines.push(t("insidejob.supply", { count: view.supply }));
  const accomplice = view.accomplice || {};
  if (accomplice.picked !== null && accomplice.picked !== undefined) {
    lines.push(t("insidejob.accomplice_public", {
      accomplice: nameOf(ctx, accomplice.seat), player: nameOf(ctx, accomplice.picked),
    }));
  }
  return panel("progress", "progress",
    h("p", { class: "missions fit", testid: "missions-progress" },
      t("insidejob.missions_progress", { completed: view.completed.length, target: goal })),
    h("ol", { class: "pips" }, pips),
    h("p", { class: "failed fit" }, cross(), " ", t("tv.insidejob.failed", { count: view.failed.length })),
    lines.map((line) => h("p", { class: "info fit" }, line)));
}

function statusLine(ctx) {
  const { view, t } = ctx;
  const who = view.turn === null || view.turn === undefined ? "" : nameOf(ctx, view.turn);
  switch (view.phase) {
    case "accomplice": return t("tv.insidejob.status.accomplice", { name: who });
    case "mission": return t("tv.insidejob.status.mission", { name: who });
    case "wager": return t("tv.insidejob.status.wager", { name: who });
    case "play":
      return view.trick.length
        ? t("tv.insidejob.status.play", { name: who }) : t("tv.insidejob.status.lead", { name: who });
    default: return view.phase ? t(`insidejob.phase.${view.phase}`) : "";
  }
}

function trickPanel(ctx) {
  const { view, t } = ctx;
  const targets = view.targets || {};
  const order = allSeats(view).map((i) => (view.start + i) % view.players);
  const trump = (view.mission || {}).trump;
  return panel("table", "trick",
    h("div", { class: "trick-head" },
      h("h2", { class: "label fit" }, t("insidejob.trick_number", {
        number: view.trick_number, total: targets.tricks,
      })),
      view.led_suit ? h("p", { class: "led", testid: "led" },
        suitLabel(ctx, view.led_suit, "tv.insidejob.led")) : null),
    h("p", { class: "status fit", testid: "status" }, statusLine(ctx)),
    h("ol", { class: `trick n${view.players}`, testid: "trick-cards" }, order.map((seat, index) => {
      const play = view.trick[index];
      const onTurn = !play && seat === view.turn && view.phase === "play";
      return h("li", { class: `slot two-line-names${onTurn ? " on-turn" : ""}`, testid: `slot-${seat}` },
        play ? card(ctx, play, trump) : h("div", { class: "empty" }),
        play && play.wagered ? h("p", { class: "wagered fit" }, t("insidejob.wagered")) : null,
        badge(ctx, seat, { tag: false }));
    })));
}

function votePanel(ctx) {
  const { view, t } = ctx;
  const voted = new Set(view.voted);
  const silent = allSeats(view).filter((s) => !view.voters.includes(s));
  return panel("table vote", "vote",
    h("h2", { class: "vote-title fit" }, t("insidejob.phase.vote")),
    h("p", { class: "vote-text fit" }, t("tv.insidejob.vote_text")),
    h("p", { class: "summary fit", testid: "votes-in" },
      t("tv.insidejob.votes_in", { count: voted.size, total: view.voters.length })),
    checklist(ctx, view.voters, voted, "voted", "three"),
    silent.length ? h("p", { class: "info fit" },
      t("tv.insidejob.no_vote", { names: namesOf(ctx, silent) })) : null);
}

function players(ctx) {
  const { view, t } = ctx;
  const targets = view.targets || {};
  const target = targets.intel || targets.reveal_at || 0;
  const voted = new Set(view.voted);
  const voters = new Set(view.voters);
  return h("ol", { class: `ij-players n${view.players}`, testid: "players" }, allSeats(view).map((seat) => {
    const onTurn = seat === view.turn && !["vote", "over"].includes(view.phase);
    const count = view.intel[seat] || 0;
    const cards = view.hand_sizes[seat] || 0;
    const role = view.revealed[seat];
    const pips = [];
    for (let i = 0; i < Math.max(count, target); i += 1) {
      pips.push(h("li", { class: `${i < count ? "full" : ""}${i === target - 1 ? " target" : ""}`.trim() }));
    }
    let tag = "";
    if (view.phase === "vote" && voters.has(seat)) {
      tag = t(voted.has(seat) ? "tv.insidejob.tag.voted" : "tv.insidejob.tag.voting");
    } else if (onTurn) tag = t(`tv.insidejob.tag.${view.phase}`);
    else if (seat === view.start && ["play", "wager"].includes(view.phase)) tag = t("tv.insidejob.tag.start");
    return h("li", { class: `player two-line-names${onTurn ? " on-turn" : ""}`, testid: `player-${seat}`,
      data: { turn: String(onTurn) } },
    badge(ctx, seat, { tag: false }),
    h("div", { class: "counts" },
      // The count beside a token (the pips below say it again against the target).
      h("p", { class: "intel", testid: `intel-${seat}`, data: { count: String(count) } },
        h("span", { class: "coin", "aria-hidden": "true" }), String(count),
        h("span", { class: "visually-hidden" }, t("tv.insidejob.intel", { count }))),
      h("p", { class: "hand fit" }, h("span", { class: "backs", "aria-hidden": "true" }),
        cards === 1 ? t("tv.insidejob.one_card") : t("insidejob.hand_size", { count: cards }))),
    h("ol", { class: "intel-pips", "aria-hidden": "true" }, pips),
    role
      ? h("p", { class: `role ${roleColour(role, true)} fit`, testid: `revealed-${seat}`, data: { role } },
        t(`insidejob.role.${role}`))
      : h("p", { class: "role hidden-role fit" }, t("tv.insidejob.hidden")),
    h("p", { class: "player-tag fit" }, statusTag(ctx, seat), tag));
  }));
}

// ---------------------------------------------------------------- the end

function reveal(ctx) {
  const { view, t } = ctx;
  const result = view.result || {};
  const agents = result.outcome === "agents";
  const roles = result.roles || view.revealed || [];
  const vote = view.vote || null;
  const ballots = (vote && vote.ballots) || {};
  const winners = new Set(result.winning_seats || []);
  const accomplice = view.accomplice || {};
  const turned = new Set(view.tricks.flatMap((trick) => trick.revealed || []));
  const head = h("tr", {},
    h("th", { scope: "col" }, t("tv.end.player")),
    h("th", { scope: "col" }, t("tv.end.role")),
    h("th", { scope: "col" }, t("insidejob.intel")),
    // The votes a player received in a column of their own, beside their Intel: under the
    // ballot ("→ Beep / received 2") the count read as Beep's (QA).
    vote ? h("th", { scope: "col", class: "received-col" }, t("tv.insidejob.tally")) : null,
    vote ? h("th", { scope: "col" }, t("tv.insidejob.vote_column")) : null,
    h("th", { scope: "col", class: "outcome-col" }, h("span", { class: "visually-hidden" }, t("board.result"))));
  const rows = roles.map((role, seat) => {
    const won = winners.has(seat);
    const named = ballots[String(seat)];
    const received = vote ? vote.tally[seat] || 0 : 0;
    return h("tr", { class: won ? "won" : "lost", testid: `reveal-row-${seat}` },
      h("th", { scope: "row" }, badge(ctx, seat, { tag: false })),
      h("td", { testid: `role-${seat}`, data: { role } },
        h("span", { class: `role ${roleColour(role, turned.has(seat))} fit` }, t(`insidejob.role.${role}`)),
        accomplice.seat === seat && accomplice.picked !== null && accomplice.picked !== undefined
          ? h("span", { class: "note fit" }, t("tv.insidejob.tag.picked", { name: nameOf(ctx, accomplice.picked) }))
          : null),
      h("td", { class: "intel" }, h("span", { class: "coin", "aria-hidden": "true" }), String(view.intel[seat] || 0)),
      vote ? h("td", {
        class: `received${(vote.leaders || []).includes(seat) ? " lead" : ""}`,
        testid: `received-${seat}`, data: { votes: String(received) },
      }, String(received)) : null,
      vote ? h("td", { class: "ballot" },
        h("span", { class: "fit may-wrap" }, named ? `→ ${namesOf(ctx, named)}` : "—")) : null,
      h("td", { class: "outcome", testid: `outcome-${seat}`, data: { won: String(won) } },
        won ? check() : cross(), " ", t(won ? "tv.insidejob.wins" : "tv.insidejob.loses")));
  });
  return h("div", { class: "reveal ij-reveal", testid: "reveal", data: { outcome: result.outcome } },
    h("header", { class: `winner ${agents ? "crew" : "moles"}`, testid: "winner" },
      h("h1", { class: "fit" }, winnersLine(t, result.winners || [], "insidejob", ", ")),
      result.ending ? h("p", { class: "fit" }, t(`insidejob.ending.${result.ending}`)) : null),
    h("p", { class: "getaway-line fit" }, t("insidejob.missions_progress", {
      completed: view.completed.length, target: (view.targets || {}).missions || 0,
    })),
    h("table", { class: "reveal-table", data: { rows: String(roles.length) } },
      h("thead", {}, head), h("tbody", {}, rows)),
    nextGameLine(ctx));
}

// ---------------------------------------------------------------- the moments

export function changes(old, view) {
  const cues = [];
  const moments = [];
  if (view.tricks.length < old.tricks.length) return { cues, moments }; // a new game
  if (view.trick.length > old.trick.length) cues.push("flip");
  if (view.voted.length > old.voted.length) cues.push("tick");
  for (const trick of view.tricks.slice(old.tricks.length)) {
    moments.push(trickDone(trick, view.targets || {}, [...view.revealed]));
  }
  if (view.vote && !old.vote) moments.push(voteCount(view.vote));
  else if (view.result && !old.result && moments.length) {
    moments[moments.length - 1].final = true; // the trick that ended the game (Intel, missions)
  }
  return { cues, moments };
}

function trickDone(trick, targets, roles) {
  const CARDS_AT = 0.25;
  const EVERY = 0.12;
  const WINNER_AT = 1.2;
  const RESULT_AT = 2.0;
  const AFTER_AT = 2.7;
  const cues = [[WINNER_AT, "flip"], [RESULT_AT, trick.completed ? "lock_open" : "lock_blown"]];
  if ((trick.revealed || []).length) cues.push([AFTER_AT, "reveal"]);
  return {
    label: "trick_done",
    duration: 5.2,
    brief: AFTER_AT + 1.3,
    cues,
    render(ctx) {
      const { t } = ctx;
      const mission = trick.mission || {};
      const trump = mission.trump;
      const done = Boolean(trick.completed);
      const after = [];
      const taken = (trick.taken || 0) + (trick.tokens || 0);
      if (trick.lost_by !== null && trick.lost_by !== undefined) {
        after.push(t("insidejob.accomplice_effect", { player: nameOf(ctx, trick.lost_by) }));
      } else if (taken && trick.winner !== null && trick.winner !== undefined) {
        after.push(t("tv.insidejob.takes", { player: nameOf(ctx, trick.winner), count: taken }));
      }
      for (const seat of trick.revealed || []) {
        if (roles[seat]) {
          after.push(t("insidejob.revealed_as", {
            player: nameOf(ctx, seat), role: t(`insidejob.role.${roles[seat]}`),
          }));
        }
      }
      if (trick.tim_took_from !== null && trick.tim_took_from !== undefined) {
        after.push(t("insidejob.tim_took", { player: nameOf(ctx, trick.tim_took_from) }));
      }
      return h("div", { class: "moment-body trick-moment", testid: "trick-moment" },
        h("p", { class: "sub fit" }, t("insidejob.trick_number", {
          number: trick.number, total: targets.tricks,
        })),
        h("h1", { class: "fit" }, t(`insidejob.objective.${mission.objective}`)),
        trump ? h("p", { class: "trump" }, suitLabel(ctx, trump, "insidejob.trump")) : null,
        h("ol", { class: `trick n${trick.cards.length}` }, trick.cards.map((play, index) => {
          const won = play.seat === trick.winner;
          return at(h("li", { class: `slot drop two-line-names${won ? " winner" : ""}`, testid: `played-${play.seat}` },
            at(h("div", { class: won ? "lit" : "" }, card(ctx, play, trump)), WINNER_AT),
            badge(ctx, play.seat, { tag: false })), CARDS_AT + index * EVERY);
        })),
        trick.winner === null || trick.winner === undefined ? null
          : at(h("p", { class: "trick-winner appear fit", testid: "trick-winner" },
            `${t("insidejob.trick_won", { player: nameOf(ctx, trick.winner) })} · ${t(`insidejob.by.${trick.by}`)}`),
          WINNER_AT),
        at(h("p", {
          class: `mission-result appear fit ${done ? "yes" : "no"}`, testid: "mission-result",
          data: { completed: String(done) },
        }, done ? check() : cross(), " ",
        t(done ? "insidejob.mission.completed" : "insidejob.mission.failed")), RESULT_AT),
        h("div", { class: "aftermath" }, after.slice(0, 4).map((line) =>
          at(h("p", { class: "appear fit" }, line), AFTER_AT))));
    },
  };
}

function voteCount(vote) {
  const FLIP_AT = 0.5;
  const TALLY_AT = 1.4;
  return {
    label: "vote_count",
    final: true, // the vote ends the game (moments.js)
    duration: 4.6,
    cues: [[FLIP_AT, "reveal"], [TALLY_AT, "tick"]],
    render(ctx) {
      const { t } = ctx;
      const rows = Object.entries(vote.ballots).sort((a, b) => Number(a[0]) - Number(b[0]));
      const leaders = new Set(vote.leaders || []);
      const most = Math.max(1, ...vote.tally);
      return h("div", { class: "moment-body vote-moment", testid: "vote-moment" },
        h("h1", { class: "fit" }, t("tv.insidejob.vote_title")),
        h("div", { class: "columns" },
          h("section", {},
            h("h2", { class: "label" }, t("tv.insidejob.vote_column")),
            h("ul", { class: "ballots" }, rows.map(([voter, named]) => h("li", { testid: `ballot-${voter}` },
              badge(ctx, Number(voter), { tag: false }),
              h("span", { class: "flip small" }, at(h("span", { class: "back" }, "?"), FLIP_AT),
                at(h("span", { class: "face named fit may-wrap" }, `→ ${namesOf(ctx, named)}`), FLIP_AT)))))),
          at(h("section", { class: "appear" },
            h("h2", { class: "label" }, t("tv.insidejob.tally")),
            h("ul", { class: "tally" }, vote.tally.map((votes, seat) => {
              const bar = h("span", { class: "tally-bar" });
              bar.style.setProperty("--share", String(votes / most));
              return h("li", { class: leaders.has(seat) ? "lead" : "", testid: `tally-${seat}`,
                data: { votes: String(votes) } },
              badge(ctx, seat, { tag: false }), bar,
              h("span", { class: "count fit" },
                votes === 1 ? t("tv.insidejob.one_vote") : t("insidejob.votes_for", { count: votes })));
            })),
            leaders.size ? h("p", { class: "leaders fit may-wrap", testid: "most-votes" },
              t("tv.insidejob.most_votes", { names: namesOf(ctx, [...leaders].sort()) })) : null), TALLY_AT)));
    },
  };
}
