import { describe, expect, test } from "bun:test";
import { generateItem, itemFamily, itemRgba } from "../../src/gen/item";
import { SILHOUETTES, type Family } from "../../src/gen/art/silhouettes";
import { decodePng } from "../../src/media/png-decode";
import type { Rgba } from "../../src/media/png";
import { alphaAt, unoutlinedEdgePixels } from "../support/texture-checks.ts";

const FAMILY_PROMPTS: [string, Family][] = [
  ["diamond sword", "sword"],
  ["iron pickaxe", "pickaxe"],
  ["golden axe", "axe"],
  ["stone shovel", "shovel"],
  ["wooden hoe", "hoe"],
  ["bow", "bow"],
  ["copper ingot", "ingot"],
  ["ruby gem", "gem"],
  ["gold nugget", "nugget"],
  ["glowstone dust", "dust"],
  ["apple", "apple"],
  ["bread", "bread"],
  ["cooked beef", "meat"],
  ["potion of healing", "potion"],
  ["empty bottle", "bottle"],
  ["golden key", "key"],
  ["ancient scroll", "scroll"],
  ["spell book", "book"],
  ["fire staff", "staff"],
  ["netherite helmet", "helmet"],
  ["diamond chestplate", "chestplate"],
  ["iron leggings", "leggings"],
  ["leather boots", "boots"],
  ["copper trident", "trident"],
  ["iron shield with a red cross", "shield"],
  ["wooden war hammer with iron head", "hammer"],
  ["netherite scythe", "scythe"],
  ["bucket of water", "bucket"],
  ["slime ball", "ball"],
  ["lantern with soul fire", "lantern"],
  ["silver ring with a sapphire", "ring"],
  ["golden crown with emeralds", "crown"],
  ["gold coin", "coin"],
  ["wooden torch", "torch"],
  ["arrow with white feathers", "arrow"],
  ["leather backpack", "backpack"],
  ["obsidian dagger", "dagger"],
  ["crossbow", "crossbow"],
  ["iron spear", "spear"],
  ["spiked mace", "mace"],
  ["jade amulet", "amulet"],
  ["wizard hat", "hat"],
  ["creepy mask", "mask"],
  ["treasure map", "map"],
  ["compass", "compass"],
  ["pocket clock", "clock"],
  ["magic orb", "orb"],
  ["totem of undying", "totem"],
  ["glowing rune stone", "rune"],
  ["white feather", "feather"],
  ["bone", "bone"],
  ["ender pearl", "pearl"],
  ["crystal shard", "shard"],
  ["wheat seeds", "seed"],
  ["red flower", "flower"],
  ["brown mushroom", "mushroom"],
  ["chocolate cookie", "cookie"],
  ["birthday cake", "cake"],
  ["apple pie", "pie"],
  ["raw salmon", "fish"],
  ["carrot", "carrot"],
  ["sweet berries", "berries"],
  ["cheese wedge", "cheese"],
  ["striped candy", "candy"],
  ["fried egg", "egg"],
  ["red heart", "heart"],
  ["golden star", "star"],
  ["bone skull", "skull"],
  ["golden bell", "bell"],
  ["war horn", "horn"],
  ["gold trophy", "trophy"],
  ["red gift box", "gift"],
  ["black bomb", "bomb"],
  ["coffee mug", "cup"],
  ["pink donut", "donut"],
  ["strawberry gelato", "icecream"],
  ["pepperoni pizza", "pizza"],
  ["iron wrench", "wrench"],
  ["red magnet", "magnet"],
  ["wooden boomerang", "boomerang"],
  ["pair of iron shears", "shears"],
  ["dripping beeswax candle", "candle"],
  ["stack of gold coins", "coins"],
  ["music disc", "disc"],
  ["paintbrush", "brush"],
  ["hourglass with white sand", "hourglass"],
  ["magnifying glass", "magnifier"],
  ["bundle of dynamite", "dynamite"],
  ["a small potted cactus", "potted"],
  ["slice of watermelon", "slice"],
  ["mushroom stew", "bowl"],
  ["striped tropical clownfish", "tropical_fish"],
  ["pufferfish", "pufferfish"],
  ["treasure chest", "chest"],
  ["bamboo fishing rod", "fishing_rod"],
  ["pair of dice", "dice"],
  ["maple leaf", "leaf"],
  ["ripe banana", "banana"],
  ["leather glove", "glove"],
  ["brass gear", "gear"],
  ["ship anchor", "anchor"],
  ["glowing light bulb", "lightbulb"],
  ["red flag", "flag"],
  ["cheeseburger", "burger"],
  ["carved pumpkin", "pumpkin"],
  ["iron padlock", "padlock"],
  ["red umbrella", "umbrella"],
  ["wooden guitar", "guitar"],
  ["porcelain teapot", "teapot"],
  ["heavy iron anvil", "anvil"],
  ["pinecone", "pinecone"],
  ["lump of coal", "lump"],
  ["rusty hand saw", "saw"],
  ["steel chisel", "chisel"],
  ["a pair of pliers", "pliers"],
  ["wooden rolling pin", "rolling_pin"],
  ["kitchen whisk", "whisk"],
  ["soup ladle", "ladle"],
  ["wooden spatula", "spatula"],
  ["garden trowel", "trowel"],
  ["iron crowbar", "crowbar"],
  ["oak barrel", "barrel"],
  ["clothes hanger", "hanger"],
  ["copper watering can", "watering_can"],
  ["pink eraser", "eraser"],
  ["bent iron nail", "nail"],
  ["red chopsticks", "chopsticks"],
  ["cheese grater", "grater"],
  ["wooden baseball bat", "bat"],
  ["corkscrew", "corkscrew"],
  ["power drill", "drill"],
  ["office stapler", "stapler"],
  ["tape measure", "tape_measure"],
  ["tin whistle", "whistle"],
  ["sewing thimble", "thimble"],
  ["wooden clothespin", "clothespin"],
  ["grappling hook", "grappling_hook"],
  ["leather whip", "whip"],
  ["matchstick", "matchstick"],
  ["golden birdcage", "cage"],
  ["steam iron", "flatiron"],
  ["spirit level", "level"],
  ["pizza cutter", "cutter"],
  ["potato peeler", "peeler"],
  ["flour sifter", "sieve"],
  ["fly swatter", "flyswatter"],
  ["salt shaker", "shaker"],
  ["pink hair dryer", "hair_dryer"],
  ["chrome toaster", "toaster"],
  ["white microwave", "microwave"],
];

