/**
 * Item silhouettes drawn on the vanilla 16x16 grid. Letters name regions, not colours:
 *   M main material, T its lit face, D its shaded face, H wooden handle,
 *   A accent (guard, gem, liquid, leaf...), S secondary (cork, pages, rolls, bone), W white glint.
 * Colours come from the prompt's material at render time (sprite.ts); outlines are computed.
 */

import { TOOL_SILHOUETTES } from "./silhouettes-tools.ts";
import { THING_SILHOUETTES } from "./silhouettes-things.ts";
import { MORE_SILHOUETTES } from "./silhouettes-more.ts";
import { GEAR_SILHOUETTES } from "./silhouettes-gear.ts";
import { FOOD_SILHOUETTES } from "./silhouettes-food.ts";
import { TRINKET_SILHOUETTES } from "./silhouettes-trinkets.ts";
import { COMPOSED_SILHOUETTES } from "./silhouettes-compose.ts";
import { IMPLEMENT_SILHOUETTES, IMPLEMENT_WORDS, type ImplementFamily } from "./silhouettes-implements.ts";

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
  | "backpack"
  | "dagger"
  | "crossbow"
  | "spear"
  | "mace"
  | "amulet"
  | "hat"
  | "mask"
  | "map"
  | "compass"
  | "clock"
  | "orb"
  | "totem"
  | "rune"
  | "feather"
  | "bone"
  | "pearl"
  | "shard"
  | "seed"
  | "flower"
  | "mushroom"
  | "cookie"
  | "cake"
  | "pie"
  | "fish"
  | "carrot"
  | "berries"
  | "cheese"
  | "candy"
  | "egg"
  | "heart"
  | "star"
  | "skull"
  | "bell"
  | "horn"
  | "trophy"
  | "gift"
  | "bomb"
  | "cup"
  | "donut"
  | "icecream"
  | "pizza"
  | "wrench"
  | "magnet"
  | "boomerang"
  | "shears"
  | "candle"
  | "coins"
  | "disc"
  | "brush"
  | "hourglass"
  | "magnifier"
  | "dynamite"
  | "potted"
  | "slice"
  | "bowl"
  | "tropical_fish"
  | "pufferfish"
  | "chest"
  | "fishing_rod"
  | "dice"
  | "leaf"
  | "banana"
  | "glove"
  | "gear"
  | "anchor"
  | "lightbulb"
  | "flag"
  | "burger"
  | "pumpkin"
  | "padlock"
  | "umbrella"
  | "guitar"
  | "teapot"
  | "anvil"
  | "pinecone"
  | "lump"
  | ImplementFamily;

/** Every family's mask, from the two data files. */
export const SILHOUETTES = {
  ...TOOL_SILHOUETTES,
  ...THING_SILHOUETTES,
  ...MORE_SILHOUETTES,
  ...GEAR_SILHOUETTES,
  ...FOOD_SILHOUETTES,
  ...TRINKET_SILHOUETTES,
  ...COMPOSED_SILHOUETTES,
  ...IMPLEMENT_SILHOUETTES,
} as Record<Family, string[]>;

