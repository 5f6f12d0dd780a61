/**
 * Where a caller's spec meets the prompt: the spec's fields win over what the prompt reads, and a painter that
 * reads words is given the spec's words in place of the prompt's words of the same class.
 */
import type { ArtSpec, Interpretation } from "./spec.ts";
import { STRUCTURE_WORDS } from "../art/vocabulary.ts";
import { tokens } from "./tokens.ts";
import { isColour, isMaterial } from "./word-class.ts";

/** The caller's spec wins where it speaks; parts merge by part name (the spec's first). */
export function withSpec(read: Interpretation, spec: ArtSpec): Interpretation {
  const out: Interpretation = { ...read };
  for (const key of ["subject", "material", "colours", "patterns", "effects", "wear", "tone"] as const)
    if (spec[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = spec[key];
  if (spec.details) out.details = spec.details;
  if (spec.parts) {
    const named = new Set(spec.parts.map((p) => p.part));
    out.parts = [...spec.parts, ...read.parts.filter((p) => !named.has(p.part))];
  }
  if (spec.subject !== undefined) delete out.fallback;
  return out;
}

/**
 * The words a painter reads for a prompt with a spec: the spec's words first, and the prompt's own words of
 * each class the spec names (its materials when the spec gives a material, its colours, its structures)
 * taken out, so the spec wins even where a painter prefers one class to another ("gold" over "stone").
 */
export function promptWithSpec(prompt: string, spec: ArtSpec | undefined): string {
  if (!spec) return prompt;
  const words = [
    spec.tone,
    spec.material,
    ...(spec.colours ?? []),
    ...(spec.patterns ?? []),
    ...(spec.wear ?? []),
    ...(spec.effects ?? []),
    spec.subject,
  ].filter((w): w is string => !!w);
  if (!words.length) return prompt;
  const overridden = (word: string) =>
    (spec.material !== undefined && isMaterial(word)) ||
    (spec.colours !== undefined && isColour(word)) ||
    (spec.patterns !== undefined && word in STRUCTURE_WORDS);
  const rest = tokens(prompt)
    .filter((t) => !overridden(t.word))
    .map((t) => t.raw);
  return [...words.map((w) => w.replace(/_/g, " ")), ...rest].join(" ");
}
