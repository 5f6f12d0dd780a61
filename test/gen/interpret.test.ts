/**
 * The interpretation layer: what each kind reads from a prompt, what it reports as unmatched, how a
 * caller's spec wins, and that the item painter puts a part's colour in that part.
 */
import { describe, expect, test } from "bun:test";
import { interpret, withoutParts } from "../../src/gen/interpret/read.ts";
import { promptWithSpec } from "../../src/gen/interpret/with-spec.ts";
import { interpretTask } from "../../src/gen/interpret/task.ts";
import { VOCABULARY } from "../../src/gen/interpret/vocabulary.ts";
import { itemRgba } from "../../src/gen/item.ts";
import { textureRgba } from "../../src/gen/texture.ts";
import { SILHOUETTES } from "../../src/gen/art/silhouettes.ts";
import type { Rgba } from "../../src/media/png.ts";

describe("reading prompts", () => {
  test("items: subject, material, a part with its own material; nothing unmatched", () => {
    expect(interpret("item", "ruby sword with a gold hilt")).toEqual({
      subject: "sword",
      material: "ruby",
      parts: [{ part: "hilt", material: "gold" }],
      details: [],
      unmatched: [],
    });
    expect(interpret("item", "iron axe with a red handle").parts).toEqual([{ part: "handle", colour: "red" }]);
  });

  test("a word nothing reaches (not even the lexicon) falls back and says so; its word is unmatched", () => {
    const r = interpret("item", "copper zorblax", {}, { fallbackItem: "ingot" });
    expect(r.subject).toBe("ingot");
    expect(r.fallback).toBe("no item subject in the prompt: drawn as ingot");
    expect(r.unmatched).toEqual(["zorblax"]);
    expect(r.material).toBe("copper");
    // A gizmo is a device: the lexicon's nearest broad family, and the answer says it fell back.
    expect(interpret("item", "copper gizmo")).toMatchObject({
      subject: "wrench",
      fallback: "no 'gizmo' subject: drawn as the nearest family, wrench (gizmo → device → wrench)",
      via: [["gizmo", "device", "wrench"]],
      unmatched: [],
    });
  });

  test("textures: structure, material, wear and tone; a second colour and unknown words are unmatched", () => {
    expect(interpret("texture", "mossy cracked dark stone bricks")).toMatchObject({
      subject: "bricks",
      material: "stone",
      wear: ["mossy", "cracked"],
      tone: "dark",
      unmatched: [],
    });
    // Laid pieces take a second colour in their joints (art/material.ts): blue bricks, white mortar.
    const two = interpret("texture", "blue and white stone bricks with runes");
    expect(two.colours).toEqual(["blue", "white"]);
    // Runes are an overlay the texture painter draws (art/layers.ts): reported in details, not unmatched.
    expect(two.unmatched).toEqual([]);
    expect(two.details).toEqual(["runes"]);
    // A third colour changes nothing and says so.
    expect(interpret("texture", "blue white and red stone bricks").unmatched).toEqual(["red"]);
    // Two-colour patterns paint both colours.
    expect(interpret("texture", "blue and white checkered tiles")).toMatchObject({
      subject: "checkered",
      colours: ["blue", "white"],
      unmatched: ["tiles"], // a second structure word: the painter draws the first
    });
  });

  test("models, sounds, icons and GUIs name what their painter picks", () => {
    expect(interpret("model", "a brass lantern").subject).toBe("lantern");
    expect(interpret("model", "a zorblax").fallback).toBe("no model subject in the prompt: drawn as stacked boxes");
    expect(interpret("sound", "laser zap").subject).toBe("laser");
    expect(interpret("icon", "a red heart").subject).toBe("heart");
    expect(interpret("gui", "dark oak", {}, { target: "furnace" })).toMatchObject({
      subject: "furnace",
      material: "dark_oak",
    });
  });

  test("stop words are never reported; repeated words are reported once", () => {
    expect(interpret("item", "a sword with the of and a")).toMatchObject({ subject: "sword", unmatched: [] });
    expect(interpret("item", "zorp zorp sword").unmatched).toEqual(["zorp"]);
  });

  test("the spec wins field by field; parts merge by name, the spec's first", () => {
    const r = interpret("item", "ruby sword with a gold hilt and a blue gem", {
      material: "diamond",
      parts: [{ part: "hilt", colour: "red" }],
    });
    expect(r.material).toBe("diamond");
    expect(r.parts).toEqual([
      { part: "hilt", colour: "red" },
      { part: "gem", colour: "blue" },
    ]);
    expect(interpret("item", "copper gizmo", { subject: "staff" }).fallback).toBeUndefined();
    // The prompt's own material gives way to the spec's; its other words stay.
    expect(promptWithSpec("rough stone", { material: "gold", wear: ["mossy"] })).toBe("gold mossy rough");
    expect(promptWithSpec("stone", undefined)).toBe("stone");
  });

  test("part words leave the main material's words; `with <material>` paints the accent", () => {
    expect(withoutParts("ruby sword with a gold hilt")).toBe("ruby sword with a");
    expect(interpret("item", "golden crown with emeralds")).toMatchObject({
      subject: "crown",
      material: "gold",
      parts: [{ part: "accent", material: "emerald" }],
      unmatched: [],
    });
    expect(interpret("item", "iron shield with a red cross").parts).toEqual([{ part: "cross", colour: "red" }]);
  });

  test("deterministic, and the same for a task as for its painter's words", () => {
    const task = {
      op: "item" as const,
      req: { prompt: "netherite zorblax", seed: 1, size: 16, target: null },
    };
    expect(interpretTask(task)).toEqual(interpretTask(task));
    // The painter draws an ingot for a bare metal with no known subject; the interpretation says so.
    expect(interpretTask(task)).toMatchObject({ subject: "ingot", unmatched: ["zorblax"] });
  });

  test("the vocabulary lists every kind's subjects, and item parts", () => {
    expect(VOCABULARY.item.subjects.map((s) => s.subject)).toContain("sword");
    expect(VOCABULARY.item.parts).toContain("hilt");
    expect(VOCABULARY.item.parts).toEqual(expect.arrayContaining(["laces", "buckle", "cap", "border", "tassel"]));
    expect(VOCABULARY.gui.parts).toEqual(expect.arrayContaining(["frame", "border", "slots", "accents"]));
    expect(VOCABULARY.hud.parts).toEqual(expect.arrayContaining(["hearts", "hunger", "armour", "xp", "hotbar"]));
    expect(VOCABULARY.model.subjects.map((s) => s.subject)).toContain("lantern");
    expect(VOCABULARY.texture.patterns.map((s) => s.subject)).toContain("bricks");
    expect(VOCABULARY.sound.subjects.length).toBeGreaterThan(10);
    expect(VOCABULARY.texture.materials).toContain("deepslate");
  });
});