/** Words that name each family; first match in the target name, then in the prompt, wins. */
export const FAMILY_WORDS: [RegExp, Family][] = [
  // Before the tools and gems whose words they contain or sit beside ("war hammer", "crown with emeralds",
  // "apple pie", "crossbow", "crystal shard", "ender pearl").
  [/\b(trident|pitchfork)\b/, "trident"],
  // Hand tools, utensils and hardware (silhouettes-implements.ts), before the words they sit beside ("soup ladle",
  // "cheese grater", "garden trowel").
  ...IMPLEMENT_WORDS,
  // Issue 28's families, before the words they sit beside ("magnifying glass", "mushroom stew", "potted flower",
  // "bundle of dynamite", "stack of gold coins", "candle stick", "egg timer").
  [/\b(hourglass|sandglass|timer)\b/, "hourglass"],
  [/\b(anvil|anvils)\b/, "anvil"],
  // Before the ice cream's "cone".
  [/\b(pinecone|pinecones|strobilus)\b/, "pinecone"],
  [/\b(lump|lumps|chunk|chunks|hunk|clump|clod|ore)\b/, "lump"],
  [/\b(magnifier|magnifying|lens|loupe|monocle)\b/, "magnifier"],
  [/\b(shears|scissors|clippers|snips)\b/, "shears"],
  [/\b(candle|candles|candlestick|taper)\b/, "candle"],
  [/\b(dynamite|tnt|firecracker|firecrackers)\b/, "dynamite"],
  [/\b(coins|doubloons)\b/, "coins"],
  [/\b(disc|disk|record|vinyl)\b/, "disc"],
  [/\b(brush|paintbrush|broom)\b/, "brush"],
  [/\b(potted|planter|flowerpot|cactus|succulent|houseplant|bonsai|plant)\b/, "potted"],
  [/\b(bowl|stew|soup|porridge|broth)\b/, "bowl"],
  [/\b(clownfish|tropical|angelfish|goldfish)\b/, "tropical_fish"],
  [/\b(pufferfish|puffer|blowfish)\b/, "pufferfish"],
  [/\b(chest|coffer|strongbox|trunk)\b/, "chest"],
  [/\b(fishing|bobber|angler)\b/, "fishing_rod"],
  [/\b(dice|die|cube)\b/, "dice"],
  [/\b(banana|bananas|plantain)\b/, "banana"],
  [/\b(glove|gloves|gauntlet|gauntlets|mitten|mittens)\b/, "glove"],
  [/\b(gear|cog|cogwheel|sprocket)\b/, "gear"],
  [/\b(anchor)\b/, "anchor"],
  [/\b(lightbulb|bulb)\b/, "lightbulb"],
  [/\b(flag|banner|pennant)\b/, "flag"],
  [/\b(burger|hamburger|cheeseburger|sandwich)\b/, "burger"],
  [/\b(pumpkin|jackolantern|gourd)\b/, "pumpkin"],
  [/\b(padlock)\b/, "padlock"],
  [/\b(umbrella|parasol)\b/, "umbrella"],
  [/\b(guitar|lute|banjo|ukulele|mandolin)\b/, "guitar"],
  [/\b(teapot|kettle)\b/, "teapot"],
  [/\b(shield|buckler)\b/, "shield"],
  [/\b(hammer|warhammer|mallet)\b/, "hammer"],
  [/\b(scythe|sickle)\b/, "scythe"],
  [/\b(mace|morningstar|flail|cudgel)\b/, "mace"],
  [/\b(spear|lance|javelin|halberd)\b/, "spear"],
  [/\b(dagger|knife|dirk|stiletto|shiv)\b/, "dagger"],
  [/\bcrossbow\b/, "crossbow"],
  [/\b(bucket|pail)\b/, "bucket"],
  [/\b(lantern|lamp)\b/, "lantern"],
  [/\b(torch)\b/, "torch"],
  [/\b(arrow|bolt)\b/, "arrow"],
  [/\b(backpack|rucksack|satchel|bag)\b/, "backpack"],
  [/\b(crown|tiara|diadem)\b/, "crown"],
  [/\b(amulet|necklace|pendant|talisman|locket)\b/, "amulet"],
  [/\b(ring)\b/, "ring"],
  [/\b(coin|token|medal)\b/, "coin"],
  [/\b(trophy|chalice|goblet|grail)\b/, "trophy"],
  [/\b(compass)\b/, "compass"],
  [/\b(clock|watch|pocketwatch|timepiece)\b/, "clock"],
  [/\b(totem|idol|effigy)\b/, "totem"],
  [/\b(rune|runestone|sigil)\b/, "rune"],
  [/\b(mask)\b/, "mask"],
  [/\b(skull|cranium)\b/, "skull"],
  [/\b(horn|bugle|trumpet)\b/, "horn"],
  [/\b(bell|chime)\b/, "bell"],
  [/\b(gift|present|giftbox)\b/, "gift"],
  [/\b(wrench|spanner)\b/, "wrench"],
  [/\b(magnet)\b/, "magnet"],
  [/\b(boomerang)\b/, "boomerang"],

  [/\b(hat|cap|beanie|fedora|sombrero)\b/, "hat"],
  [/\b(map|chart)\b/, "map"],
  // Not "globe": a globe is the Earth's, drawn by the library ("snow globe", "crystal globe" are the lexicon's).
  [/\b(orb|sphere)\b/, "orb"],
  [/\b(pearl)\b/, "pearl"],
  [/\b(shard|fragment|splinter)\b/, "shard"],
  [/\b(bone|bones)\b/, "bone"],
  [/\b(feather|feathers|quill|plume)\b/, "feather"],
  [/\b(bomb|grenade|explosive)\b/, "bomb"],
  [/\b(ball|snowball)\b/, "ball"],
  [/\b(pickaxe|pick)\b/, "pickaxe"],
  [/\b(sword|blade|sabre|saber|katana|cutlass|rapier)\b/, "sword"],
  [/\b(axe|hatchet)\b/, "axe"],
  [/\b(shovel|spade)\b/, "shovel"],
  [/\bhoe\b/, "hoe"],
  [/\b(bow|longbow)\b/, "bow"],
  [/\b(ingot|bar|scrap)\b/, "ingot"],
  [/\bnugget\b/, "nugget"],
  [/\b(dust|powder|gunpowder|sugar|redstone)\b/, "dust"],
  [/\b(seed|seeds|pip|pips)\b/, "seed"],
  [/\b(flower|rose|tulip|daisy|poppy|blossom|dandelion|orchid|lily)\b/, "flower"],
  [/\b(mushroom|toadstool|fungus)\b/, "mushroom"],
  [/\b(pizza)\b/, "pizza"],
  [/\b(donut|doughnut)\b/, "donut"],
  [/\b(cream|icecream|gelato|sundae|cone)\b/, "icecream"],
  [/\b(egg|eggs)\b/, "egg"],
  [/\b(cup|mug|teacup|tankard)\b/, "cup"],
  [/\b(pie|tart)\b/, "pie"],
  [/\b(cake|cupcake)\b/, "cake"],
  [/\b(cookie|cookies|biscuit)\b/, "cookie"],
  [/\b(cheese|cheddar)\b/, "cheese"],
  [/\b(carrot|carrots)\b/, "carrot"],
  [/\b(berry|berries|grapes)\b/, "berries"],
  [/\b(candy|sweets|lollipop|bonbon|toffee)\b/, "candy"],
  [/\b(fish|cod|salmon|trout|tuna)\b/, "fish"],
  [/\b(slice|watermelon)\b/, "slice"],
  [/\b(apple|fruit|melon|potato|beetroot)\b/, "apple"],
  [/\b(bread|loaf|bun)\b/, "bread"],
  [/\b(meat|beef|pork|porkchop|steak|chicken|mutton|rabbit|drumstick|ham)\b/, "meat"],
  [/\b(potion|elixir|flask|brew|tonic)\b/, "potion"],
  [/\b(bottle|vial|jar)\b/, "bottle"],
  [/\bkey\b/, "key"],
  [/\b(scroll|parchment|paper|letter)\b/, "scroll"],
  [/\b(book|tome|grimoire|journal|codex)\b/, "book"],
  [/\b(wand|staff|rod|sceptre|scepter|stick)\b/, "staff"],
  [/\b(helmet|helm)\b/, "helmet"],
  [/\b(chestplate|armor|armour|tunic|cuirass|breastplate)\b/, "chestplate"],
  [/\b(leggings|pants|trousers|greaves)\b/, "leggings"],
  [/\b(boots|shoes|sabatons)\b/, "boots"],
  [/\b(gem|jewel|crystal|diamond|emerald|ruby|sapphire|amethyst|topaz|lapis|quartz)\b/, "gem"],
  [/\b(leaf|clover|herb|herbs|shamrock)\b/, "leaf"],
  // Last: these words also describe other things ("wand with a star", "heart of the sea" is a gem).
  [/\b(heart)\b/, "heart"],
  [/\b(star)\b/, "star"],
];

export function familyOf(text: string): Family | null {
  const t = text.toLowerCase().replace(/[^a-z]+/g, " ");
  for (const [re, f] of FAMILY_WORDS) if (re.test(t)) return f;
  return null;
}
