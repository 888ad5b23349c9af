// After the game: what the audience suspected, round by round (lock by lock, or trick by trick),
// beside the truth, and who read the table best. The host sends it only once the game is over.

import { bestLine } from "../best_line.js";
import { h } from "../dom.js";
import { badge, check, namesOf, panel, seatShape, widestWordOver } from "./pieces.js";

// The last rounds, at most: fitRounds then leaves out the first of them while their columns do
// not fit the panel (a three-player Inside Job game has up to eleven tricks and the vote).
const MAX_ROUNDS_SHOWN = 12;
const MAX_MEMBERS_SHOWN = 8;
// From this many rounds the table is laid out with its last guess narrow (board.css,
// .many-rounds), which widenLastGuess then widens as far as the rounds leave room, up to the
// width it has beside fewer rounds.
const MANY_ROUNDS = 9;
const BEST_KEYS = {
  one: "board.audience.best",
  tied: "board.audience.best_tied",
  more: "board.audience.best_tied_more",
};
const TALLY_SHOWN = 7; // the room left under the truth, at one name a line

// The games whose catalog says, in their own words (tricks, locks), which first rounds the
// table leaves out (a three-player Inside Job game has up to eleven tricks and the vote).
const LEFT_OUT_GAMES = new Set(["insidejob", "mole"]);

export function renderAudience(ctx, game) {
  const { room, t } = ctx;
  const result = room.audience_result;
  const truth = new Set(result.truth || []);
  const members = (result.members || []).slice(0, MAX_MEMBERS_SHOWN);
  const rounds = Math.max(0, ...members.map((m) => (m.rounds || []).length));
  const label = (index) => (game && game.roundLabel ? game.roundLabel(ctx, index) : String(index + 1));
  const first = Math.max(0, rounds - MAX_ROUNDS_SHOWN);
  const roundIndexes = Array.from({ length: rounds - first }, (_, i) => first + i);
  const head = h("tr", {},
    h("th", { scope: "col" }, t("board.audience.member")),
    roundIndexes.map((index) => {
      const text = label(index);
      // A word ("Vote"), not a number, is wider than a round's column; "T3" is narrower than
      // "T10", which a long game's table gives the room it leaves (board.css, .wide-table).
      const kind = !/\d/.test(text) ? " word-col" : text.length <= 2 ? " narrow-col" : "";
      return h("th", { scope: "col", class: `round-col${kind}` }, text);
    }),
    h("th", { scope: "col", class: "final-col" }, t("board.audience.final")),
    h("th", { scope: "col", class: "score-col" }, t("board.audience.score")));
  // The best and every one who tied with it (rows come best first).
  const topScore = result.best && members.length ? members[0].score : null;
  const rows = members.map((member) => h("tr", {
    class: topScore && member.score === topScore ? "best" : "", testid: "audience-member",
    data: { name: member.name },
  },
  h("th", { scope: "row", class: "member two-line-names" }, h("span", { class: "name fit" }, member.name)),
  roundIndexes.map((index) => guessCell(ctx, (member.rounds || [])[index], truth, "round")),
  guessCell(ctx, member.final, truth, "final"),
  h("td", { class: "score" },
    h("span", { class: "fit" }, ctx.t("tv.audience.percent", { value: Math.round((member.score || 0) * 100) })))));
  const gameName = ctx.view ? ctx.view.game : room.game;
  const leftOut = leftOutLine(t, gameName, first);
  const tally = Object.entries(result.tally || {}).sort((a, b) => b[1] - a[1]);
  // Those shown here, then those the host left out of its result (it sends the best rows).
  const more = (result.members || []).length - members.length + (result.more || 0);
  return h("div", { class: "audience", testid: "audience" },
    h("header", { class: "title-row" },
      h("h1", { class: "title fit" }, t("board.audience.title")),
      h("p", { class: "goal fit" }, t("board.audience.subtitle"))),
    panel("truth", "truth",
      h("h2", { class: "label" }, t(`board.audience.truth.${gameName}`)),
      h("ul", { class: "truth-list" }, [...truth].map((seat) => h("li", {}, badge(ctx, seat, { tag: false })))),
      result.best
        ? h("p", { class: "best fit", testid: "audience-best" }, check(), " ",
          bestLine(t, result, BEST_KEYS, ", "))
        : h("p", { class: "best fit", testid: "audience-best" }, t("board.audience.nobody_best")),
      tally.length ? lastGuesses(ctx, tally) : null),
    panel("guesses", "guesses",
      h("table", {
        class: `audience-table${roundIndexes.length >= MANY_ROUNDS ? " many-rounds" : ""}`,
        testid: "audience-table", data: { game: gameName || "", first: String(first) },
      }, h("thead", {}, head), h("tbody", {}, rows)),
      h("p", { class: "info fit", testid: "audience-legend" }, t("board.audience.legend")),
      leftOut,
      more > 0 ? moreLine(ctx, more) : null));
}

