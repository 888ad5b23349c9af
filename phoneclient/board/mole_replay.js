// Mole in the Crew told again after the end, one step at a time (the TV's host/tv/mole/replay.py):
// each played lock (its proposals with every named vote, who played which card, the Lookout's
// file), then the Getaway's marks and the Driver's protection. From the final public view only,
// where the result has made all of it public.

import { h } from "../dom.js";
import { badge, check, cross, nameOf, namesOf } from "./pieces.js";

const playedLocks = (view) => (view.locks || []).flatMap((lock, index) => (lock.result ? [index] : []));

export function replaySteps(view) {
  const result = view.result || {};
  return playedLocks(view).length + ((result.marks || []).length ? 1 : 0);
}

export function replayStep(ctx, step) {
  const locks = playedLocks(ctx.view);
  return step < locks.length ? lockStep(ctx, locks[step]) : getawayStep(ctx);
}

function lockStep(ctx, index) {
  const { view, t } = ctx;
  const lock = view.locks[index];
  const result = view.result || {};
  const opened = lock.result === "open";
  const title = `${t("tv.board.lock", { number: index + 1 })}: ${t(opened ? "tv.board.open" : "tv.board.blown")}`
    + (lock.by === "patrol" ? ` (${t("tv.board.by_patrol")})` : "");
  const proposals = (view.proposals || []).filter((p) => Number(p.lock) === index);
  const plays = ((result.plays || []).find((p) => Number(p.lock) === index) || {}).cards || {};
  const alibis = (result.alibis || []).filter((a) => a.seat !== null && a.seat !== undefined
    && Number(a.lock) === index);
  return h("div", { class: "replay-body mole-replay", testid: "replay-lock", data: { lock: String(index) } },
    h("h2", { class: `replay-title fit ${opened ? "yes" : "no"}`, testid: "replay-title" }, title),
    h("ol", { class: `proposals n${Math.min(proposals.length, 5)}` }, proposals.map((proposal, number) =>
      h("li", { class: "proposal", testid: `replay-proposal-${number + 1}` },
        h("p", { class: "proposal-line" },
          h("span", { class: "fit may-wrap" }, t("tv.replay.proposal", {
            number: number + 1, name: nameOf(ctx, proposal.boss), team: namesOf(ctx, proposal.team),
          })),
          h("span", { class: `verdict-word ${proposal.approved ? "yes" : "no"}` },
            t(proposal.approved ? "tv.votes.approved" : "tv.votes.rejected"))),
        h("ul", { class: "named-votes" }, (proposal.votes || []).map((vote, seat) =>
          h("li", { testid: `replay-vote-${number + 1}-${seat}`, data: { approve: String(Boolean(vote)) } },
            vote ? check() : cross(), h("span", { class: "name fit" }, nameOf(ctx, seat)))))))),
    Object.keys(plays).length ? h("section", { class: "replay-cards" },
      h("h3", { class: "label" }, t("tv.replay.cards")),
      h("ul", {}, Object.entries(plays).sort((a, b) => Number(a[0]) - Number(b[0])).map(([seat, card]) =>
        h("li", { testid: `replay-card-${seat}`, data: { card } },
          card === "clean" ? check() : cross(),
          h("span", { class: "fit" }, `${nameOf(ctx, Number(seat))}: ${t(`mole.card.${card}`)}`))))) : null,
    alibis.map((alibi) => h("p", { class: "replay-file fit", testid: `replay-alibi-${alibi.seat}` },
      `${t("tv.replay.file")} ${t("mole.file.alibi", { name: nameOf(ctx, alibi.seat), lock: index + 1 })}`)));
}

function getawayStep(ctx) {
  const { view, t } = ctx;
  const result = view.result || {};
  const roles = result.roles || [];
  const accused = result.accused;
  const protectedSeat = result.protected;
  const has = (seat) => seat !== null && seat !== undefined;
  const line = `${has(accused) ? t("tv.end.accused", { name: nameOf(ctx, accused) }) : t("tv.end.no_accused")}, `
    + (has(protectedSeat) ? t("tv.end.protected", { name: nameOf(ctx, protectedSeat) }) : t("tv.end.no_protected"));
  const ending = result.ending || result.reason;
  return h("div", { class: "replay-body mole-replay", testid: "replay-getaway" },
    h("h2", { class: "replay-title fit" }, t("mole.phase.getaway")),
    marksList((result.marks || []).map((target, seat) =>
      h("li", { testid: `replay-mark-${seat}`, data: { target: String(target) } },
        h("div", { class: "who" }, badge(ctx, seat, { tag: false }),
          roles[seat] ? h("span", { class: `mark-role fit${roles[seat] === "driver" ? " driver" : ""}` },
            t(`mole.role.${roles[seat]}`)) : null),
        h("span", { class: "mark-target fit" }, `→ ${nameOf(ctx, target)}`)))),
    h("p", { class: "replay-outcome fit", testid: "replay-getaway-line" }, line),
    ending ? h("p", { class: `replay-ending fit${ending === "contact_found" ? " bad" : ""}` },
      t(`mole.ending.${ending}`)) : null);
}

/** The marks in two columns, filled down as on the TV (half the seats, rounded up, a column). */
function marksList(items) {
  const list = h("ul", { class: "marks" }, items);
  list.style.setProperty("--rows", String(Math.ceil(items.length / 2)));
  return list;
}
