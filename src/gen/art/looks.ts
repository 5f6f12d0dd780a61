/**
 * Looks: what a style, era, mood, culture, place or taste word does to a picture of any subject ("a medieval
 * sword", "a kitchen knife", "dungeon floor", "a futuristic hotbar", "spicy pepper"). A look is no new painting:
 * it is a few flavours the painters already draw (art/flavours.ts), so a look lands on items, icons, models,
 * block textures and GUI/HUD themes alike, each drawing the flavours its kind draws (interpret/flavour.ts
 * drawsFlavour).
 *
 * This table is kept by hand because it is the product's design: which broad looks exist and which drawn
 * effects stand for each (about a dozen, one per convention of game art: aged, regal, sinister…). The words
 * that reach a look are not listed here but found in WordNet 3.1 by scripts/lexicon.ts (scripts/lexicon/
 * looks.ts: a place noun through its hypernyms, kitchen → room; an adjective through the noun it pertains to,
 * medieval → Middle Ages, or an adjective it is similar to), and the interpretation reports the path in `via`.
 * `words` holds only the style words WordNet 3.1 lacks (steampunk, sci-fi, elven), said as people type them,
 * and a look's own name where people say it (regal, nautical): the lexicon keeps no entry for a word that is
 * its own target.
 */
import type { FlavourName } from "./flavours.ts";

export interface Look {
  /** What a person sees, for the README. */
  does: string;
  /** The flavours painted for the look, in order; each kind draws those it can (a theme: the colour shifts). */
  flavours: FlavourName[];
  /** Style words WordNet 3.1 does not know, and the look's name; every other word reaches it through the lexicon. */
  words: string[];
}