/** The line under the table when the first rounds are left out, or null. */
function leftOutLine(t, gameName, first) {
  if (first <= 0 || !LEFT_OUT_GAMES.has(gameName)) return null;
  const words = first === 1 ? t(`board.audience.left_out_one.${gameName}`)
    : t(`board.audience.left_out.${gameName}`, { last: first });
  return h("p", { class: "info fit", testid: "audience-left-out", data: { count: String(first) } },
    words);
}

/**
 * Once laid out: the first round columns are left out while a round's label or guesses are
 * wider than its column (the labels would run into one another), and counted in the line under
 * the table. As many rounds show as the panel has room for (QA: at most eight were shown, and
 * a game of nine tricks and the vote said "Tricks 1 to 2 not shown" beside room to spare).
 * Run before the text is fitted: the columns' widths change.
 */
export function fitRounds(root, ctx) {
  for (const table of root.querySelectorAll("[data-testid=audience-table]")) {
    const audience = table.closest(".audience");
    audience.classList.remove("wide-table");
    widenLastGuess(table);
    const cells = () => [...table.querySelectorAll("th.round-col, td.round")];
    const tooWide = () => cells().some((cell) => {
      const style = getComputedStyle(cell);
      const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      // A label by its letters; a guess by what spills (its names for screen readers sit
      // elsewhere, out of sight).
      return cell.tagName === "TH" ? contentWidth(cell) > room + 0.5
        : cell.scrollWidth > cell.clientWidth + 1;
    });
    // The guesses take room from the truth (board.css, .wide-table) rather than leave out a
    // round or break a long word of a last guess (QA: a three-player Inside Job game's twelve
    // rounds showed ten at 1920x1080, and "WWWWWWWW / WWWWWWWW" beside them).
    if (tooWide() || lastGuessTooNarrow(table)) {
      audience.classList.add("wide-table");
      widenLastGuess(table);
    }
    let first = Number(table.dataset.first);
    let trimmed = false;
    while (table.querySelectorAll("th.round-col").length > 1 && tooWide()) {
      for (const row of table.rows) {
        const cell = row.querySelector(".round-col, .round");
        if (cell) cell.remove();
      }
      first += 1;
      trimmed = true;
    }
    if (!trimmed) continue;
    widenLastGuess(table);
    table.dataset.first = String(first);
    const line = leftOutLine(ctx.t, table.dataset.game, first);
    const old = table.parentElement.querySelector("[data-testid=audience-left-out]");
    if (old) old.replaceWith(line);
    else table.parentElement.querySelector("[data-testid=audience-legend]").after(line);
  }
}

/** True if a word of a last guess is wider than its column even at a name's smallest size. */
function lastGuessTooNarrow(table) {
  return [...table.querySelectorAll("td.final .name")]
    .some((name) => widestWordOver(name, name.closest("td")) > 0);
}

/**
 * A table of many rounds (board.css, .many-rounds) is laid out with its last guess narrow,
 * which "T10" needs; the last guess takes back what the rounds' labels leave of their columns,
 * up to its usual width (nine tricks and the vote leave it room for its names on one line).
 */
function widenLastGuess(table) {
  const final = table.querySelector("th.final-col");
  const heads = [...table.querySelectorAll("th.round-col:not(.word-col)")];
  if (!final || !heads.length || !table.classList.contains("many-rounds")) return;
  final.style.width = "";
  // The wide table's columns are set to what each needs (board.css): its one-digit rounds'
  // spare is "T10"'s.
  if (table.closest(".wide-table")) return;
  const spare = Math.min(...heads.map((head) => {
    const style = getComputedStyle(head);
    return head.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      - contentWidth(head);
  }));
  // A pixel a column kept: the rounds' columns, all as wide, each give up as much.
  const more = Math.max(0, Math.floor(spare - 1)) * heads.length;
  const widest = parseFloat(getComputedStyle(table).getPropertyValue("--final-widest"));
  final.style.width = `${Math.min(widest, final.offsetWidth + more)}px`;
}