/** Mean colour of the opaque pixels on the mask cells labelled `letter` (16x16 sprites). */
function meanOf(img: Rgba, mask: string[], letter: string): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  mask.forEach((row, y) => {
    [...row].forEach((c, x) => {
      const i = (y * img.width + x) * 4;
      if (c !== letter || img.data[i + 3] === 0) return;
      for (let k = 0; k < 3; k++) sum[k] += img.data[i + k];
      n++;
    });
  });
  return sum.map((v) => v / Math.max(1, n)) as [number, number, number];
}

describe("the item painter reads parts", () => {
  const sword = (prompt: string, spec?: object) => itemRgba({ prompt, seed: 7, size: 16, target: null, spec });
  const hilt = (img: Rgba) => meanOf(img, SILHOUETTES.sword, "H");
  const blade = (img: Rgba) => meanOf(img, SILHOUETTES.sword, "M");

  test("a gold hilt is gold: yellow in the handle, the blade stays ruby red", () => {
    const plain = sword("ruby sword");
    const gold = sword("ruby sword with a gold hilt");
    const [r, g, b] = hilt(gold);
    expect(r).toBeGreaterThan(b + 60); // gold: red and green well above blue
    expect(g).toBeGreaterThan(b + 40);
    expect(hilt(plain)).not.toEqual(hilt(gold));
    // The blade stays ruby: the hilt's gold does not leak into the main material.
    const [br, bg] = blade(gold);
    expect(br).toBeGreaterThan(bg + 60);
  });

  test("a part's colour from the spec lands in its part", () => {
    const [r, g, b] = hilt(sword("ruby sword", { parts: [{ part: "hilt", colour: "blue" }] }));
    expect(b).toBeGreaterThan(r + 30);
    expect(b).toBeGreaterThan(g);
  });

  test("same request, same pixels", () => {
    expect(Buffer.compare(sword("ruby sword with a gold hilt").data, sword("ruby sword with a gold hilt").data)).toBe(
      0,
    );
  });
});

