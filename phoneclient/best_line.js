// Who read the table best, as the audience's result says it on a phone and on the board page
// (each in its own catalog's words; the TV's is host/tv/audience_screen.py, best_line).

/**
 * One name, or every one who scored as well (a tie). `keys`: the surface's catalog keys for one
 * best (`one`: {name}), a tie (`tied`: {names} and {last}) and a larger tie (`more`: {names} and
 * {count} more); `separator`: between names in a list.
 */
export function bestLine(t, result, keys, separator) {
  const tied = result.tied_with || [];
  if (result.tied_more) {
    return t(keys.more, { names: [result.best, ...tied].join(separator), count: result.tied_more });
  }
  if (tied.length) {
    return t(keys.tied,
      { names: [result.best, ...tied.slice(0, -1)].join(separator), last: tied[tied.length - 1] });
  }
  return t(keys.one, { name: result.best });
}
