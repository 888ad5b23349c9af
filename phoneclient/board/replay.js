// The grand reveal on the board page: the finished game told again one step at a time, as the TV
// tells it (host/tv/replay.py). The leader's phone moves the step (the room's `replay_step`: null
// for the result, else 0..N-1); each game's module says how many steps its final public view
// tells and draws one (replaySteps, replayStep); when the audience marked suspects, one step more
// shows what they suspected beside the truth.

import { h } from "../dom.js";
import { renderAudience } from "./audience.js";

const hasAudienceResult = (room) => Boolean(((room.audience_result || {}).members || []).length);

/** How many steps the reveal of this finished game has (0: the game module has none). */
export function replayCount(ctx, game) {
  if (!game || !game.replaySteps || !ctx.view) return 0;
  return game.replaySteps(ctx.view) + (hasAudienceResult(ctx.room) ? 1 : 0);
}

/** The step on screen, clamped to the game's steps, or null for the result. */
export function replayStepOf(ctx, game) {
  const step = ctx.room.replay_step;
  const count = replayCount(ctx, game);
  if (ctx.room.phase !== "over" || step === null || step === undefined || !count) return null;
  return Math.min(Math.max(0, Number(step) || 0), count - 1);
}

export function renderReplay(ctx, game, step) {
  const { t } = ctx;
  const count = replayCount(ctx, game);
  const place = t("tv.replay.step", { number: step + 1, count });
  const footer = h("p", { class: "replay-keys fit" }, t("board.replay.keys"));
  if (step >= game.replaySteps(ctx.view)) {
    const node = renderAudience(ctx, game);
    node.dataset.step = String(step);
    node.append(h("p", { class: "replay-place fit", testid: "replay-place" }, place), footer);
    return h("div", { class: "replay", testid: "replay", data: { step: String(step), count: String(count) } }, node);
  }
  return h("div", { class: "replay", testid: "replay", data: { step: String(step), count: String(count) } },
    h("header", { class: "title-row" },
      h("h1", { class: "title fit" }, t(`${ctx.view.game}.name`)),
      h("p", { class: "goal fit", testid: "replay-place" }, `${t("tv.replay.title")} · ${place}`)),
    game.replayStep(ctx, step),
    footer);
}