export const LOOKS = {
  aged: {
    does: "worn with age: faded colours, chipped edges and scratches (medieval, antique, castle, ruins)",
    flavours: ["worn"],
    words: ["viking", "vikings", "olden", "retro"],
  },
  regal: {
    does: "a gilded trim and polished highlights (royal, imperial, palace, treasure)",
    flavours: ["ornate", "shiny"],
    // A palace is WordNet's first sense of castle too: the word is listed, the castle left to its fortress sense.
    words: ["regal", "palace", "palaces"],
  },
  sinister: {
    does: "darker, purple-tinted colours with shadowy spots (gothic, dungeon, crypt, graveyard)",
    flavours: ["cursed"],
    words: ["gothic", "goth", "dungeon", "dungeons", "crypt"],
  },
  martial: {
    does: "battle-worn: dents, chips and scratches on faded colours (war, battle, military, army)",
    flavours: ["dented", "worn"],
    words: ["martial"],
  },
  cosmic: {
    does: "starlit: an enchantment glint, and a lit rim on things drawn as sprites (cosmic, galactic, astral)",
    flavours: ["enchanted", "glowing"],
    words: ["cosmic"],
  },
  holy: {
    does: "an enchantment glint over brighter, cleaner colours (temple, church, heavenly)",
    flavours: ["enchanted", "clean"],
    words: [],
  },
  hightech: {
    does: "sleek highlights with a blue-white energy line and glints (futuristic, sci-fi, cyberpunk, laser)",
    flavours: ["shiny", "electric"],
    words: ["scifi", "cyberpunk", "hitech", "hightech", "tech", "cyber", "techno"],
  },
  industrial: {
    does: "machine-worked: grime spots under hard metal highlights (steampunk, factory, foundry, clockwork)",
    flavours: ["dirty", "shiny"],
    words: ["industrial", "steampunk", "dieselpunk", "clockpunk"],
  },
  soft: {
    does: "soft, pale pastel colours (cute, cosy, cuddly, adorable)",
    flavours: ["pastel"],
    words: ["kawaii", "chibi", "comfy", "cozy", "cosy"],
  },
  natural: {
    does: "richer colours of living things, and moss on things drawn as sprites (forest, jungle, garden, druid)",
    flavours: ["fresh", "mossy"],
    words: ["druid", "druidic"],
  },
  fey: {
    does: "fine gilded trim on richer colours (elven, elvish, fairy, pixie)",
    flavours: ["ornate", "fresh"],
    words: ["elven", "elvish"],
  },
  rustic: {
    does: "a rough grain on a flatter, matte ramp (farm, village, tribal, dwarven)",
    flavours: ["rough", "dull"],
    words: ["dwarven", "dwarvish", "farmhouse"],
  },
  nautical: {
    does: "wet, darker colours with bright specular glints (ocean, sailor, harbour, marine)",
    flavours: ["wet"],
    words: ["nautical"],
  },
  fiery: {
    does: "a red-orange tint and a glowing orange rim (hell, volcano, spicy, peppery)",
    flavours: ["hot"],
    words: [],
  },
  wintry: {
    does: "a blue frost tint, a frost rim and icy glints (winter, polar, tundra, glacier)",
    flavours: ["frozen"],
    words: [],
  },
  arid: {
    does: "paler colours under light dust specks (desert, dunes, arid)",
    flavours: ["dusty"],
    words: ["arid"],
  },
  domestic: {
    does: "lighter, cleaner colours with a few glints (kitchen, bathroom, bedroom)",
    flavours: ["clean"],
    words: [],
  },
  // Tastes: what a taste looks like on anything ("sweet candy", "sour lemon", "salty pretzel"). A look named by
  // its taste lists the taste word, which its own WordNet sense reaches in no steps (bitter's taste sense is
  // its sixth, after resentment: only the word itself and the sense's other words reach it).
  sweet: {
    does: "sugar-glazed: richer colours with bright glints (sweet, sugary, honeyed, syrupy)",
    flavours: ["fresh", "shiny"],
    words: ["sweet"],
  },
  sour: {
    does: "a sharp yellow-green tint on richer colours (sour, tart, acidic, vinegary)",
    flavours: ["unripe", "fresh"],
    words: ["sour"],
  },
  bitter: {
    does: "a flat, muted, matte ramp (bitter, acrid)",
    flavours: ["dull"],
    words: ["bitter"],
  },
  salty: {
    does: "pale specks like grains of salt over paler colours (salty, briny, saline)",
    flavours: ["dusty"],
    words: ["salty"],
  },
  fragrant: {
    does: "fresher, richer colours (fragrant, aromatic, perfumed, scented)",
    flavours: ["fresh"],
    words: ["fragrant"],
  },
  // Magic as a practice or a state: a spell, sorcery, witchcraft, necromancy (a spell book, a sorcery staff).
  arcane: {
    does: "an enchantment glint (spell, sorcery, witchcraft, necromancy)",
    flavours: ["enchanted"],
    words: [],
  },
  // Occasions: a birthday, a holiday, a party, a wedding (scripts/lexicon/looks.ts anchors).
  festive: {
    does: "party colours: confetti specks (birthday, christmas, party, holiday, carnival)",
    flavours: ["confetti"],
    words: ["festive"],
  },
  // The stuff of legend, as games draw their rarest loot: a gilded trim and a glow (legendary, mythical, epic).
  fabled: {
    does: "the stuff of legend: a gilded trim and a glow (legendary, mythical, fabled, epic, heroic)",
    flavours: ["ornate", "glowing"],
    words: ["fabled", "mythic"],
  },
  // Cultures and origins (scripts/lexicon/cultures.ts: a people or a place through its region).
  arabesque: {
    does: "a gilded trim on sun-bleached colours (egyptian, arabian, persian, moroccan)",
    flavours: ["ornate", "dry"],
    words: [],
  },
  classical: {
    does: "a gilded laurel trim on clean, marble-bright colours (roman, greek, spartan)",
    flavours: ["ornate", "clean"],
    words: [],
  },
  mesoamerican: {
    does: "jade-teal spots on a rough-hewn grain (aztec, mayan, inca, mexican)",
    flavours: ["oxidized", "rough"],
    words: [],
  },
  celtic: {
    does: "a gilded knotwork trim over moss-green spots (celtic, gaelic, irish, scottish)",
    flavours: ["ornate", "mossy"],
    words: [],
  },
  eastern: {
    does: "red lacquer with glossy glints and a gilded trim (oriental, japanese, chinese, korean)",
    flavours: ["urushi", "ornate"],
    words: [],
  },
} satisfies Record<string, Look>;

export type LookName = keyof typeof LOOKS;
export const LOOK_TABLE: Record<LookName, Look> = LOOKS;

/** A look's own word → the look (the words WordNet lacks); the first look listing a word wins. */
export const LOOK_OF: ReadonlyMap<string, LookName> = (() => {
  const out = new Map<string, LookName>();
  for (const [name, look] of Object.entries(LOOK_TABLE) as [LookName, Look][])
    for (const w of look.words) if (!out.has(w)) out.set(w, name);
  return out;
})();
