/**
 * Items as assemblies of parts. A family's silhouette (silhouettes*.ts) is a letter mask; this file declares
 * which letters make up each named part of the family (a sword's blade, guard, grip and pommel), so adding a
 * subject is a mask plus a declaration, and a part named in a prompt ("ruby sword with a gold hilt") is
 * painted over exactly its letters. Parts a family does not draw are derived from its main body's shape
 * (trim, band, stars, gem), so a named part always lands somewhere that reads as that part.
 */
import type { Family } from "./silhouettes.ts";
import type { LabelGrid } from "./sprite.ts";
import { PART_REGIONS } from "../interpret/parts.ts";
import { partNames } from "./part-words.ts";
import { IMPLEMENT_ASSEMBLIES } from "./silhouettes-implements.ts";

/** The main body's letters: M and its lit, shaded and glint faces. */
export const MAIN = "MTDW";

/** What each letter is called when no declaration names it (the legend in silhouettes.ts). */
export const LETTER_PARTS: Record<string, string> = {
  M: "body",
  T: "body",
  D: "body",
  W: "body",
  H: "handle",
  A: "accent",
  S: "secondary",
  G: "glass",
  F: "flame",
  K: "wick",
  P: "pommel",
};

/** Per family: part name → the mask letters it covers. Several names may share letters (hilt = guard+grip+pommel). */
export const ASSEMBLIES: Partial<Record<Family, Record<string, string>>> = {
  sword: { blade: MAIN, guard: "A", crossguard: "A", grip: "H", pommel: "P", hilt: "AHP", handle: "H" },
  dagger: { blade: MAIN, guard: "A", grip: "H", hilt: "AH", handle: "H" },
  pickaxe: { head: MAIN, haft: "H", handle: "H" },
  axe: { head: MAIN, haft: "H", handle: "H" },
  shovel: { head: MAIN, haft: "H", handle: "H" },
  hoe: { head: MAIN, haft: "H", handle: "H" },
  hammer: { head: MAIN, haft: "H", handle: "H" },
  bow: { limb: "H", limbs: "H", string: "S" },
  crossbow: { limb: "H", stock: "H", string: "S" },
  potion: { bottle: "G", glass: "G", liquid: "AW", contents: "AW", cork: "S", stopper: "S" },
  bottle: { glass: "G", liquid: "A", contents: "A", cork: "S", stopper: "S" },
  lantern: { cage: MAIN, frame: MAIN, glass: "G", flame: "AW", fire: "AW", light: "AW" },
  torch: { stick: "H", handle: "H", flame: "AW", fire: "AW" },
  key: { bow: MAIN, shaft: MAIN, bit: MAIN, ribbon: "R" },
  hat: { crown: MAIN, brim: MAIN, band: "A", ribbon: "A" },
  candle: { body: MAIN, wax: MAIN, wick: "K", flame: "FW", fire: "FW", holder: "S", dish: "S" },
  shears: { blade: MAIN, blades: MAIN, handle: "H", handles: "H", grip: "H", pivot: "W" },
  coins: { coin: MAIN, coins: MAIN },
  disc: { label: "A", centre: "A", center: "A" },
  brush: { bristles: MAIN, tip: MAIN, ferrule: "S", handle: "H" },
  hourglass: { frame: MAIN, caps: MAIN, glass: "G", sand: "A", contents: "A" },
  magnifier: { frame: MAIN, rim: MAIN, lens: "GW", glass: "GW", handle: "H" },
  dynamite: { stick: MAIN, sticks: MAIN, band: "S", wrapper: "S", fuse: "K", wick: "K", spark: "FW", flame: "FW" },
  potted: { plant: MAIN, leaves: MAIN, leaf: MAIN, stem: MAIN, pot: "S", soil: "A", dirt: "A" },
  slice: { flesh: MAIN, rind: "S", skin: "S", pith: "P", seeds: "A", seed: "A" },
  bowl: { bowl: MAIN, contents: "AW", soup: "AW", stew: "AW", liquid: "AW" },
  tropical_fish: { body: MAIN, stripes: "A", bands: "A" },
  pufferfish: { body: MAIN, spikes: "S", spines: "S", belly: "A" },
  fish: { body: MAIN, belly: "A", fin: "S" },
  chest: { wood: MAIN, lid: MAIN, bands: "A", band: "A", trim: "A", lock: "S", latch: "S" },
  // The game's own families, named by what their letters draw (silhouettes*.ts).
  trident: { prongs: MAIN, head: MAIN, shaft: "H", handle: "H" },
  spear: { head: MAIN, tip: MAIN, shaft: "H", handle: "H" },
  scythe: { blade: MAIN, handle: "H", shaft: "H", snath: "H" },
  mace: { head: MAIN, spikes: "A", handle: "H", grip: "H" },
  staff: { gem: "AW", orb: "AW", crystal: "AW", shaft: "H", handle: "H" },
  arrow: { head: MAIN, tip: MAIN, shaft: "H", fletching: "S", feathers: "S" },
  bucket: { pail: MAIN, contents: "A", liquid: "A" },
  cup: { mug: MAIN, contents: "S", drink: "S", liquid: "S" },
  crown: { band: MAIN, gems: "A", jewels: "A" },
  ring: { band: MAIN, gem: "AW", stone: "AW", jewel: "AW" },
  amulet: { chain: "S", gem: "AW", pendant: "AW", setting: MAIN },
  shield: { rim: MAIN, face: "S", boss: "A", emblem: "A" },
  book: { cover: MAIN, pages: "S", clasp: "A" },
  scroll: { paper: MAIN, rolls: "S", ribbon: "A", seal: "A" },
  compass: { case: MAIN, face: "S", dial: "S", needle: "A" },
  clock: { case: MAIN, face: "S", dial: "S", hands: "A" },
  bomb: { body: MAIN, fuse: "S", spark: "A", flame: "A" },
  bell: { bell: MAIN, clapper: "A", handle: "H" },
  trophy: { cup: MAIN, base: "S", stand: "S" },
  gift: { box: MAIN, wrapping: MAIN, ribbon: "A", bow: "A" },
  cake: { sponge: MAIN, frosting: "S", icing: "S", cherry: "A", candles: "A" },
  flower: { petals: MAIN, petal: MAIN, centre: "A", center: "A", stem: "S" },
  fishing_rod: { rod: "H", pole: "H", line: "S", string: "S", bobber: "AW", float: "AW" },
  dice: { body: MAIN, pips: "A", dots: "A" },
  leaf: { leaf: MAIN, blade: MAIN, vein: "S", veins: "S", stem: "H" },
  banana: { peel: MAIN, skin: MAIN, tips: "S", tip: "S", stem: "S" },
  glove: { hand: MAIN, fingers: MAIN, cuff: "A" },
  lightbulb: { glass: "GW", bulb: "GW", filament: "A", base: "S", cap: "S" },
  flag: { cloth: MAIN, field: MAIN, emblem: "A", pole: "H", staff: "H" },
  burger: { bun: MAIN, lettuce: "A", patty: "S", cheese: "P" },
  pumpkin: { body: MAIN, stem: "H" },
  padlock: { body: MAIN, shackle: "S", keyhole: "A" },
  umbrella: { canopy: MAIN, handle: "H", shaft: "H" },
  guitar: { body: MAIN, neck: "H", strings: "S", soundhole: "A" },
  teapot: { body: MAIN, lid: "A" },
  anvil: { body: MAIN, face: MAIN, horn: MAIN, base: MAIN },
  pinecone: { scales: MAIN, cone: MAIN, stem: "H" },
  lump: { lump: MAIN, chunk: MAIN },
  ...IMPLEMENT_ASSEMBLIES,
};

