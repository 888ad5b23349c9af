// What every scene of the board page shares: players' names with their seat's colour and shape,
// the away / bot tags, the "who has acted" checklist, and text that shrinks to fit its box.
// Everything is drawn from the public message only.

import { h } from "../dom.js";

const SVG = "http://www.w3.org/2000/svg";

// The TV's seat colours (Okabe-Ito, extended to ten) and shapes: colour is never the only clue.
const SEAT_COLOURS = [
  "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2",
  "#d55e00", "#cc79a7", "#ebebeb", "#966e3c", "#9696ff",
];
const SEAT_SHAPES = [
  "circle", "square", "triangle", "diamond", "star",
  "hexagon", "plus", "pentagon", "triangle_down", "ring",
];

function polygon(count, radius, turn = -90, inner = null) {
  const points = [];
  const steps = inner === null ? count : count * 2;
  for (let i = 0; i < steps; i += 1) {
    const r = inner !== null && i % 2 === 1 ? inner : radius;
    const angle = ((turn + (360 / steps) * i) * Math.PI) / 180;
    points.push(`${(50 + r * Math.cos(angle)).toFixed(1)},${(50 + r * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

const SHAPE_DRAWERS = {
  circle: ["circle", { cx: 50, cy: 50, r: 42 }],
  square: ["rect", { x: 12, y: 12, width: 76, height: 76, rx: 8 }],
  triangle: ["polygon", { points: polygon(3, 46, -90) }],
  diamond: ["polygon", { points: polygon(4, 46, -90) }],
  star: ["polygon", { points: polygon(5, 48, -90, 22) }],
  hexagon: ["polygon", { points: polygon(6, 45, 0) }],
  plus: ["polygon", { points: "36,8 64,8 64,36 92,36 92,64 64,64 64,92 36,92 36,64 8,64 8,36 36,36" }],
  pentagon: ["polygon", { points: polygon(5, 46, -90) }],
  triangle_down: ["polygon", { points: polygon(3, 46, 90) }],
  ring: ["circle", { cx: 50, cy: 50, r: 34, fill: "none", "stroke-width": 14 }],
};

/**
 * The player's own shape in its own colour (decorative: the name always goes with it): its look,
 * which it keeps all evening while seat numbers close up around it (host/seats.py).
 */
export function seatShape(ctx, seat) {
  const entry = seatEntry(ctx, seat);
  const look = entry && Number.isInteger(entry.look) ? entry.look : seat;
  return shapeSvg(SEAT_SHAPES[look % SEAT_SHAPES.length], SEAT_COLOURS[look % SEAT_COLOURS.length]);
}

/** One of the shapes above (circle, square, triangle, star...) as a small SVG. */
export function shapeSvg(shape, colour, cls = "shape") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  const [tag, attrs] = SHAPE_DRAWERS[shape];
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries({ fill: colour, stroke: colour, ...attrs })) {
    node.setAttribute(name, String(value));
  }
  svg.appendChild(node);
  return svg;
}

export function seatEntry(ctx, seat) {
  return (ctx.room.seats || []).find((entry) => entry.seat === seat) || null;
}

/**
 * A catalog sentence in two around one of its facts, `[before, after]`, so that the fact can be
 * drawn apart (larger, or made smaller to fit) wherever the language puts it.
 */
export function around(t, key, fact, facts = {}) {
  const mark = "\u0000"; // in no sentence of a catalog
  const [before, after = ""] = t(key, { ...facts, [fact]: mark }).split(mark);
  return [before, after];
}

export function nameOf(ctx, seat) {
  if (seat === null || seat === undefined) return ctx.t("tv.nobody");
  const entry = seatEntry(ctx, seat);
  return entry ? entry.name : ctx.t("tv.seat", { number: seat + 1 });
}

export const namesOf = (ctx, seats) => (seats || []).map((seat) => nameOf(ctx, seat)).join(", ");

/**
 * Why a seat's player is not the one acting, in one word beside the name (never colour alone):
 * "bot" for a bot the leader added, "bot playing" while a bot stands in, "away" while the phone
 * is gone; null for a player at the table.
 */
export function seatStatus(ctx, seat) {
  const entry = seatEntry(ctx, seat);
  if (!entry) return null;
  if (entry.bot_seat) return "robot";
  if (entry.removed || entry.away || (entry.bot && !entry.connected)) return "bot";
  if (!entry.connected) return "away";
  return null;
}

const STATUS_KEYS = { robot: "board.seat.robot", bot: "tv.seat.bot", away: "tv.seat.away" };

/** The status word alone ("away", "bot playing"), or "" for a player at the table. */
export function statusWord(ctx, seat) {
  const status = seatStatus(ctx, seat);
  return status ? ctx.t(STATUS_KEYS[status]) : "";
}

export function statusTag(ctx, seat) {
  const status = seatStatus(ctx, seat);
  if (!status) return null;
  return h("span", { class: `tag ${status}`, testid: `tag-${seat}`, data: { status } },
    ctx.t(STATUS_KEYS[status]));
}

/** A player's name with the seat's shape, and its away / bot tag unless `tag` is false. */
export function badge(ctx, seat, { tag = true, cls = "", testid = null } = {}) {
  return h("span", { class: `badge ${cls}`.trim(), testid, data: { seat: String(seat) } },
    seatShape(ctx, seat),
    h("span", { class: "name fit" }, nameOf(ctx, seat)),
    tag ? statusTag(ctx, seat) : null);
}

/**
 * A tick in a filled ring once done, three dots before: the same mark for every kind of action.
 * Not an empty ring before: a player's look can be a ring ("○ ○ Pixel", QA). A narrow list
 * leaves out the away / bot tags (`tags` false): the line along the bottom names them.
 */
export function checklist(ctx, seats, done, label, cls = "", tags = false) {
  return h("ul", { class: `checklist ${cls}`.trim(), testid: `${label}-list` },
    seats.map((seat) => {
      const finished = done.has(seat);
      return h("li", {
        class: finished ? "done" : "waiting", testid: `${label}-${seat}`,
        data: { done: finished ? "yes" : "no" },
      },
      h("span", { class: "mark", "aria-hidden": "true" }, finished ? tickSvg() : dotsSvg()),
      badge(ctx, seat, { tag: tags }),
      h("span", { class: "visually-hidden" }, finished ? ctx.t("board.done") : ctx.t("board.not_yet")));
    }));
}

/** The tick inside a done ring, drawn rather than a letter: a font's "✓" is a hairline, taller
 * than its line, and under the sofa's smallest size once small enough to sit in the ring. */
function tickSvg() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", "tick");
  const line = document.createElementNS(SVG, "polyline");
  const attrs = { points: "20,54 42,74 80,30", fill: "none", stroke: "currentColor",
    "stroke-width": 16, "stroke-linecap": "round", "stroke-linejoin": "round" };
  for (const [name, value] of Object.entries(attrs)) line.setAttribute(name, String(value));
  svg.appendChild(line);
  return svg;
}

/** Three dots: not acted yet (no look is three dots). */
function dotsSvg() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", "dots");
  for (const cx of [19, 50, 81]) {
    const dot = document.createElementNS(SVG, "circle");
    for (const [name, value] of Object.entries({ cx, cy: 50, r: 10, fill: "currentColor" })) {
      dot.setAttribute(name, String(value));
    }
    svg.appendChild(dot);
  }
  return svg;
}

/** The Boss's crown (decorative: its word goes with it, or the legend names it). No player's
 * look is a crown: a star beside names read as a player's own star (QA). */
export function crown(cls = "crown") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  const node = document.createElementNS(SVG, "polygon");
  node.setAttribute("points", "8,80 8,28 30,52 50,16 70,52 92,28 92,80");
  node.setAttribute("fill", "currentColor");
  svg.appendChild(node);
  return svg;
}

/** The Boss's tag: the crown and the word, as on the TV's votes. */
export function bossTag(ctx) {
  return h("span", { class: "boss-tag", testid: "boss-tag" }, crown(), ctx.t("tv.board.boss"));
}

export function check(cls = "") {
  return h("span", { class: `glyph yes ${cls}`.trim(), "aria-hidden": "true" }, "✓");
}

export function cross(cls = "") {
  return h("span", { class: `glyph no ${cls}`.trim(), "aria-hidden": "true" }, "✗");
}

/** Under the result: how the next game comes, by the leader's phone or (a demo) by itself. */
export function nextGameLine(ctx) {
  return h("p", { class: "rematch fit", testid: "rematch", data: { demo: String(Boolean(ctx.room.demo)) } },
    ctx.t(ctx.room.demo ? "tv.end.demo_again" : "tv.end.rematch"));
}

export function panel(cls, testid, ...children) {
  return h("section", { class: `panel ${cls}`.trim(), testid }, ...children);
}

// Text shrinks to this share of its size to fit, never under the sofa's smallest readable size
// (design pixels; the TV's rule too) unless it was set smaller. A player's name may shrink
// further, to NAME_SMALLEST: it has to be read whole, and it is a few letters read on their own.
const SMALLEST = 0.6;
const READABLE = 24;
const NAME_SMALLEST = 18;

/**
 * Shrink every `.fit` element under `root` until its text fits its box (one line: its width;
 * wrapped: its height), down to SMALLEST of its size. Long names and long translations keep
 * their place instead of spilling over the next panel. Each name keeps the largest size that
 * fits it: "Ana" stays large beside a sixteen-letter name in the same list (QA: set at the
 * long name's size, every short name of the list looked shrunken from the sofa). A name still
 * too wide takes two lines where its box has room for them (inside `.two-line-names`), else
 * shrinks on to NAME_SMALLEST; only past that it loses letters from its middle ("Wwwww…wwwww",
 * whole for screen readers).
 * Other text marked `.may-wrap` takes two lines once one is not enough even at its smallest.
 */
export function fitText(root) {
  for (const node of root.querySelectorAll(".fit")) {
    node.style.fontSize = "";
    if (node.classList.contains("name")) fitName(node);
    else fitLine(node);
    // Still too wide at its smallest: it ends in an ellipsis (board.css) rather than in half a
    // letter. Only then: a line over by a fraction of a pixel would lose its last letters.
    node.classList.toggle("too-long", overflows(node));
  }
}

function fitLine(node) {
  node.classList.remove("two-lines");
  const tooLong = shrink(node, (base) => Math.max(base * SMALLEST, Math.min(base, READABLE)));
  if (tooLong && node.classList.contains("may-wrap")) {
    // Too wide even at the smallest size: two lines (a line of names would lose its last).
    node.classList.add("two-lines");
    node.style.fontSize = "";
    shrink(node, (base) => Math.max(base * SMALLEST, Math.min(base, READABLE)));
  }
}

function fitName(node) {
  node.classList.remove("two-lines", "anywhere");
  if (node.dataset.full !== undefined) node.textContent = node.dataset.full;
  if (node.dataset.whole !== undefined) node.textContent = node.dataset.whole;
  delete node.dataset.whole;
  if (!shrink(node, (base) => Math.max(base * SMALLEST, Math.min(base, READABLE)))) return;
  const oneLine = node.style.fontSize;
  if (node.closest(".two-line-names")) {
    // Two lines broken between words, from the name's own size; then, for one long word,
    // broken anywhere, from the size one line reached.
    node.classList.add("two-lines");
    node.style.fontSize = "";
    if (!shrink(node, (base) => Math.min(base, NAME_SMALLEST))) return;
    // Where the layout gives every word its room at NAME_SMALLEST (the audience's last guess,
    // audience.js), a word is never broken ("WWWWWWWW / WWWWWWWW" read as two names, QA).
    if (node.closest(".whole-words")) {
      node.classList.remove("two-lines");
      node.style.fontSize = oneLine;
      if (shrink(node, (base) => Math.min(base, NAME_SMALLEST))) shortenInTheMiddle(node);
      return;
    }
    // One word wider than the column: broken where the line ends, with a hyphen there (soft
    // hyphens, board.css), so "WWWWWWWWW- / WWWWWWW" reads as one name, not as two (QA).
    const whole = node.textContent;
    node.dataset.whole = whole;
    node.setAttribute("aria-label", whole);
    node.textContent = whole.split(/(\s+)/).map((part) => Array.from(part).join("\u00ad")).join("");
    node.classList.add("anywhere");
    node.style.fontSize = oneLine;
    if (!shrink(node, (base) => Math.min(base, NAME_SMALLEST))) return;
    node.textContent = whole;
    delete node.dataset.whole;
    node.classList.remove("two-lines", "anywhere");
    node.style.fontSize = oneLine;
  }
  if (shrink(node, (base) => Math.min(base, NAME_SMALLEST))) shortenInTheMiddle(node);
}

/**
 * How much wider than its room a name's widest word is at the smallest size a name takes, in
 * design pixels (0 or less: every word fits whole); the room is the width of `box`'s content
 * less what stands before the name in it (a seat's shape).
 */
export function widestWordOver(node, box) {
  const style = getComputedStyle(node);
  const probe = document.createElement("span");
  probe.style.cssText = `position: absolute; visibility: hidden; white-space: nowrap;
    font: ${style.fontStyle} ${style.fontWeight} ${NAME_SMALLEST}px ${style.fontFamily};`;
  box.append(probe);
  const widest = Math.max(0, ...(node.dataset.full ?? node.textContent).split(/\s+/).map((word) => {
    probe.textContent = word;
    return probe.offsetWidth;
  }));
  probe.remove();
  const boxStyle = getComputedStyle(box);
  const scale = box.getBoundingClientRect().width / (box.offsetWidth || 1) || 1;
  const before = (node.getBoundingClientRect().left - box.getBoundingClientRect().left) / scale
    - parseFloat(boxStyle.paddingLeft);
  const room = box.clientWidth - parseFloat(boxStyle.paddingLeft)
    - parseFloat(boxStyle.paddingRight) - before;
  return widest - room;
}

/** Shrink `node`'s text from its own size down to floor(size) until it fits; true if it still
 * does not. */
function shrink(node, floorOf) {
  const base = parseFloat(getComputedStyle(node).fontSize);
  const floor = floorOf(base);
  let size = parseFloat(node.style.fontSize) || base;
  while (size > floor && overflows(node)) {
    size = Math.max(floor, size - Math.max(1, base * 0.04));
    node.style.fontSize = `${size}px`;
  }
  return overflows(node);
}

function shortenInTheMiddle(node) {
  const full = node.textContent;
  const letters = Array.from(full);
  node.dataset.full = full;
  node.setAttribute("aria-label", full);
  for (let keep = letters.length - 1; keep > 2 && overflows(node); keep -= 1) {
    const head = Math.ceil(keep / 2);
    node.textContent = `${letters.slice(0, head).join("")}…${letters.slice(letters.length - (keep - head)).join("")}`;
  }
}

export function overflows(node) {
  return node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1;
}
