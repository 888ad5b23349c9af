// Mole in the Crew on the board page: the board (locks, Boss, team, rejection track, who has
// acted, the vote history), the Getaway, the end, and the moments between (every vote turned
// over at once with names, the team's cards flipped one by one, the Patrol). As on the TV, only
// public facts are compared, so no sound or moment can betray a secret.

import { h } from "../dom.js";
import { at } from "./moments.js";
import {
  around, badge, bossTag, checklist, cross, check, crown, nameOf, nextGameLine, panel,
} from "./pieces.js";

export { hints } from "./mole_hints.js";
export { replayStep, replaySteps } from "./mole_replay.js";

const allSeats = (view) => Array.from({ length: view.players }, (_, seat) => seat);

export function sceneFor(view) {
  if (view.phase === "over" || view.result) return "reveal";
  if (view.phase === "getaway") return "getaway";
  return "board";
}

export function entryCue(scene, view) {
  if (scene === "getaway") return "siren";
  if (scene === "reveal") return (view.result || {}).winner === "crew" ? "win_crew" : "win_moles";
  return null;
}

/** The audience's rounds are the locks. */
export function roundLabel(ctx, index) {
  return ctx.t("tv.end.lock_short", { number: index + 1 });
}

export function render(ctx, scene) {
  if (scene === "reveal") return reveal(ctx);
  if (scene === "getaway") return getaway(ctx);
  return boardScene(ctx);
}

// ---------------------------------------------------------------- the board

function boardScene(ctx) {
  const { view, t } = ctx;
  return h("div", { class: "mole-board", testid: "mole-board" },
    h("header", { class: "title-row" },
      h("h1", { class: "title fit" }, t("mole.name")),
      h("p", { class: "goal fit" }, t("tv.board.goal", { open: view.to_open, blow: view.to_blow }))),
    lockTrack(ctx),
    roundPanel(ctx),
    historyPanel(ctx));
}

export function lockTrack(ctx) {
  const { view, t } = ctx;
  const finished = view.phase === "getaway" || view.phase === "over";
  return h("ol", { class: "locks", testid: "locks" }, view.locks.map((lock, index) => {
    let state = "later";
    if (lock.result === "open") state = "open";
    else if (lock.result === "blown") state = "blown";
    else if (index === view.lock && !finished) state = "current";
    let body;
    if (state === "open") {
      body = [check("big"), h("span", { class: "lock-word fit" }, t("tv.board.open"))];
    } else if (state === "blown") {
      const detail = lock.by === "patrol"
        ? t("tv.board.by_patrol") : t("tv.board.sabotaged", { count: lock.sabotages || 0 });
      body = [cross("big"), h("span", { class: "lock-word fit" }, t("tv.board.blown")),
        h("span", { class: "lock-detail fit" }, detail)];
    } else {
      body = [...teamOf(ctx, lock.team_size),
        state === "current" ? h("span", { class: "lock-now fit" }, t("tv.board.now")) : null];
    }
    return h("li", { class: `lock ${state}`, testid: `lock-${index}`, data: { state } },
      h("span", { class: "lock-name fit" }, t("tv.board.lock", { number: index + 1 })), ...body);
  }));
}

// A lock's team size, said once: the catalog's "team of {size}" with the number drawn large in
// its place, read from the sofa (QA: a large "3" over "team of 3" said it twice).
function teamOf(ctx, size) {
  const [before, after] = around(ctx.t, "tv.board.team_of", "size");
  const words = (text) => (text.trim() ? h("span", { class: "lock-detail fit" }, text.trim()) : null);
  return [words(before), h("span", { class: "lock-size" }, String(size)), words(after)];
}

function roundPanel(ctx) {
  const { view, t } = ctx;
  let boss = view.boss;
  let team = view.team || [];
  if (view.phase === "cards" && view.proposals.length) {
    // The engine has passed the Boss on already: the team at work is the last one chosen.
    const last = view.proposals[view.proposals.length - 1];
    boss = last.boss;
    team = last.team;
  }
  const lock = view.locks[view.lock];
  const size = lock ? lock.team_size : 0;
  let line = "";
  if (view.phase === "propose") line = t("tv.board.phase.propose", { name: nameOf(ctx, boss), size });
  else if (view.phase === "vote") line = t("tv.board.phase.vote", { needed: view.approvals_needed });
  else if (view.phase === "cards") line = t("tv.board.phase.cards");
  return panel("round", "round",
    h("div", { class: "boss-row" }, h("h2", { class: "label" }, t("tv.board.boss")),
      boss === null || boss === undefined ? null : badge(ctx, boss, { cls: "boss", testid: "boss" })),
    h("p", { class: "phase-line fit may-wrap", testid: "phase-line" }, line),
    h("h2", { class: "label" }, t("tv.board.team", { size })),
    team.length
      ? h("ul", { class: `team${team.length >= 5 ? " many" : ""}`, testid: "team" },
        team.map((seat) => h("li", {}, badge(ctx, seat))))
      : h("p", { class: "pending fit" }, t("tv.board.team_pending")),
    rejections(ctx),
    whoActed(ctx, team));
}

