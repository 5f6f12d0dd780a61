import { describe, expect, test } from "bun:test";
import { generateModel } from "../../src/gen/model.ts";
import { TEMPLATES, pickTemplate } from "../../src/gen/models/index.ts";
import { checkBlockModel } from "../../src/pack/model-rules.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import type { CarrierKind, ModelRequest } from "../../src/gen/types.ts";

/** One prompt per template, naming the template's own first word. */
const PROMPTS = Object.fromEntries(TEMPLATES.map((t) => [t.name, t.words[0] ? `a ${t.words[0]}` : "a zorblax"]));
const VERSIONS = ["1.12.2", "1.20.1", "1.21.6", "26.3"];
const req = (prompt: string, seed: number, extra: Partial<ModelRequest> = {}): ModelRequest => ({
  prompt,
  seed,
  carrierKind: "full",
  directional: true,
  minecraftVersion: "1.20.1",
  textureId: (s) => `packsmith:block/m_${s}`,
  ...extra,
});
type El = { from: number[]; to: number[]; rotation?: { angle: number } };

describe("generateModel", () => {
  // A word can switch a template's shape or slots (an easel's canvas, a ship's sail): each word's model resolves.
  test("every word of every template gives a model whose textures all resolve", () => {
    for (const t of TEMPLATES)
      for (const w of t.words)
        for (const seed of [1, 2, 3]) {
          const g = generateModel(req(`a ${w}`, seed));
          const problems = checkBlockModel(g.model, { minecraftVersion: "1.20.1", textureSlots: "must-resolve" });
          if (problems.length) throw new Error(`${t.name} "${w}" seed ${seed}: ${problems.join("; ")}`);
        }
  });
  for (const t of TEMPLATES)
    test(`${t.name}: 50 seeds x 4 versions pass the model rules`, () => {
      for (let seed = 0; seed < 50; seed++)
        for (const v of VERSIONS) {
          const kind: CarrierKind = (["full", "partial", "item"] as const)[seed % 3];
          const g = generateModel(req(PROMPTS[t.name], seed, { minecraftVersion: v, carrierKind: kind }));
          const problems = checkBlockModel(g.model, { minecraftVersion: v, textureSlots: "must-resolve" });
          if (problems.length) throw new Error(`${t.name} seed ${seed} ${v}: ${problems.join("; ")}`);
          expect((g.model.elements as El[]).length).toBeGreaterThan(0);
        }
    });

  test("the prompt picks the template; earliest word wins; unknown falls back", () => {
    for (const t of TEMPLATES) if (t.words.length) expect(pickTemplate(`a fancy ${t.words[0]}`).name).toBe(t.name);
    expect(pickTemplate("a lantern on a table").name).toBe("lantern");
    expect(pickTemplate("oak bookshelf").name).toBe("shelf");
    expect(pickTemplate("a potion brewing machine").name).toBe("machine"); // "potion" is not a pot
    expect(pickTemplate("zorblax").name).toBe("boxes");
  });

  test("'well' as an adverb names no well; the well itself still does", () => {
    expect(pickTemplate("a well made chair").name).toBe("chair");
    expect(pickTemplate("a well-built oak table").name).toBe("table");
    expect(pickTemplate("a well crafted lantern").name).toBe("lantern");
    expect(pickTemplate("wishing well").name).toBe("well");
    expect(pickTemplate("a stone well with a bucket").name).toBe("well");
  });

  test("different templates give different geometry", () => {
    const shapes = new Set(TEMPLATES.map((t) => JSON.stringify(generateModel(req(PROMPTS[t.name], 7)).model.elements)));
    expect(shapes.size).toBe(TEMPLATES.length);
  });

  test("deterministic: same request, identical JSON and PNG bytes; other seed differs", () => {
    const a = generateModel(req("birch chair with red velvet", 42));
    const b = generateModel(req("birch chair with red velvet", 42));
    expect(JSON.stringify(a.model)).toBe(JSON.stringify(b.model));
    for (const k of Object.keys(a.textures))
      expect(Buffer.from(a.textures[k]).equals(Buffer.from(b.textures[k]))).toBe(true);
    const seeds = new Set(
      Array.from({ length: 8 }, (_, s) => JSON.stringify(generateModel(req("a chair", s)).model.elements)),
    );
    expect(seeds.size).toBeGreaterThan(4);
  });

  test("textures: every slot maps through textureId, each PNG decodes to 16x16, particle set", () => {
    const g = generateModel(req("iron lamp with white wool shade", 3));
    const tex = g.model.textures as Record<string, string>;
    expect(tex.particle).toMatch(/^#/);
    for (const [slot, id] of Object.entries(tex)) if (slot !== "particle") expect(id).toMatch(/^packsmith:block\/m_/);
    for (const png of Object.values(g.textures)) {
      const img = decodePng(png);
      expect([img.width, img.height]).toEqual([16, 16]);
    }
    // Every referenced texture id has its PNG in the output.
    for (const id of Object.values(tex))
      if (!id.startsWith("#")) expect(Object.keys(g.textures)).toContain(id.replace("packsmith:block/m_", ""));
  });

  test("prompt materials reach the textures", () => {
    const plain = generateModel(req("a table", 1));
    const marble = generateModel(req("a marble table", 1));
    expect(Buffer.from(Object.values(plain.textures)[0]).equals(Buffer.from(Object.values(marble.textures)[0]))).toBe(
      false,
    );
  });

  test("carrierKind sizes the model: full fills a block, partial stays under 12", () => {
    const size = (k: CarrierKind) => {
      const els = generateModel(req("copper lantern", 5, { carrierKind: k })).model.elements as El[];
      let max = 0;
      for (let i = 0; i < 3; i++)
        max = Math.max(max, Math.max(...els.map((e) => e.to[i])) - Math.min(...els.map((e) => e.from[i])));
      return max;
    };
    expect(size("full")).toBeCloseTo(16, 0);
    expect(size("partial")).toBeLessThanOrEqual(12);
  });

  test("rotations follow the version: 22.5 steps on 1.20.1, free on 26.3", () => {
    const angles = (v: string) =>
      Array.from(
        { length: 20 },
        (_, s) => generateModel(req("amethyst crystal", s, { minecraftVersion: v })).model.elements as El[],
      )
        .flat()
        .filter((e) => e.rotation)
        .map((e) => e.rotation!.angle);
    expect(angles("1.20.1").every((a) => [-45, -22.5, 22.5, 45].includes(a))).toBe(true);
    expect(angles("26.3").some((a) => ![-45, -22.5, 22.5, 45].includes(a))).toBe(true);
  });

  test("display covers the item contexts", () => {
    const d = generateModel(req("a crate", 1)).model.display as Record<string, unknown>;
    for (const ctx of [
      "gui",
      "ground",
      "fixed",
      "head",
      "thirdperson_righthand",
      "thirdperson_lefthand",
      "firstperson_righthand",
      "firstperson_lefthand",
    ])
      expect(d[ctx]).toBeDefined();
  });

  test("directional models face north: chest latch on the north side, chair back on the south", () => {
    for (let seed = 0; seed < 10; seed++) {
      const chest = generateModel(req("a chest", seed)).model.elements as El[];
      const minZ = Math.min(...chest.map((e) => e.from[2]));
      const front = chest.filter((e) => e.from[2] === minZ);
      expect(front.every((e) => e.to[0] - e.from[0] <= 4)).toBe(true); // only the latch sticks out in front
      const chair = generateModel(req("a chair", seed)).model.elements as El[];
      const top = chair.reduce((a, b) => (b.to[1] > a.to[1] ? b : a));
      expect((top.from[2] + top.to[2]) / 2).toBeGreaterThan(8);
    }
  });
});

test("compound subjects: a desk lamp is a lamp (not a desk), a sofa and a bed have their own templates", () => {
  expect(pickTemplate("desk lamp").name).toBe("lamp");
  expect(pickTemplate("oak desk").name).toBe("table");
  expect(pickTemplate("red velvet sofa").name).toBe("sofa");
  expect(pickTemplate("wooden bed with a blue blanket").name).toBe("bed");
});

test("the newer templates answer their words: anvil, cauldron, campfire, tombstone, tree and bush, well and fountain", () => {
  for (const [prompt, name] of [
    ["iron anvil", "anvil"],
    ["witch cauldron", "cauldron"],
    ["cozy campfire", "campfire"],
    ["mossy gravestone with a cross", "tombstone"],
    ["cherry tree", "tree"],
    ["round bush", "tree"],
    ["wishing well", "well"],
    ["stone fountain", "well"],
  ])
    expect(pickTemplate(prompt).name).toBe(name);
});

test("household and street props have templates: fridge, stove, sink, toilet, bathtub, TV, mailbox, bin, flag, umbrella", () => {
  for (const [prompt, name] of [
    ["white fridge", "fridge"],
    ["iron stove", "stove"],
    ["kitchen sink", "sink"],
    ["toilet", "toilet"],
    ["old bathtub", "bathtub"],
    ["flat screen tv", "tv"],
    ["blue mailbox", "mailbox"],
    ["trash bin", "bin"],
    ["red flag", "flag"],
    ["beach umbrella", "umbrella"],
  ])
    expect(pickTemplate(prompt).name).toBe(name);
});

test("forty subjects: every template but the fallback is picked by its own words", () => {
  const named = TEMPLATES.filter((t) => t.words.length);
  expect(named.length).toBeGreaterThanOrEqual(40);
  for (const [prompt, name] of [
    ["grandfather clock", "clock"],
    ["iron birdcage", "cage"],
    ["wooden doghouse", "birdhouse"],
    ["pirate cannon", "cannon"],
    ["camping tent", "tent"],
  ])
    expect(pickTemplate(prompt).name).toBe(name);
});
