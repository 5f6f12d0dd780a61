/**
 * Words that name a font icon's glyph as a symbol rather than a thing: "a warning sign", "a check mark", "a
 * shield emblem", "a plus symbol"; and for an arrow, the words that say which way it points ("an arrow pointing
 * up": the direction word chose the glyph). They are the subject's words: the glyph drawn is the symbol they name.
 * A thing drawn as an item (a sword icon) is no symbol: there they stay unmatched.
 */
const SYMBOL_WORDS = new Set([
  "sign",
  "symbol",
  "mark",
  "emblem",
  "icon",
  "badge",
  "logo",
  "glyph",
  "insignia",
  "pictogram",
]);
const POINTING = new Set(["pointing", "pointed", "facing", "points"]);

/** Whether `word` names glyph `glyph` as a symbol (see the header). */
export function symbolWord(word: string, glyph: string): boolean {
  return SYMBOL_WORDS.has(word) || (glyph.startsWith("arrow_") && POINTING.has(word));
}