function rejections(ctx) {
  const { view, t } = ctx;
  const steps = [];
  for (let step = 0; step < view.patrol_at; step += 1) {
    const on = step < view.rejections;
    steps.push(h("li", {
      class: `step${on ? " on" : ""}${step === view.patrol_at - 1 ? " last" : ""}`,
      testid: `rejection-${step}`, data: { on: String(on) },
    }, on ? cross() : null));
  }
  const warn = view.rejections === view.patrol_at - 1 && ["propose", "vote"].includes(view.phase);
  return h("div", { class: "rejections", testid: "rejections" },
    h("span", { class: "label" }, t("tv.board.rejections")),
    h("ol", { class: "track", "aria-label": `${view.rejections} / ${view.patrol_at}` }, steps),
    // One rejection from the Patrol, its warning (which names it) takes the word's place beside
    // the track: a line of its own would push the round out of its panel.
    warn ? h("p", { class: "warning fit", testid: "patrol-warning" }, t("tv.board.patrol_warning"))
      : h("span", { class: "patrol-word" }, t("tv.board.patrol")));
}

function whoActed(ctx, team) {
  const { view, t } = ctx;
  if (view.phase === "vote") {
    const done = new Set(view.voted);
    return h("div", { class: "acted" },
      h("p", { class: "summary fit", testid: "acted-summary" },
        t("tv.board.votes_in", { count: done.size, total: view.players })),
      checklist(ctx, allSeats(view), done, "voted", "narrow"));
  }
  if (view.phase === "cards") {
    const done = new Set(view.played);
    return h("div", { class: "acted" },
      h("p", { class: "summary fit", testid: "acted-summary" },
        t("tv.board.cards_in", { count: done.size, total: team.length })),
      checklist(ctx, team, done, "played", "narrow"));
  }
  return null;
}

const HISTORY_COLUMNS = 12;

function historyPanel(ctx) {
  const { view, t } = ctx;
  const proposals = view.proposals;
  const shown = proposals.slice(-HISTORY_COLUMNS);
  const first = proposals.length - shown.length;
  const seats = allSeats(view);
  if (!proposals.length) {
    return panel("history", "history",
      h("h2", { class: "label" }, t("tv.board.history")),
      h("p", { class: "pending fit" }, t("tv.board.history_empty")));
  }
  // Every row says what it is in the names' column: without its word, the row of the teams'
  // verdicts read as one more player's votes.
  const label = (key) => h("th", { scope: "row", class: "who" },
    h("span", { class: "row-label fit" }, t(key)));
  const head = [
    h("tr", { testid: "history-locks" }, label("tv.board.history_lock"),
      shown.map((proposal, offset) => h("th", {
        scope: "col", testid: `history-col-${first + offset}`, class: "lock-no",
      }, String(proposal.lock + 1)))),
    h("tr", { testid: "history-verdicts" }, label("tv.board.history_verdict"),
      shown.map((proposal) => h("th", {
        scope: "col", class: `verdict ${proposal.approved ? "approved" : "rejected"}`,
      }, proposal.approved ? check() : cross(), h("span", { class: "visually-hidden" },
        t(proposal.approved ? "tv.votes.approved" : "tv.votes.rejected"))))),
  ];
  const rows = seats.map((seat) => h("tr", { testid: `history-row-${seat}` },
    h("th", { scope: "row", class: "who" }, badge(ctx, seat, { tag: false })),
    shown.map((proposal) => {
      const approve = proposal.votes[seat];
      const onTeam = proposal.team.includes(seat);
      return h("td", {
        class: `${approve ? "yes" : "no"}${onTeam ? " on-team" : ""}`,
        "aria-label": t(approve ? "tv.vote.approve" : "tv.vote.reject"),
      }, approve ? check() : cross(), seat === proposal.boss ? crown() : null);
    })));
  // The teams older than the grid's columns are counted on the title's line, over the columns
  // ("+2 earlier"): the grid keeps its size and every player's row, the latest teams.
  return panel("history", "history",
    h("div", { class: "history-title" }, h("h2", { class: "label" }, t("tv.board.history")),
      first > 0 ? h("span", {
        class: "earlier fit", testid: "history-earlier", data: { count: String(first) },
      }, first === 1 ? t("board.history.earlier_one") : t("board.history.earlier", { count: first })) : null),
    h("table", { class: "grid", testid: "history-grid", data: { columns: String(shown.length) } },
      h("thead", {}, head), h("tbody", {}, rows)),
    h("p", { class: "legend fit" },
      check(), ` ${t("tv.vote.approve")}  `, cross(), ` ${t("tv.vote.reject")}  `,
      h("span", { class: "legend-team", "aria-hidden": "true" }), ` ${t("tv.board.legend_team")}  `,
      crown(), ` ${t("tv.board.boss")}`));
}

