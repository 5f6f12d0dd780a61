/**
 * Materials for the lexicon (scripts/lexicon/build.ts): the WordNet classes of stuff whose members are drawn
 * as one material family (art/material-families.ts), and the adjectives made from material nouns.
 *
 * - Classes: WordNet files kinds of stuff under a class word that is not itself a painter's material (hide and
 *   suede under animal_skin, denim and felt under fabric, earthenware under ceramic_ware); each class word is a
 *   material target, so everything below it reaches the family within the usual few steps.
 * - Adjectives: WordNet links few "made of" adjectives to their noun (papery, rubbery, woolly, muddy have no
 *   pointer). An adjective whose stem, by the regular English suffixes (-y with a doubled or dropped letter, -ey,
 *   -en, -ed, -like), is a noun that reaches a material is that material: the material reading owns the word,
 *   before a colour or a flavour of the same word ("sandy" is sand, "muddy" mud, not "wet").
 */
import type { WordNet } from "./wordnet.ts";
import { adjectiveStems } from "../../src/gen/interpret/material-adjectives.ts";

/** WordNet class word → the material its members are drawn as. */
export const MATERIAL_CLASSES: Record<string, string> = {
  animal_skin: "leather",
  fabric: "cloth",
  man_made_fiber: "cloth",
  ceramic: "ceramic",
  ceramic_ware: "ceramic",
  earthenware: "terracotta",
  fungus: "mushroom",
  // What a living thing is covered in: a skin is drawn as leather, a carapace as shell.
  skin: "leather",
  seashell: "shell",
  sheet_metal: "iron",
  wallboard: "plaster",
};

/** The stem noun of an adjective that WordNet knows as a noun (first found), or null. */
export function materialStem(wn: WordNet, word: string): string | null {
  if (!wn.senses.adj.has(word)) return null;
  return adjectiveStems(word).find((s) => wn.senses.noun.has(s)) ?? null;
}

/**
 * Whether an adjective is made from its stem noun as a material: its definition names the stem ("covered with
 * mud", "like a sponge"), or, for the plain -y, -en and -like forms, the stem is a painter's own material
 * (`own`: woolly is wool though WordNet defines it as "fluffy"). An -ed form ("jaded", "stoned") must be
 * defined by its stem, since most -ed words are verbs' participles.
 */
export function madeOf(wn: WordNet, word: string, stem: string, own: boolean): boolean {
  const said = new RegExp(`\\b${stem.replace(/_/g, " ")}(s|es)?\\b`);
  const glosses = (wn.senses.adj.get(word) ?? []).slice(0, 3).map((id) => wn.synsets.get(id)!.gloss);
  if (glosses.some((g) => said.test(g))) return true;
  return own && !word.endsWith("ed");
}