/** Part words a prompt may name with no colour ("wizard hat with stars"), and the colour they get then. */
export const BARE_PARTS: Record<string, string> = {
  stars: "#f5d442",
  star: "#f5d442",
  gems: "#d8203e",
  gem: "#d8203e",
  jewels: "#d8203e",
  trim: "#e8b923",
  ribbon: "#c8262e",
  band: "#e8b923",
  spots: "#f4f4f0",
  dots: "#f4f4f0",
  stripes: "#f4f4f0",
};

/** Parts drawn from the main body's shape when a family has no letters of its own for them. */
type Derived = "trim" | "band" | "stars" | "gem";
const DERIVED: Record<string, Derived> = {
  trim: "trim",
  rim: "trim",
  edge: "trim",
  edges: "trim",
  border: "trim",
  outline: "trim",
  inlay: "trim",
  band: "band",
  bands: "band",
  belt: "band",
  stripe: "band",
  stripes: "band",
  ribbon: "band",
  sash: "band",
  stars: "stars",
  star: "stars",
  spots: "stars",
  dots: "stars",
  sparkles: "stars",
  studs: "stars",
  gem: "gem",
  gems: "gem",
  jewel: "gem",
  jewels: "gem",
  eye: "gem",
  eyes: "gem",
};
/** The letter each derived part is drawn with (lower case: never used by a hand-drawn mask). */
export const DERIVED_LETTER: Record<Derived, string> = { trim: "t", band: "b", stars: "s", gem: "g" };

const has = (mask: string[], letters: string) => mask.some((row) => [...letters].some((l) => row.includes(l)));

/** How a named part is drawn on a family: its mask letters, or a part derived from the body. */
export type Placement = { letters: string } | { derived: Derived } | null;

export function placePart(family: Family, mask: string[], part: string): Placement {
  const declared = ASSEMBLIES[family]?.[part];
  if (declared) return { letters: declared };
  // A word the family does not declare, placed as the first of its usual names the family does ("cap": stopper).
  const names = partNames(part);
  for (const name of names) {
    const letters = ASSEMBLIES[family]?.[name];
    if (letters && has(mask, letters)) return { letters };
  }
  for (const name of names) {
    if (DERIVED[name]) return { derived: DERIVED[name] };
    const region = PART_REGIONS[name];
    if (!region) continue;
    const letters = region === "M" ? MAIN : region;
    if (has(mask, letters)) return { letters };
    // "pair of iron shears", "stack of gold coins": what an item without contents is "of" is its material.
    if (name === "content") return { letters: MAIN };
    // A part the family does not draw: a handle or an accent it lacks still shows, as a band or a gem.
    return region === "M" ? null : { derived: region === "A" ? "gem" : "band" };
  }
  return null;
}

