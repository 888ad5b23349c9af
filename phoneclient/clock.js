// The turn clock on the phones that must act. The host sends the seconds left when it sent the
// frame; the page counts down from the moment it arrived (ctx.receivedAt, noted by app.js: this
// module is fetched once a game runs, after the frame that started it). It is one clock for
// everyone who must act (clock.seats is public), so showing it tells nobody anything about a role.

import { h } from "./dom.js";

let base = null; // {left, at}: seconds left when the last frame arrived, and when (ms)
let ticker = null;

function secondsLeft(clock) {
  if (!base) return Number(clock.left) || 0;
  if (!clock.running) return Math.max(0, Math.ceil(base.left));
  const gone = (performance.now() - base.at) / 1000;
  return Math.max(0, Math.ceil(base.left - gone));
}

const asMinutes = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

function tick() {
  for (const node of document.querySelectorAll("[data-clock-left]")) {
    const left = secondsLeft(JSON.parse(node.dataset.clock));
    if (String(left) !== node.dataset.clockLeft) {
      node.dataset.clockLeft = String(left);
      node.querySelector(".clock-time").textContent = asMinutes(left);
      node.dataset.low = String(left <= 10);
    }
  }
}

/** "Your time: 0:42" on a phone whose seat the clock runs for; nothing on the others. */
export function clockLine(ctx) {
  const { room, you, t } = ctx;
  const clock = room && room.clock;
  if (!clock || !you || you.seat === null || you.seat === undefined) return null;
  if (!(clock.seats || []).includes(you.seat)) return null;
  base = { left: Number(clock.left) || 0, at: ctx.receivedAt };
  if (ticker === null) ticker = setInterval(tick, 250);
  const left = secondsLeft(clock);
  return h("p", {
    class: "turn-clock", testid: "turn-clock", role: "timer",
    data: {
      clock: JSON.stringify({ running: clock.running, left: clock.left }),
      clockLeft: String(left), low: String(left <= 10), running: String(Boolean(clock.running)),
    },
  }, h("span", { class: "clock-label" }, t(clock.running ? "phone.clock.yours" : "phone.clock.stopped")),
  " ", h("span", { class: "clock-time" }, asMinutes(left)));
}