describe("the texture painter reads the spec", () => {
  test("spec material gold over a prompt of stone gives gold", () => {
    const mean = (img: Rgba) => {
      let r = 0;
      let b = 0;
      for (let i = 0; i < img.data.length; i += 4) {
        r += img.data[i];
        b += img.data[i + 2];
      }
      return { r, b };
    };
    const req = { prompt: "stone", size: 16, mode: "custom" as const, description: "a block", seed: 3 };
    const stone = mean(textureRgba(req));
    const gold = mean(textureRgba({ ...req, prompt: promptWithSpec(req.prompt, { material: "gold" }) }));
    expect(stone.r - stone.b).toBeLessThan(gold.r - gold.b);
  });
});

describe("item subjects, contents and parts added for the 64 families", () => {
  const item = (prompt: string) => itemRgba({ prompt, seed: 7, size: 16, target: null });

  test("every new subject word is the subject, never unmatched (words that change nothing still are)", () => {
    for (const [prompt, subject] of [
      ["obsidian dagger", "dagger"],
      ["spiked mace", "mace"],
      ["treasure map", "map"],
      ["sweet berries", "berries"],
      ["apple pie", "pie"],
      ["raw salmon", "fish"],
      ["ender pearl", "pearl"],
      ["wizard hat", "hat"],
    ] as const) {
      const r = interpret("item", prompt);
      expect({ prompt, subject: r.subject }).toEqual({ prompt, subject });
      for (const w of prompt.split(" ").filter((w) => interpret("item", w).subject === subject))
        expect(r.unmatched).not.toContain(w);
    }
  });

  test("`of <contents>` is what a container holds: honey paints the bucket's liquid, not the bucket", () => {
    expect(interpret("item", "bucket of honey").parts).toEqual([{ part: "content", colour: "honey" }]);
    const honey = item("bucket of honey");
    const [r, g, b] = meanOf(honey, SILHOUETTES.bucket, "A");
    expect(r).toBeGreaterThan(b + 80); // amber: red and green well above blue
    expect(g).toBeGreaterThan(b + 30);
    const [mr, mg, mb] = meanOf(honey, SILHOUETTES.bucket, "M");
    expect(Math.max(mr, mg, mb) - Math.min(mr, mg, mb)).toBeLessThan(60); // the pail stays iron grey
  });

  test("the word that names the subject is not a part of it: an emerald gem is green all through", () => {
    expect(interpret("item", "emerald gem").parts).toEqual([]);
    const [r, g, b] = meanOf(item("emerald gem"), SILHOUETTES.gem, "M");
    expect(g).toBeGreaterThan(r + 40);
    expect(g).toBeGreaterThan(b + 20);
  });

  test("white feathers fletch an arrow: the fletching is white, the head stays its own", () => {
    expect(interpret("item", "arrow with white feathers").parts).toEqual([{ part: "feather", colour: "white" }]);
    const white = meanOf(item("arrow with white feathers"), SILHOUETTES.arrow, "S");
    const black = meanOf(item("arrow with black feathers"), SILHOUETTES.arrow, "S");
    // Half the fletching is its dark lower edge, as on a stick; the lit half is white.
    expect(Math.min(...white)).toBeGreaterThan(80);
    expect(Math.min(...white)).toBeGreaterThan(Math.max(...black) + 60);
  });
});

describe("texture wear and substances read since the fidelity bench named them", () => {
  test("a weak word (block) names the thing; the substance's own surface decides", () => {
    // The material is what the texture is of; `via` says the surface it is drawn as, and "block" is no pattern.
    const read = interpret("texture", "amethyst block", {}, { structure: "crystal", surface: "amethyst" });
    expect(read).toMatchObject({ subject: "amethyst", unmatched: [], via: [["amethyst", "crystal"]] });
    expect(read.patterns).toBeUndefined();
    expect(interpret("texture", "block", {}, {})).toMatchObject({ subject: "panel" });
  });

  test("rust and copper oxidation are wear words, and they colour the surface", () => {
    expect(interpret("texture", "oxidized copper block").wear).toEqual(["oxidized"]);
    expect(interpret("texture", "rusty iron plate").wear).toEqual(["rusty"]);
    const mean = (prompt: string) => {
      const img = textureRgba({ prompt, size: 16, seed: 3, mode: "custom" } as Parameters<typeof textureRgba>[0]);
      const sum = [0, 0, 0];
      for (let i = 0; i < img.data.length; i += 4) for (let k = 0; k < 3; k++) sum[k] += img.data[i + k];
      return sum.map((v) => v / (img.data.length / 4));
    };
    const [cr, cg] = mean("copper block");
    const [or, og, ob] = mean("oxidized copper block");
    expect(cr).toBeGreaterThan(cg); // copper: orange
    expect(og).toBeGreaterThan(or + 20); // oxidized: teal
    expect(ob).toBeGreaterThan(or);
    const [rr, rg, rb] = mean("rusty iron block");
    expect(rr).toBeGreaterThan(rb + 30); // rust: orange-brown
    expect(rr).toBeGreaterThan(rg);
  });
});

