/**
 * An item named in two or three colours ("black, red and gold banner", "blue and white vase", "red and white
 * striped candy"): the first colour (with its material) is the body's, each later one is painted on a part
 * of its own, so every colour named shows. A colour beside a material is that material's colour ("black
 * leather boots" is one colour); two colours side by side are two ("black red"), unless the first only shades
 * the second ("blood red", "sky blue": joined before this reads them, art/colour-names.ts).
 */
import { tokens } from "../interpret/tokens.ts";
import { isColourToken } from "./colour-names.ts";
import { MINERALS, SUBSTANCES, WOODS } from "./vocabulary.ts";
import type { Regions } from "./sprite.ts";
import type { Rgb } from "./colour.ts";

/** At most this many colours beyond the first are painted (the spec honours three in all). */
const MAX_EXTRAS = 2;

/** Words that do not end a colour group ("a red and a gold…"); any other word does ("and", a noun). */
const ARTICLES = new Set(["a", "an", "the", "some"]);

const describes = (w: string) => isColourToken(w) || w in SUBSTANCES || w in MINERALS || (w in WOODS && w !== "wood");

/**
 * The prompt's words for the body (the first colour group and everything that is not a colour group) and the
 * later groups' colour (or material) words, in prompt order.
 */
export function splitColours(prompt: string): { main: string; extras: string[] } {
  const toks = tokens(prompt);
  const groups: number[][] = [];
  let current: number[] | null = null;
  let afterColour = false;
  toks.forEach((t, i) => {
    if (describes(t.word)) {
      const colour = isColourToken(t.word);
      if (current && !(colour && afterColour)) current.push(i);
      else groups.push((current = [i]));
      afterColour = colour;
    } else if (!ARTICLES.has(t.raw)) current = null;
  });
  if (groups.length < 2) return { main: prompt, extras: [] };
  const later = groups.slice(1, 1 + MAX_EXTRAS);
  const extras = later.map(
    (g) => toks[[...g].reverse().find((i) => isColourToken(toks[i].word)) ?? g[g.length - 1]].word,
  );
  const dropped = new Set(later.flat());
  return {
    main: toks
      .filter((_, i) => !dropped.has(i))
      .map((t) => t.raw)
      .join(" "),
    extras,
  };
}

/** Where the k-th extra colour goes: a letter of the mask no named part took, else a band, then a trim. */
export function extraPlace(
  mask: string[],
  regions: Regions,
  main: Rgb[],
  taken: Set<string>,
  derivedTaken: Set<string>,
): { letters: string } | { derived: "band" | "trim" | "stars" } | null {
  const has = (l: string) => mask.some((row) => row.includes(l));
  // The main colour must still show: a letter that is the only place of the main ramp (a potion's liquid) is kept.
  const mainShowsElsewhere = has("M") || has("T") || has("D");
  for (const l of ["A", "S", "P"]) {
    if (!has(l) || taken.has(l)) continue;
    if (regions[l]?.ramp === main && !mainShowsElsewhere) continue;
    return { letters: l };
  }
  for (const d of ["band", "trim", "stars"] as const) if (!derivedTaken.has(d)) return { derived: d };
  return null;
}
