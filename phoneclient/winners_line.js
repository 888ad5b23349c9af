// Who won a game where several may, as one sentence: "The Agents win!", "The Insider and the
// Decoy win!". The phone and the board page say it alike (the TV's is winners_line in
// host/tv/insidejob/reveal.py).

/**
 * `labels`: the result's winners, in its order (the sides first). `area`: the game's catalog
 * area, whose `<area>.won.<label>` says one alone wins, `<area>.winner.<label>` names one in the
 * middle of a sentence and `<area>.winners` ({names} and {last}) says several do. `separator`:
 * between the names before the last, in the surface's own catalog.
 */
export function winnersLine(t, labels, area, separator) {
  if (labels.length < 2) return labels.length ? t(`${area}.won.${labels[0]}`) : "";
  const names = labels.map((label) => t(`${area}.winner.${label}`));
  const line = t(`${area}.winners`,
    { names: names.slice(0, -1).join(separator), last: names[names.length - 1] });
  // The names come first in some languages, and are written for the middle of a sentence.
  return line.charAt(0).toUpperCase() + line.slice(1);
}