describe("details over any surface, and books on shelves", () => {
  const tex = (prompt: string) =>
    textureRgba({ prompt, size: 16, seed: 5, mode: "custom" } as Parameters<typeof textureRgba>[0]);
  const distinct = (img: Rgba) =>
    new Set(Array.from({ length: img.width * img.height }, (_, i) => img.data.subarray(i * 4, i * 4 + 3).join())).size;

  test("bolts, veins and glowing veins are read as wear and drawn", () => {
    expect(interpret("texture", "iron plate with bolts").wear).toEqual(["riveted"]);
    expect(interpret("texture", "magma block with glowing veins").wear).toEqual(["glowing", "veined"]);
    // Bolt heads: the same lit pixel at the eight places (on a panel its rim, 1 px in), lighter than the surface.
    const plate = tex("iron plate with bolts");
    const at = (x: number, y: number) => plate.data.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 3).join();
    expect(new Set([at(1, 1), at(14, 1), at(1, 14), at(14, 14), at(8, 1)]).size).toBe(1);
    const planks = tex("oak planks with bolts");
    const on = (x: number, y: number) => planks.data.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 3).join();
    expect(new Set([on(2, 2), on(13, 2), on(2, 13), on(13, 13), on(8, 2)]).size).toBe(1);
    // Glowing veins add a lit orange the plain rock does not have.
    const glow = tex("netherrack with glowing veins");
    const orange = (img: Rgba) => {
      let k = 0;
      for (let i = 0; i < img.data.length; i += 4) if (img.data[i] === 255 && img.data[i + 1] >= 170) k++;
      return k;
    };
    expect(orange(glow)).toBeGreaterThan(4);
    expect(orange(tex("netherrack"))).toBe(0);
  });

  test("a bookshelf draws books in the colours named, between planks", () => {
    const r = interpret("texture", "bookshelf full of red and green books");
    expect(r).toMatchObject({ subject: "bookshelf", colours: ["red", "green"] });
    const img = tex("bookshelf full of red and green books");
    const reds = { r: 0, g: 0 };
    for (let i = 0; i < img.data.length; i += 4) {
      const [R, G, B] = img.data.subarray(i, i + 3);
      if (R > G + 50 && R > B + 50) reds.r++;
      if (G > R + 20 && G > B + 20) reds.g++;
    }
    expect(reds.r).toBeGreaterThan(10);
    expect(reds.g).toBeGreaterThan(10);
    expect(distinct(img)).toBeGreaterThan(6);
  });
});

test("spots and engravings are wear words that change the picture", () => {
  expect(interpret("texture", "spotted red wool").wear).toEqual(["spotted"]);
  expect(interpret("texture", "engraved stone bricks").wear).toEqual(["chiseled"]);
  const px = (prompt: string) =>
    textureRgba({ prompt, size: 16, seed: 5, mode: "custom" } as Parameters<typeof textureRgba>[0]).data;
  expect(Buffer.compare(px("spotted red wool"), px("red wool"))).not.toBe(0);
  expect(Buffer.compare(px("engraved stone"), px("stone"))).not.toBe(0);
});

test("a face word draws that face ('birch log top' is rings) and a metal beside a colour is the stripes' second", () => {
  const top = interpretTask({
    op: "texture",
    req: { prompt: "birch log top", size: 16, seed: 1, mode: "custom" },
  } as never);
  expect(top).toMatchObject({ subject: "rings", unmatched: [] });
  const img = textureRgba({ prompt: "purple and gold striped wool", size: 16, seed: 1, mode: "custom" } as never);
  let gold = 0;
  for (let i = 0; i < img.data.length; i += 4)
    if (img.data[i] > 180 && img.data[i + 1] > 140 && img.data[i + 2] < 110) gold++;
  expect(gold).toBeGreaterThan(10);
});