/** The width of what an element holds, in design pixels (its own box may be wider). */
function contentWidth(el) {
  const range = document.createRange();
  range.selectNodeContents(el);
  const scale = el.getBoundingClientRect().width / (el.offsetWidth || 1);
  return range.getBoundingClientRect().width / (scale || 1);
}

function moreLine(ctx, more) {
  return h("p", { class: "info fit", testid: "audience-more", data: { count: String(more) } },
    more === 1 ? ctx.t("board.audience.more_one") : ctx.t("board.audience.more", { count: more }));
}

/**
 * Once laid out: the last rows the guesses' panel has no room for (long last guesses take more
 * lines) are left out and counted in the line under the table, the best watcher's row first
 * to stay. True if it left any out.
 */
export function fitGuesses(root, ctx) {
  let trimmed = false;
  for (const guesses of root.querySelectorAll("[data-testid=guesses]")) {
    const rows = [...guesses.querySelectorAll("tbody tr")];
    // The panel is the children's offset parent (it is positioned): design pixels.
    const inside = () => guesses.clientHeight - parseFloat(getComputedStyle(guesses).paddingBottom);
    const spills = () => {
      const last = guesses.lastElementChild;
      return last.offsetTop + last.offsetHeight > inside() + 1;
    };
    while (rows.length > 1 && spills()) {
      rows.pop().remove();
      trimmed = true;
      const old = guesses.querySelector("[data-testid=audience-more]");
      const more = (old ? Number(old.dataset.count) : 0) + 1;
      const line = moreLine(ctx, more);
      if (old) old.replaceWith(line);
      else guesses.append(line);
    }
  }
  return trimmed;
}

/** Whom the audience named at the end, most named first, one per line; past TALLY_SHOWN lines,
 * how many more. */
function lastGuesses(ctx, tally) {
  const shown = tally.slice(0, TALLY_SHOWN);
  const rest = tally.length - shown.length;
  return h("section", { class: "last-guesses", testid: "audience-tally" },
    h("h2", { class: "label" }, ctx.t("board.audience.tally_title")),
    h("ul", {}, shown.map(([seat, count]) => h("li", { testid: `tally-${seat}` },
      badge(ctx, Number(seat), { tag: false }), h("span", { class: "count" }, `(${count})`)))),
    rest > 0 ? h("p", { class: "info fit", testid: "tally-more" },
      ctx.t("board.audience.tally_more", { count: rest })) : null);
}

/**
 * One round's guess: the suspects' seat shapes, the wrong ones faded (their names for screen
 * readers), and a tick when it was the truth exactly; the last guess is written out in names.
 * No "1/2" (QA: the score is the overlap with the truth, shared seats over all seats named by
 * either, so four rounds of "1/2" gave 33 %, not 50 %, and the sums did not add up).
 */
function guessCell(ctx, seats, truth, cls = "") {
  if (seats === null || seats === undefined || (!seats.length && cls === "round")) {
    return h("td", { class: `guess none ${cls}`.trim() }, "—");
  }
  const right = seats.filter((seat) => truth.has(seat)).length;
  const exact = right === truth.size && seats.length === truth.size;
  const names = seats.length ? namesOf(ctx, seats) : ctx.t("tv.nobody");
  const content = cls === "final"
    ? (seats.length
      ? h("ul", { class: "final-names" }, seats.map((seat) => h("li", {}, badge(ctx, seat, { tag: false }))))
      : h("span", { class: "fit" }, names))
    : [h("span", { class: "shapes", "aria-hidden": "true" }, seats.map((seat) => h("span", {
      class: truth.has(seat) ? "hit" : "miss",
    }, seatShape(ctx, seat)))),
      exact ? h("span", { class: "right" }, check()) : null,
      h("span", { class: "visually-hidden" }, names)];
  return h("td", {
    class: `guess${exact ? " exact" : ""} ${cls}${cls === "final" ? " two-line-names whole-words" : ""}`.trim(),
    data: { right: String(right) },
  }, content);
}