// ---------------------------------------------------------------- the Getaway

function getaway(ctx) {
  const { view, t } = ctx;
  const confirmed = new Set((view.getaway || {}).confirmed || []);
  return h("div", { class: "getaway", testid: "getaway" },
    h("div", { class: "siren", testid: "siren", "aria-hidden": "true" },
      h("span", { class: "light red" }), h("span", { class: "light blue" })),
    h("h1", { class: "getaway-title fit" }, t("tv.getaway.title")),
    h("p", { class: "getaway-text fit" }, t("tv.getaway.text")),
    lockTrack(ctx),
    h("p", { class: "summary fit", testid: "confirmed-summary" },
      t("tv.getaway.confirmed", { count: confirmed.size, total: view.players })),
    checklist(ctx, allSeats(view), confirmed, "confirmed", "three", true),
    h("div", { class: "road", "aria-hidden": "true" },
      h("div", { class: "van" }, h("span", { class: "cab" }), h("span", { class: "wheel a" }),
        h("span", { class: "wheel b" })),
      h("div", { class: "police" }, h("span", { class: "light-bar" }), h("span", { class: "wheel a" }),
        h("span", { class: "wheel b" }))));
}

// ---------------------------------------------------------------- the end

function reveal(ctx) {
  const { view, t } = ctx;
  const result = view.result || {};
  const winner = result.winner || "crew";
  const marks = result.marks || [];
  const plays = new Map((result.plays || []).map((p) => [p.lock, p.cards || {}]));
  const roles = result.roles || [];
  const lookout = roles.indexOf("lookout");
  const alibis = (result.alibis || []).filter((a) => a.seat !== null && a.seat !== undefined);
  const getawayLine = marks.length ? [
    result.accused !== null && result.accused !== undefined
      ? t("tv.end.accused", { name: nameOf(ctx, result.accused) }) : t("tv.end.no_accused"),
    result.protected !== null && result.protected !== undefined
      ? t("tv.end.protected", { name: nameOf(ctx, result.protected) }) : t("tv.end.no_protected"),
  ].join("  ·  ") : null;
  const head = h("tr", {},
    h("th", { scope: "col" }, t("tv.end.player")),
    h("th", { scope: "col" }, t("tv.end.role")),
    marks.length ? h("th", { scope: "col", class: "mark-col" }, t("tv.end.mark")) : null,
    view.locks.map((lock, index) => h("th", {
      scope: "col", class: `lock-col ${lock.result || ""}`.trim(),
    }, t("tv.end.lock_short", { number: index + 1 }))));
  const rows = roles.map((role, seat) => {
    const mole = role === "mole" || role === "snitch";
    const tags = [];
    if (seat === result.accused) tags.push(t("tv.end.tag_accused"));
    if (seat === result.protected) tags.push(t("tv.end.tag_protected"));
    return h("tr", { testid: `reveal-row-${seat}`, class: mole ? "moles" : "crew" },
      h("th", { scope: "row" }, h("div", { class: "cell" }, badge(ctx, seat, { tag: false }),
        // One pill a tag: accused and protected both wrap onto a line each where the two side
        // by side do not fit the column (QA: "bajo acusación · bajo protec", cut by the Role).
        tags.map((tag) => h("span", { class: "tag leader" }, tag)))),
      h("td", { class: "role-col", testid: `role-${seat}`, data: { role } },
        h("div", { class: "cell role-cell" },
          mole ? cross() : check(), h("span", { class: "fit role-name" }, t(`mole.role.${role}`)),
          seat === lookout && alibis.length ? h("span", { class: "alibis fit" }, alibis.map((a) =>
            t("tv.end.alibi", { name: nameOf(ctx, a.seat), lock: a.lock + 1 })).join(", ")) : null)),
      marks.length ? h("td", { class: "mark", testid: `mark-${seat}` },
        h("span", { class: "fit" }, `→ ${nameOf(ctx, marks[seat])}`)) : null,
      view.locks.map((lock, index) => {
        const card = (plays.get(index) || {})[String(seat)];
        return h("td", { class: "played", data: { card: card || "" } },
          card === "clean" ? check() : card === "sabotage" ? cross() : null,
          card ? h("span", { class: "visually-hidden" }, t(`mole.card.${card}`)) : null);
      }));
  });
  return h("div", { class: "reveal mole-reveal", testid: "reveal", data: { winner } },
    h("header", { class: `winner ${winner}`, testid: "winner" },
      h("h1", { class: "fit" }, t(`mole.winner.${winner}`)),
      result.reason ? h("p", { class: "fit" }, t(`mole.ending.${result.reason}`)) : null),
    getawayLine ? h("p", { class: "getaway-line fit", testid: "getaway-line" }, getawayLine) : null,
    h("table", { class: "reveal-table", data: { rows: String(roles.length) } },
      h("thead", {}, head), h("tbody", {}, rows)),
    nextGameLine(ctx));
}