/**
 * Whether `word` names a part of `family` in a prompt ("red laces", "gold buckle"): a part the family declares,
 * or any part word when it is no material (`isMaterial`): "stone" is a ring's stone but a stone sword's stone.
 */
/** Whether `family` declares a part called `word` (a sword's blade). */
export const declaresPart = (family: string, word: string): boolean => !!ASSEMBLIES[family as Family]?.[word];

export function namesPart(word: string, family: string, isMaterial: (w: string) => boolean): boolean {
  if (ASSEMBLIES[family as Family]?.[word]) return true;
  if (isMaterial(word)) return false;
  return !!(PART_REGIONS[word] || DERIVED[word] || partNames(word).length > 1);
}

/** The optional letters of a mask (drawn only when their part is named): R, a key's ribbon. */
export const OPTIONAL_LETTERS = "R";

/** Distance of each filled cell to the nearest empty cell or the grid's edge (1 = on the outline). */
function insideDistance(g: LabelGrid, filled: (c: number) => boolean): Uint8Array {
  const { w, h, cells } = g;
  const d = new Uint8Array(w * h);
  const queue: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (!filled(cells[i])) continue;
    const x = i % w;
    const y = (i / w) | 0;
    const open = [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ].some(([a, b]) => a < 0 || b < 0 || a >= w || b >= h || !filled(cells[b * w + a]));
    if (open) {
      d[i] = 1;
      queue.push(i);
    }
  }
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q];
    const x = i % w;
    const y = (i / w) | 0;
    for (const [a, b] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ]) {
      const j = b * w + a;
      if (a >= 0 && b >= 0 && a < w && b < h && filled(cells[j]) && d[j] === 0) {
        d[j] = d[i] + 1;
        queue.push(j);
      }
    }
  }
  return d;
}

const EMPTY = 46;
const MAIN_CODES = new Set([...MAIN].map((c) => c.charCodeAt(0)));
/** Handles, wicks, flames and glass are no surface to paint trim or stars on. */
const THIN_CODES = new Set([..."HKFGR"].map((c) => c.charCodeAt(0)));

/**
 * Marks a derived part's cells on the 16 px grid with its letter. The cells are the main body's, one inside
 * the outline or deeper, so the part is never drawn as outline:
 * trim the ring just inside the outline; band one row across the body's lower half; stars up to four
 * scattered single cells; gem the deepest cell and its right neighbour.
 */
export function deriveCells(g: LabelGrid, part: Derived): number[] {
  const d = insideDistance(g, (c) => c !== EMPTY);
  const { w, cells } = g;
  const inside: number[] = [];
  for (let i = 0; i < w * g.h; i++) if (cells[i] !== EMPTY && !THIN_CODES.has(cells[i]) && d[i] >= 2) inside.push(i);
  // The main body when it has room inside its outline; else any face (a shield's face is its secondary).
  const main = inside.filter((i) => MAIN_CODES.has(cells[i]));
  let body = main.length >= 3 ? main : inside;
  // A body all glass or thin (a bottle, a lantern, a bow): the glass and sticks inside the outline, else any cell.
  if (!body.length) body = [...Array(w * g.h).keys()].filter((i) => cells[i] !== EMPTY && d[i] >= 2);
  if (!body.length) body = [...Array(w * g.h).keys()].filter((i) => cells[i] !== EMPTY);
  if (!body.length) return [];
  const row = (i: number) => (i / w) | 0;
  switch (part) {
    case "trim":
      return inside.filter((i) => d[i] === 2);
    case "band": {
      const rows = body.map(row);
      const top = Math.min(...rows);
      const bottom = Math.max(...rows);
      const want = Math.round(top + (bottom - top) * 0.62);
      // The body row nearest that height (a hat's crown and brim leave its band's own rows out).
      const at = [...new Set(rows)].sort((a, b) => Math.abs(a - want) - Math.abs(b - want) || a - b)[0];
      return body.filter((i) => row(i) === at);
    }
    case "stars": {
      // A fixed scatter (cells ordered by a hash of their position), never two touching: deterministic, spread.
      const order = [...body].sort((a, b) => ((a * 37) % 17) - ((b * 37) % 17) || a - b);
      const want = Math.max(3, Math.min(6, Math.round(body.length / 10)));
      const chosen: number[] = [];
      for (const i of order) {
        if (chosen.some((j) => Math.abs((j % w) - (i % w)) <= 1 && Math.abs(row(j) - row(i)) <= 1)) continue;
        chosen.push(i);
        if (chosen.length === want) break;
      }
      return chosen;
    }
    case "gem": {
      const deepest = Math.max(...body.map((i) => d[i]));
      const first = body.filter((i) => d[i] === deepest)[0];
      const right = first + 1;
      return body.includes(right) && right % w !== 0 ? [first, right] : [first];
    }
  }
}