const alphaMask = (img: Rgba) => Array.from({ length: img.width * img.height }, (_, i) => img.data[i * 4 + 3] > 0);

describe("item sprites", () => {
  test("every silhouette is drawn on the 16x16 grid", () => {
    for (const [name, rows] of Object.entries(SILHOUETTES)) {
      expect({ name, rows: rows.length }).toEqual({ name, rows: 16 });
      for (const r of rows) expect({ name, len: r.length }).toEqual({ name, len: 16 });
    }
  });

  test("no two families share a silhouette", () => {
    const shapes = new Map<string, string>();
    for (const [name, rows] of Object.entries(SILHOUETTES)) {
      const shape = rows.join("\n").replace(/[^.]/g, "#");
      expect({ name, same: shapes.get(shape) ?? null }).toEqual({ name, same: null });
      shapes.set(shape, name);
    }
    expect(shapes.size).toBe(Object.keys(SILHOUETTES).length);
  });

  test("every family has a prompt here, so each is drawn and outlined at every size below", () => {
    expect(new Set(FAMILY_PROMPTS.map(([, f]) => f))).toEqual(new Set(Object.keys(SILHOUETTES) as Family[]));
  });

  test("prompts pick their family", () => {
    for (const [prompt, family] of FAMILY_PROMPTS)
      expect({ prompt, f: itemFamily({ prompt }) }).toEqual({ prompt, f: family });
  });

  for (const size of [16, 32, 64, 128]) {
    test(`${size}px: transparent corners, crisp alpha, a dark outline around every family`, () => {
      for (const [prompt] of FAMILY_PROMPTS) {
        const img = decodePng(generateItem({ prompt, seed: 3, size }));
        expect([img.width, img.height]).toEqual([size, size]);
        for (const [x, y] of [
          [0, 0],
          [size - 1, 0],
          [0, size - 1],
          [size - 1, size - 1],
        ])
          expect(alphaAt(img, x, y)).toBe(0);
        let opaque = 0;
        for (let i = 3; i < img.data.length; i += 4) {
          // Only fully clear, fully solid, or the bottle's one glass opacity: no blurred edges.
          expect([0, 150, 255]).toContain(img.data[i]);
          if (img.data[i] > 0) opaque++;
        }
        expect(opaque).toBeGreaterThan(size * size * 0.08);
        expect({ prompt, size, bad: unoutlinedEdgePixels(img) }).toEqual({ prompt, size, bad: 0 });
      }
    });
  }

  test("deterministic; prompts and seeds change colours", () => {
    const a = generateItem({ prompt: "emerald sword", seed: 1, size: 32 });
    expect(generateItem({ prompt: "emerald sword", seed: 1, size: 32 })).toEqual(a);
    expect(generateItem({ prompt: "ruby sword", seed: 1, size: 32 })).not.toEqual(a);
    expect(generateItem({ prompt: "emerald sword", seed: 2, size: 32 })).not.toEqual(a);
  });

  test("a reskin keeps the target's silhouette and takes the prompt's colours", () => {
    const vanilla = itemRgba({ prompt: "diamond sword", seed: 1, size: 16 });
    const reskin = itemRgba({ prompt: "ruby", seed: 1, size: 16, target: "diamond_sword" });
    expect(alphaMask(reskin)).toEqual(alphaMask(vanilla));
    let redder = 0;
    for (let i = 0; i < reskin.data.length; i += 4) if (reskin.data[i] > reskin.data[i + 2] + 60) redder++;
    expect(redder).toBeGreaterThan(10);
    expect(itemFamily({ prompt: "a shiny thing", target: "golden_pickaxe" })).toBe("pickaxe");
  });

  test("materials colour the sprite: gold is yellow, diamond is cyan", () => {
    const mean = (img: Rgba) => {
      const s = [0, 0, 0];
      let n = 0;
      for (let i = 0; i < img.data.length; i += 4)
        if (img.data[i + 3]) {
          for (let c = 0; c < 3; c++) s[c] += img.data[i + c];
          n++;
        }
      return s.map((v) => v / n);
    };
    const [gr, , gb] = mean(itemRgba({ prompt: "gold ingot", seed: 1, size: 16 }));
    expect(gr).toBeGreaterThan(gb + 60);
    const [dr, dg] = mean(itemRgba({ prompt: "diamond gem", seed: 1, size: 16 }));
    expect(dg).toBeGreaterThan(dr + 40);
  });
});
