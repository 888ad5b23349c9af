// Who won Inside Job, as one sentence: "The Agents win!", "The Insider and the Decoy win!". The
// phone and the board page say it alike (the TV's is host/tv/insidejob/reveal.py, winners_line).

// Sides before the roles that win alone (the result keeps its labels sorted by name).
const ORDER = ["agents", "insider", "professional", "sleeping", "decoy", "accomplice", "tim_shady"];

const rank = (label) => (ORDER.includes(label) ? ORDER.indexOf(label) : ORDER.length);

/** `separator`: between the names before the last, in the surface's own catalog. */
export function winnersLine(t, winners, separator) {
  const labels = [...winners].sort((a, b) => rank(a) - rank(b));
  if (labels.length < 2) return labels.length ? t(`insidejob.won.${labels[0]}`) : "";
  const names = labels.map((label) => t(`insidejob.winner.${label}`));
  const line = t("insidejob.winners",
    { names: names.slice(0, -1).join(separator), last: names[names.length - 1] });
  // The names come first in some languages, and are written for the middle of a sentence.
  return line.charAt(0).toUpperCase() + line.slice(1);
}
