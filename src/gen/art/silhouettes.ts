/**
 * Item silhouettes drawn on the vanilla 16x16 grid. Letters name regions, not colours:
 *   M main material, T its lit face, D its shaded face, H wooden handle,
 *   A accent (guard, gem, liquid, leaf...), S secondary (cork, pages, rolls, bone), W white glint.
 * Colours come from the prompt's material at render time (sprite.ts); outlines are computed.
 */

import { TOOL_SILHOUETTES } from "./silhouettes-tools.ts";
import { THING_SILHOUETTES } from "./silhouettes-things.ts";
import { MORE_SILHOUETTES } from "./silhouettes-more.ts";

export type Family =
  | "sword"
  | "pickaxe"
  | "axe"
  | "shovel"
  | "hoe"
  | "bow"
  | "ingot"
  | "gem"
  | "nugget"
  | "dust"
  | "apple"
  | "bread"
  | "meat"
  | "potion"
  | "bottle"
  | "key"
  | "scroll"
  | "book"
  | "staff"
  | "helmet"
  | "chestplate"
  | "leggings"
  | "boots"
  | "trident"
  | "shield"
  | "hammer"
  | "scythe"
  | "bucket"
  | "ball"
  | "lantern"
  | "ring"
  | "crown"
  | "coin"
  | "torch"
  | "arrow"
  | "backpack";

/** Every family's mask, from the two data files. */
export const SILHOUETTES = { ...TOOL_SILHOUETTES, ...THING_SILHOUETTES, ...MORE_SILHOUETTES } as Record<
  Family,
  string[]
>;

/** Words that name each family; first match in the target name, then in the prompt, wins. */
export const FAMILY_WORDS: [RegExp, Family][] = [
  // Before the tools and gems whose words they contain or sit beside ("war hammer", "crown with emeralds").
  [/\b(trident|pitchfork)\b/, "trident"],
  [/\b(shield|buckler)\b/, "shield"],
  [/\b(hammer|warhammer|mallet)\b/, "hammer"],
  [/\b(scythe|sickle)\b/, "scythe"],
  [/\b(bucket|pail)\b/, "bucket"],
  [/\b(lantern|lamp)\b/, "lantern"],
  [/\b(torch)\b/, "torch"],
  [/\b(arrow|bolt)\b/, "arrow"],
  [/\b(backpack|rucksack|satchel|bag)\b/, "backpack"],
  [/\b(crown|tiara|diadem)\b/, "crown"],
  [/\b(ring)\b/, "ring"],
  [/\b(coin|token|medal)\b/, "coin"],
  [/\b(ball|orb|sphere|snowball)\b/, "ball"],
  [/\b(pickaxe|pick)\b/, "pickaxe"],
  [/\b(sword|blade|sabre|saber|katana|dagger|knife|cutlass)\b/, "sword"],
  [/\b(axe|hatchet)\b/, "axe"],
  [/\b(shovel|spade)\b/, "shovel"],
  [/\bhoe\b/, "hoe"],
  [/\b(bow|crossbow|longbow)\b/, "bow"],
  [/\b(ingot|bar|scrap)\b/, "ingot"],
  [/\bnugget\b/, "nugget"],
  [/\b(dust|powder|gunpowder|sugar|redstone)\b/, "dust"],
  [/\b(apple|fruit|berry|berries|melon|carrot|potato|beetroot)\b/, "apple"],
  [/\b(bread|loaf|cake|cookie|pie|bun)\b/, "bread"],
  [/\b(meat|beef|pork|porkchop|steak|chicken|mutton|rabbit|drumstick|ham|cod|salmon|fish)\b/, "meat"],
  [/\b(potion|elixir|flask|brew|tonic)\b/, "potion"],
  [/\b(bottle|vial|jar)\b/, "bottle"],
  [/\bkey\b/, "key"],
  [/\b(scroll|map|parchment|paper|letter)\b/, "scroll"],
  [/\b(book|tome|grimoire|journal|codex)\b/, "book"],
  [/\b(wand|staff|rod|sceptre|scepter|stick)\b/, "staff"],
  [/\b(helmet|helm|cap|hat)\b/, "helmet"],
  [/\b(chestplate|armor|armour|tunic|cuirass|breastplate)\b/, "chestplate"],
  [/\b(leggings|pants|trousers|greaves)\b/, "leggings"],
  [/\b(boots|shoes|sabatons)\b/, "boots"],
  [/\b(gem|jewel|shard|crystal|diamond|emerald|ruby|sapphire|amethyst|topaz|pearl|lapis|quartz)\b/, "gem"],
];

export function familyOf(text: string): Family | null {
  const t = text.toLowerCase().replace(/[^a-z]+/g, " ");
  for (const [re, f] of FAMILY_WORDS) if (re.test(t)) return f;
  return null;
}
