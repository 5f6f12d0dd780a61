/**
 * "Did you mean …" for a name that is not one of the game's: the closest names by edit distance (a typo, a
 * missing letter, oak_plank for oak_planks), so a person or an agent can fix the request in one step.
 */

/** Optimal string alignment distance, stopped early past `limit` (names are short; the lists are thousands). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length];
}

/** Up to `max` names close to `word`: within a third of its length in edits, closest first, then by name. */
export function closest(word: string, names: readonly string[], max = 3): string[] {
  const w = word.toLowerCase().replace(/^minecraft:/, "");
  const limit = Math.max(1, Math.floor(w.length / 3));
  return names
    .map((n) => ({ n, d: distance(w, n, limit) }))
    .filter((x) => x.d <= limit)
    .sort((x, y) => x.d - y.d || (x.n < y.n ? -1 : 1))
    .slice(0, max)
    .map((x) => x.n);
}

/** "; did you mean 'oak_planks'?" (or "" when nothing is close), to end an invalid_request message. */
export function didYouMean(word: string, names: readonly string[]): string {
  const near = closest(word, names);
  return near.length ? `; did you mean ${near.map((n) => `'${n}'`).join(" or ")}?` : "";
}

/**
 * Names with a word (between `_`, `.` or `/`) close to `word`: "hurtt" finds entity.player.hurt and every other
 * *.hurt. For searches that match no name as written; closest whole names first.
 */
export function nearWords(word: string, names: readonly string[], max = 20): string[] {
  const w = word.toLowerCase();
  const limit = Math.max(1, Math.floor(w.length / 3));
  const whole = closest(w, names, max);
  const byWord = names.filter(
    (n) => !whole.includes(n) && n.split(/[._/]/).some((part) => distance(w, part, limit) <= limit),
  );
  return [...whole, ...byWord].slice(0, max);
}
