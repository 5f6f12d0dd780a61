/**
 * `\b(a|b|c)\b` → ["a", "b", "c"]: the words of a word-list pattern (the item families', the glyphs'), for the
 * vocabulary listing and the lexicon. A leaf module: the glyph and family tables import the lexicon.
 */
export const alternatives = (re: RegExp): string[] =>
  re.source
    .replace(/\\b|[()]/g, "")
    .split("|")
    .filter((w) => /^[a-z_ ]+$/.test(w));
