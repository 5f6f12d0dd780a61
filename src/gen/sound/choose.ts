/**
 * Picks the sound family and surface material from the request's words. The prompt decides; the
 * game event (`block.stone.break`, `entity.zombie.ambient`) breaks ties and fills in when the prompt
 * names nothing we know. Pure word matching: no model, same words, same choice.
 */
import type { SoundFamily } from "./family.ts";
import { breaking, door, explosion, hit, step, whoosh } from "./impact.ts";
import { DEFAULT_MATERIAL, MATERIALS, type Material } from "./material.ts";
import { growl, hiss, lava, squeak, water } from "./nature.ts";
import { click, coin, generic, jump, laser, magic, pickup, powerup } from "./tonal.ts";

/** Every family, most specific first: the last tie-break after score and first mention in the prompt. */
export const SOUND_FAMILIES: SoundFamily[] = [
  explosion,
  coin,
  powerup,
  laser,
  magic,
  door,
  breaking,
  step,
  water,
  lava,
  growl,
  hiss,
  squeak,
  whoosh,
  hit,
  jump,
  pickup,
  click,
];
export const FALLBACK_FAMILY = generic;

/**
 * Block events name their action last (`block.<name>.<action>`); these actions are all contacts with
 * the block's surface. `hit` there is the mining tick, a small contact, not a punch.
 */
const BLOCK_ACTIONS: Record<string, SoundFamily> = { break: breaking, step, place: step, hit: step, fall: step };

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** True when `token` is `word` or a plain inflection of it (coins, breaking, dripping, exploded). */
export function matchesWord(token: string, word: string): boolean {
  if (token === word) return true;
  if (!token.startsWith(word.endsWith("e") ? word.slice(0, -1) : word)) return false;
  const rest = token.slice(word.length);
  if (/^(s|es|ed|d|ing|er|ers|y|ies)$/.test(rest)) return true;
  if (word.endsWith("e") && /^(ing|ed|er|y)$/.test(token.slice(word.length - 1))) return true;
  // Doubled final consonant: drip -> dripping, hit -> hitting.
  return rest.length > 1 && rest[0] === word[word.length - 1] && /^(ing|ed|er|y)$/.test(rest.slice(1));
}

const score = (tokens: string[], family: SoundFamily) =>
  tokens.reduce((s, t) => s + (family.words.some((w) => matchesWord(t, w)) ? 1 : 0), 0);

const firstMention = (tokens: string[], family: SoundFamily) => {
  const i = tokens.findIndex((t) => family.words.some((w) => matchesWord(t, w)));
  return i < 0 ? Infinity : i;
};

export interface SoundChoice {
  family: SoundFamily;
  material: Material;
  /** False when no surface was named and the family got the default (stone). */
  materialNamed: boolean;
}

export function chooseSound(prompt: string, event = ""): SoundChoice {
  const promptTokens = words(prompt);
  const eventTokens = words(event);
  let best: SoundFamily | null = null;
  let bestScore = 0;
  let bestFirst = Infinity;
  for (const family of SOUND_FAMILIES) {
    // Event words count for half, so they only decide between families the prompt scores equally.
    const s = score(promptTokens, family) + 0.5 * score(eventTokens, family);
    // On equal scores the family named first in the prompt wins ("laser blast" is a laser).
    const first = firstMention(promptTokens, family);
    if (s > bestScore || (s === bestScore && s > 0 && first < bestFirst)) {
      best = family;
      bestScore = s;
      bestFirst = first;
    }
  }
  const blockAction = eventTokens[0] === "block" ? BLOCK_ACTIONS[eventTokens[eventTokens.length - 1]] : undefined;
  if (blockAction && (!best || score(promptTokens, best) === 0)) best = blockAction;

  const material = findMaterial(promptTokens) ?? findMaterial(eventTokens);
  return { family: best ?? FALLBACK_FAMILY, material: material ?? DEFAULT_MATERIAL, materialNamed: material !== null };
}

/** The first surface named, in the order the words appear ("glass shattering on stone" is glass). */
function findMaterial(tokens: string[]): Material | null {
  for (const t of tokens) {
    const m = MATERIALS.find((m) => m.words.some((w) => matchesWord(t, w)));
    if (m) return m;
  }
  return null;
}
