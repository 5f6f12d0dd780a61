/**
 * The shapes a portion of a substance is cut to ("a bar of soap", "a wedge of cheese", "a roll of tape"),
 * declared as data: each shape is a small grid drawn through the sketch pass (art/sketch.ts: the game's dark
 * outline, top-left light) in the substance's own colours (art/portions.ts): `x` the substance's main colour,
 * `w` a lighter and `z` a darker shade of it (lit and shaded faces), `y` the substance's second colour (a
 * cake's layers, a loaf's scoring, a roll's wound edge). Grids are centred when drawn.
 *
 * `words` are the portion nouns cut to the shape: each is one WordNet files under a part, portion, piece,
 * fragment, small indefinite quantity, containerful, block, solid or shape (test/gen/portions.test.ts checks it).
 */
export interface PortionShape {
  words: readonly string[];
  grid: readonly string[];
}

/** The lit top face of a wedge and a slice: a triangle running back to a point, the cut side in shade. */
const WEDGE_TOP = ["........xx...", "......xxxxz..", "....xxxxxxzz.", "..xxxxxxxxzzz", "xxxxxxxxxxzzz"];

export const PORTION_SHAPES: Record<string, PortionShape> = {
  bar: {
    words: ["bar", "tablet"],
    grid: [
      "...xxxxxxxxxx",
      "..xxxxxxxxxxz",
      ".xxxxxxxxxxzz",
      "xxxxxxxxxxzzz",
      "zzzzzzzzzzzzz",
      "zzzzzzzzzzzz.",
      "zzzzzzzzzzz..",
    ],
  },
  block: {
    words: ["block", "slab", "cake"],
    grid: [
      "...xxxxxxxxx",
      "..xxxxxxxxxz",
      ".xxxxxxxxxzz",
      "xxxxxxxxxzzz",
      "zzzzzzzzzzzz",
      "zzzzzzzzzzzz",
      "zzzzzzzzzzzz",
      "zzzzzzzzzzz.",
      "zzzzzzzzzz..",
    ],
  },
  wedge: {
    words: ["wedge"],
    grid: [...WEDGE_TOP, "zzzzzzzzzzzz.", "zzyzzzzyzzz..", "zzzzzyzzzz..."],
  },
  slice: {
    words: ["slice", "sliver", "portion", "serving", "helping"],
    grid: [...WEDGE_TOP, "yyyyyyyyyyzz.", "zzzzzzzzzzz..", "yyyyyyyyyyz..", "zzzzzzzzzz..."],
  },
  loaf: {
    words: ["loaf"],
    grid: [
      "...xxxxxxx...",
      ".xwwxxxxxxxx.",
      "xwxyxxxyxxxyx",
      "xxxxyxxxyxxxy",
      "xxxxxxxxxxxxx",
      "zzzzzzzzzzzzz",
      ".zzzzzzzzzzz.",
    ],
  },
  roll: {
    words: ["roll", "coil"],
    grid: [
      "...xxxxxxx...",
      "..xxxxxxxxx..",
      ".xxxyyyyyxxx.",
      "xxxyxxxxxyxxx",
      "xxyxxzzzxxyxx",
      "xxyxz...zxyxx",
      "xxyxz...zxyxx",
      "xxyxxzzzxxyxz",
      "xxxyxxxxxyxzz",
      ".xxxyyyyyxzz.",
      "..xxxxxxzzz..",
      "...xxzzzzz...",
    ],
  },
  lump: {
    words: ["lump", "blob", "dollop", "knob"],
    grid: [
      "....xxxx.....",
      "..xwwxxxxx...",
      ".xwxxxxxxxxx.",
      "xxxxxxxxxxxxx",
      "xxxxxxxxxxxxx",
      ".xxxxxxxxxxzz",
      ".xxxxxxxxxzz.",
      "..zzzzzzzzz..",
      "....zzzz.....",
    ],
  },
  chunk: {
    words: ["chunk", "hunk"],
    grid: [
      "...xxxxx.....",
      "..xxxxxxxx...",
      ".xxxxxxxxxxz.",
      "xxxxxxxxxxzzz",
      "wxxxxxxxxzzzz",
      "wwwxxxxxzzzzz",
      ".wwwwwzzzzzz.",
      "..wwwwzzzz...",
      "....wwzz.....",
    ],
  },
  piece: {
    words: ["piece", "scrap", "swatch", "bit", "square", "patch", "bite"],
    grid: [
      "..xxxxxxx....",
      "..xxxxxxxxxx.",
      ".xxxxxxxxxxx.",
      ".xxxxxxxxxxxx",
      ".xxxxxxxxxxx.",
      "xxxxxxxxxxxx.",
      "xxxxxxxxxxxz.",
      ".xxxxxxxxxzz.",
      ".xxxxxxxz....",
    ],
  },
  sheet: {
    words: ["sheet", "leaf", "ream"],
    grid: [
      "xxxxxxxxxw.",
      "xxxxxxxxxww",
      "xxxxxxxxxxx",
      "xyyyyyyyxxx",
      "xxxxxxxxxxx",
      "xyyyyyyyyyx",
      "xxxxxxxxxxx",
      "xyyyyyyyyyx",
      "xxxxxxxxxxx",
      "xyyyyyyxxxx",
      "xxxxxxxxxxx",
    ],
  },
  stick: {
    words: ["stick", "stalk"],
    grid: ["..xxxxxxxxxxxx", ".xxxxxxxxxxxxz", "xxxxxxxxxxxxzz", "zzzzzzzzzzzzz.", "zzzzzzzzzzzz.."],
  },
  cube: {
    words: ["cube", "dice"],
    grid: [
      "....xxxx....",
      "..xxxxxxxx..",
      "xxxxxxxxxxxx",
      "wwxxxxxxxxzz",
      "wwwwxxxxzzzz",
      "wwwwwwzzzzzz",
      "wwwwwwzzzzzz",
      "wwwwwwzzzzzz",
      ".wwwwwzzzzz.",
      "...wwwzzz...",
    ],
  },
  drop: {
    words: ["drop", "droplet", "bead", "dab"],
    grid: [
      ".....x.....",
      "....xxx....",
      "....xxx....",
      "...xxxxx...",
      "..xxxxxxx..",
      ".xxwxxxxxx.",
      ".xwxxxxxxx.",
      "xxwxxxxxxxx",
      "xxxxxxxxxxx",
      "xxxxxxxxxzx",
      ".xxxxxxxzx.",
      "..xxxxxxx..",
      "....xxx....",
    ],
  },
  scoop: {
    words: ["scoop", "spoonful"],
    grid: [
      "...xxxxx...",
      ".xxxxxxxxx.",
      ".xwwxxxxxx.",
      "xxwxxxxxxxx",
      "xxxxxxxxxxx",
      "xxxxxxxxxxx",
      "xxxxxxxxxzx",
      ".xxxxxxxzx.",
      "zxzxzxzxzxz",
    ],
  },
  strip: {
    words: ["strip", "shred", "length", "strand"],
    grid: [
      "..........xxx",
      "........xxxxz",
      "......xxxxzz.",
      "....xxxxzz...",
      "..xxxxzz.....",
      "xxxxzz.......",
      "xxzz.........",
    ],
  },
  shard: {
    words: ["shard", "splinter", "fragment", "flake"],
    grid: [
      "..........x",
      ".........xx",
      "........xwx",
      ".......xwxz",
      "......xwxz.",
      ".....xwxz..",
      "....xwxz...",
      "...xxxz....",
      "..xxzz.....",
      ".xxz.......",
      "xz.........",
    ],
  },
  puddle: {
    words: ["splash", "splatter"],
    grid: [
      "....xxxxx.....",
      "..xxwwxxxxx...",
      ".xwxxxxxxxxxx.",
      "xxxxxxxxxxxxxx",
      ".xxxxxxxxxxxzx",
      "..xxxxxxxxzz..",
      ".....xxxxx....",
    ],
  },
  pinch: {
    words: ["pinch", "sprinkling"],
    grid: [".....x.....", "....xxx....", "...xwxxx...", "..xwxxxxx..", ".xxxxxxxzx.", "xxxxxxxxzzx"],
  },
  nugget: {
    words: ["nugget", "crumb", "morsel", "speck", "grain"],
    grid: ["..xxxx...", ".xxwxxx..", "xxwxxxxx.", "xxxxxxxzx", ".xxxxxzz.", "..xzzzz.."],
  },
};

/** Portion noun → its shape's name: one lookup. */
export const PORTION_WORD = new Map<string, string>();
for (const [shape, { words }] of Object.entries(PORTION_SHAPES))
  for (const w of words) if (!PORTION_WORD.has(w)) PORTION_WORD.set(w, shape);