// ---------------------------------------------------------------- the moments

export function changes(old, view) {
  const cues = [];
  const moments = [];
  if (view.proposals.length < old.proposals.length) return { cues, moments }; // a new game
  for (const key of ["voted", "played"]) {
    if ((view[key] || []).length > (old[key] || []).length) cues.push("tick");
  }
  const before = ((old.getaway || {}).confirmed || []).length;
  if (((view.getaway || {}).confirmed || []).length > before) cues.push("tick");
  view.proposals.slice(old.proposals.length).forEach((proposal, offset) => {
    moments.push(votesReveal(proposal, old.proposals.length + offset));
  });
  const decided = [];
  view.locks.forEach((lock, index) => {
    const was = old.locks[index] || {};
    if (lock.result && !was.result) {
      decided.push(lock.by === "patrol" ? patrolBlows(index) : cardsReveal(index, lock));
    }
  });
  moments.push(...decided);
  const result = view.result;
  if (result && !old.result) {
    // The end's own beat (moments.js): the Getaway's accusation, else the lock that ended it.
    if ((result.marks || []).length) moments.push(accusation(result, view.players));
    else if (decided.length) decided[decided.length - 1].final = true;
  }
  return { cues, moments };
}

function votesReveal(proposal, number) {
  const FLIP_AT = 0.5;
  const VERDICT_AT = 1.3;
  return {
    label: "votes_reveal",
    number,
    duration: 4.5,
    brief: VERDICT_AT + 1.4,
    cues: [[FLIP_AT, "reveal"], [VERDICT_AT, proposal.approved ? "approved" : "rejected"]],
    render(ctx) {
      const { t } = ctx;
      const team = new Set(proposal.team);
      const approvals = proposal.votes.filter(Boolean).length;
      return h("div", { class: "moment-body votes-moment", testid: "votes-moment" },
        h("h1", { class: "fit" }, t("tv.votes.title", { lock: proposal.lock + 1 })),
        h("p", { class: "sub fit" }, t("tv.votes.subtitle", {
          boss: nameOf(ctx, proposal.boss), size: proposal.team.length,
        })),
        h("ul", { class: `vote-cards n${proposal.votes.length}` }, proposal.votes.map((approve, seat) =>
          h("li", {
            class: `vote-card${team.has(seat) ? " on-team" : ""}`, testid: `vote-${seat}`,
            data: { vote: approve ? "approve" : "reject" },
          },
          at(h("div", { class: "flip" },
            h("div", { class: "back" }, "?"),
            h("div", { class: `face ${approve ? "yes" : "no"}` }, approve ? check("big") : cross("big"),
              h("span", { class: "fit" }, t(approve ? "tv.vote.approve" : "tv.vote.reject")))), FLIP_AT),
          // The Boss's tag on the card's corner, not before the name (a name of 16 letters
          // needs the card's width); a crown and the word, never a star, which a look can be.
          seat === proposal.boss ? bossTag(ctx) : null,
          h("p", { class: "vote-name" }, badge(ctx, seat, { tag: false }))))),
        at(h("div", { class: "verdict appear", testid: "verdict",
          data: { approved: String(proposal.approved) } },
        h("p", { class: "tally fit" }, t("tv.votes.tally", {
          approve: approvals, reject: proposal.votes.length - approvals,
        })),
        h("p", { class: `verdict-word fit ${proposal.approved ? "yes" : "no"}` },
          t(proposal.approved ? "tv.votes.approved" : "tv.votes.rejected"))), VERDICT_AT));
    },
  };
}

function cardsReveal(index, lock) {
  const FIRST_AT = 1.2;
  const EVERY = 0.9;
  const cards = lock.cards || [];
  const resultAt = FIRST_AT + EVERY * cards.length + 0.2;
  return {
    label: "cards_reveal",
    duration: FIRST_AT + EVERY * cards.length + 2.6,
    brief: resultAt + 1.4,
    cues: [...cards.map((_, i) => [FIRST_AT + i * EVERY, "flip"]),
      [resultAt, lock.result === "open" ? "lock_open" : "lock_blown"]],
    render(ctx) {
      const { t } = ctx;
      const opened = lock.result === "open";
      return h("div", { class: "moment-body cards-moment", testid: "cards-moment" },
        h("h1", { class: "fit" }, t("tv.cards.title", { lock: index + 1 })),
        h("ul", { class: "lock-cards shuffle" }, cards.map((card, i) => h("li", {
          class: "lock-card", testid: `card-${i}`, data: { card },
        }, at(h("div", { class: "flip" },
          h("div", { class: "back" }, "?"),
          h("div", { class: `face ${card === "clean" ? "yes" : "no"}` },
            card === "clean" ? check("big") : cross("big"),
            h("span", { class: "fit" }, t(`mole.card.${card}`)))), FIRST_AT + i * EVERY)))),
        at(h("p", { class: "sabotages appear fit" },
          t("tv.cards.sabotages", { count: lock.sabotages || 0 })), resultAt),
        at(h("p", {
          class: `lock-result appear fit ${opened ? "yes" : "no"}`, testid: "lock-result",
          data: { result: lock.result },
        }, t(opened ? "tv.lock.opened" : "tv.lock.blown", { lock: index + 1 })), resultAt));
    },
  };
}

function patrolBlows(index) {
  return {
    label: "patrol",
    duration: 3.8,
    brief: 2.6,
    cues: [[0.3, "lock_blown"]],
    render(ctx) {
      const { t } = ctx;
      return h("div", { class: "moment-body patrol-moment", testid: "patrol-moment" },
        h("div", { class: "patrol-flash", "aria-hidden": "true" }, cross("huge")),
        h("h1", { class: "fit" }, t("tv.patrol.title")),
        h("p", { class: "fit" }, t("tv.patrol.text", { lock: index + 1 })));
    },
  };
}

/**
 * The Getaway's end: every mark confirmed, then whom the Moles accused and whom the Driver
 * protected, before the reveal says who won. The table's key beat (final): shown even when the
 * Getaway came and went while earlier moments played (then it is the Getaway's only picture).
 */
function accusation(result, players) {
  const ACCUSED_AT = 1.6;
  const PROTECTED_AT = 3.0;
  const has = (seat) => seat !== null && seat !== undefined;
  return {
    label: "accusation",
    final: true,
    duration: 6.4,
    cues: [[0, "siren"], [ACCUSED_AT, "reveal"], [PROTECTED_AT, "flip"]],
    render(ctx) {
      const { t } = ctx;
      return h("div", { class: "moment-body accusation-moment", testid: "accusation-moment" },
        h("div", { class: "siren", "aria-hidden": "true" },
          h("span", { class: "light red" }), h("span", { class: "light blue" })),
        h("h1", { class: "getaway-title fit" }, t("tv.getaway.title")),
        h("p", { class: "summary fit" }, t("tv.getaway.confirmed", { count: players, total: players })),
        at(h("p", { class: "accused appear fit", testid: "accused", data: { seat: String(result.accused) } },
          has(result.accused) ? t("tv.accusation.accused", { name: nameOf(ctx, result.accused) })
            : t("tv.accusation.no_accused")), ACCUSED_AT),
        at(h("p", { class: "protected appear fit", testid: "protected", data: { seat: String(result.protected) } },
          has(result.protected) ? t("tv.accusation.protected", { name: nameOf(ctx, result.protected) })
            : t("tv.accusation.no_protected")), PROTECTED_AT),
        h("div", { class: "road", "aria-hidden": "true" },
          h("div", { class: "van" }, h("span", { class: "cab" }), h("span", { class: "wheel a" }),
            h("span", { class: "wheel b" })),
          h("div", { class: "police" }, h("span", { class: "light-bar" }), h("span", { class: "wheel a" }),
            h("span", { class: "wheel b" }))));
    },
  };
}
