import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  accepted,
  b64,
  corpusBytes,
  download,
  hasCorpus,
  newPack,
  png,
  refused,
  row,
  startEnv,
  type Env,
} from "../../support/uploads.ts";
import { checkBlockModel } from "../../../src/pack/model-rules.ts";
import { decodePng } from "../../../src/media/png-decode.ts";

let env: Env;
beforeAll(async () => {
  env = await startEnv(); // the pack targets the default release, 1.21.11
});
afterAll(() => env.ts.close());

const cube = (el: Record<string, unknown> = {}) => ({
  textures: { all: "block/stone", particle: "#all" },
  elements: [
    {
      from: [0, 0, 0],
      to: [16, 16, 16],
      faces: { north: { texture: "#all" }, up: { texture: "#all", uv: [0, 0, 16, 16] } },
      ...el,
    },
  ],
});
const model = (json: unknown, extra: Record<string, unknown> = {}, slug = env.slug) => ({
  body: { type: "model", file: { text: JSON.stringify(json) }, ...extra },
  slug,
});
const modelJson = async (name: string, e = env) =>
  JSON.parse(new TextDecoder().decode(await download(e, "model", name)));

describe("Java block model JSON", () => {
  test("a valid model is stored as sent, carrierKind full by default", async () => {
    const { body } = model(cube(), { name: "Stone Cube" });
    const a = await accepted(env, body);
    expect(a).toMatchObject({ type: "model", kind: "model", name: "stone_cube" });
    expect(await modelJson(a.name)).toEqual(cube());
    expect((await row(env, "model", a.name)).meta).toMatchObject({ carrierKind: "full", format: "java" });
    const partial = await accepted(env, model(cube(), { name: "slab", carrierKind: "partial" }).body);
    expect((await row(env, "model", partial.name)).meta.carrierKind).toBe("partial");
  });

  test("element bounds: -16 and 32 are the edges", async () => {
    await accepted(env, model(cube({ from: [-16, -16, -16], to: [32, 32, 32] }), { name: "edges" }).body);
    expect(await refused(env, model(cube({ to: [32.5, 16, 16] }), { name: "x" }).body, "invalid_request")).toContain(
      "leaves -16..32",
    );
    await refused(env, model(cube({ from: [-16.01, 0, 0] }), { name: "x" }).body, "invalid_request");
    expect(
      await refused(env, model(cube({ from: [8, 0, 0], to: [4, 16, 16] }), { name: "x" }).body, "invalid_request"),
    ).toContain("greater than");
    await refused(env, model(cube({ from: [0, 0], to: [16, 16, 16] }), { name: "x" }).body, "invalid_request");
  });

  test("rotations follow the pack's release: 22.5 steps before 1.21.6, any angle in ±45 until 1.21.11, then any", async () => {
    const old = await newPack(env.ts, env.key, "Old", "1.20.1");
    const mid = await newPack(env.ts, env.key, "Mid", "1.21.6");
    const rot = (angle: number) => cube({ rotation: { origin: [8, 8, 8], axis: "y", angle } });
    await accepted(env, model(rot(22.5), { name: "r" }).body, old);
    expect(await refused(env, model(rot(30), { name: "r" }).body, "invalid_request", old)).toContain(
      "-45, -22.5, 0, 22.5, 45",
    );
    await accepted(env, model(rot(30), { name: "r" }).body, mid);
    expect(await refused(env, model(rot(60), { name: "r" }).body, "invalid_request", mid)).toContain("outside -45..45");
    await accepted(env, model(rot(60), { name: "r" }).body);
    await refused(
      env,
      model(cube({ rotation: { origin: [8, 8, 8], axis: "w", angle: 0 } }), { name: "r" }).body,
      "invalid_request",
    );
    const multi = cube({ rotation: { origin: [8, 8, 8], x: 10, y: 20 } });
    await accepted(env, model(multi, { name: "multi" }).body);
    expect(await refused(env, model(multi, { name: "multi" }).body, "invalid_request", mid)).toContain("1.21.11");
  });

  test("texture references must resolve; a parent may fill them", async () => {
    const missing = { ...cube(), textures: { side: "block/stone" } };
    expect(await refused(env, model(missing, { name: "x" }).body, "invalid_request")).toContain("#all");
    const cycle = { ...cube(), textures: { all: "#a", a: "#all" } };
    expect(await refused(env, model(cycle, { name: "x" }).body, "invalid_request")).toContain("never resolves");
    await accepted(env, model({ ...cube(), parent: "block/block", textures: {} }, { name: "parented" }).body);
    await refused(
      env,
      model(cube({ faces: { north: { texture: "#all", rotation: 45 } } }), { name: "x" }).body,
      "invalid_request",
    );
    await refused(env, model(cube({ faces: { front: { texture: "#all" } } }), { name: "x" }).body, "invalid_request");
    await refused(
      env,
      model(cube({ faces: { north: { texture: "#all", uv: [0, 0, 17, 16] } } }), { name: "x" }).body,
      "invalid_request",
    );
  });

  test("not JSON, not an object, or neither elements nor parent is refused", async () => {
    expect(await refused(env, { type: "model", name: "x", file: { text: "{ nope" } }, "invalid_request")).toContain(
      "not JSON",
    );
    expect(await refused(env, model([1, 2], { name: "x" }).body, "invalid_request")).toContain("JSON object");
    expect(await refused(env, model({ textures: {} }, { name: "x" }).body, "invalid_request")).toContain("elements");
    await refused(env, { type: "model", name: "x", file: { base64: b64(png(4, 4)) } }, "invalid_request");
  });

  test("many problems are summarised, not dumped", async () => {
    const bad = {
      elements: Array.from({ length: 6 }, () => ({
        from: [99, 0, 0],
        to: [100, 16, 16],
        faces: { up: { texture: "block/stone" } },
      })),
    };
    expect(await refused(env, model(bad, { name: "x" }).body, "invalid_request")).toMatch(/and \d+ more/);
  });
});

/** Embedded textures of a .bbmodel by slot name, as the converter names them. */
function embedded(text: string): Map<string, Uint8Array> {
  const doc = JSON.parse(text);
  return new Map(
    doc.textures.map((t: any) => [
      t.name.replace(/\.png$/i, "").toLowerCase(),
      Uint8Array.from(Buffer.from(t.source.split(",")[1], "base64")),
    ]),
  );
}

/** Checks a converted model: valid for the pack, every texture reference a stored model_texture with the embedded bytes. */
async function checkConverted(e: Env, name: string, source: Map<string, Uint8Array>, folder: "block" | "item") {
  const json = await modelJson(name, e);
  expect(checkBlockModel(json, { minecraftVersion: "1.21.11" })).toEqual([]);
  const r = await row(e, "model", name);
  const slots = Object.keys(json.textures).filter((s) => s !== "particle");
  expect(r.meta.textureSlots.sort()).toEqual(slots.sort());
  const textures = (await e.ts.svc.db.all(
    "SELECT name, meta FROM assets WHERE type = 'model_texture' AND json_extract(meta, '$.model') = ?",
    [r.id],
  )) as any[];
  expect(textures.length).toBe(slots.length);
  for (const t of textures) {
    const meta = JSON.parse(t.meta);
    expect(json.textures[meta.slot]).toBe(`${meta.namespace}:${meta.path}`);
    expect(meta.namespace).toBe(e.slug);
    expect(meta.path.startsWith(`${folder}/`)).toBe(true);
    const bytes = await download(e, "texture", t.name);
    decodePng(bytes);
    expect(bytes).toEqual(source.get(meta.slot)!);
  }
  return { json, meta: r.meta };
}

describe.skipIf(!hasCorpus)("corpus .bbmodel through the endpoint", () => {
  test("blanktopia_wotamelon (java_block, 12 elements, 4 embedded textures) converts; its textures come in as model_texture assets", async () => {
    const text = new TextDecoder().decode(await corpusBytes("bbmodel/blanktopia_wotamelon.bbmodel"));
    const a = await accepted(env, { type: "model", name: "wotamelon", file: { text } });
    expect(a).toMatchObject({ type: "model", kind: "model", name: "wotamelon" });
    const { json, meta } = await checkConverted(env, a.name, embedded(text), "block");
    expect(json.elements.length).toBe(12);
    expect(meta).toMatchObject({ format: "bbmodel", carrierKind: "item", warnings: [] });
    // A second upload gets its own name, and its texture references follow the new name.
    const again = await accepted(env, {
      type: "model",
      name: "wotamelon",
      file: { base64: b64(await corpusBytes("bbmodel/blanktopia_wotamelon.bbmodel")) },
    });
    expect(again.name).toBe("wotamelon_2");
    const second = await checkConverted(env, again.name, embedded(text), "block");
    expect(
      Object.values(second.json.textures)
        .filter((v: any) => !v.startsWith("#"))
        .every((v: any) => v.includes("/wotamelon_2_")),
    ).toBe(true);
  });

  test("spydnel_scourge_modded_entity (entity format, box UV, an animation) converts with warnings saying what was lost", async () => {
    const text = new TextDecoder().decode(await corpusBytes("bbmodel/spydnel_scourge_modded_entity.bbmodel"));
    const a = await accepted(env, { type: "model", name: "scourge", file: { text } });
    const { meta } = await checkConverted(env, a.name, embedded(text), "block");
    expect(meta.warnings.join(" | ")).toContain("modded_entity");
    expect(meta.warnings.join(" | ")).toContain("animation");
  });

  test("jannisx11_blockbench_test (no textures) is refused, saying to embed a texture", async () => {
    const text = new TextDecoder().decode(await corpusBytes("bbmodel/jannisx11_blockbench_test.bbmodel"));
    expect(await refused(env, { type: "model", name: "jt", file: { text } }, "invalid_request")).toContain(
      "no embedded textures",
    );
  });

  test("animatedjava_cube_ajmodel (zero elements) is refused, saying there are no cubes", async () => {
    const text = new TextDecoder().decode(await corpusBytes("bbmodel/animatedjava_cube_ajmodel.bbmodel"));
    expect(await refused(env, { type: "model", name: "aj", file: { text } }, "invalid_request")).toContain("no cubes");
  });

  test.each([
    ["blanktopia_wotamelon", "no group named like a head piece"],
    ["jannisx11_blockbench_test", "no group named like a head piece"],
    ["animatedjava_cube_ajmodel", "no group named like a head piece"],
    ["spydnel_scourge_modded_entity", "no textured cubes"],
  ])("as armor3d, %s is refused: %s", async (file, why) => {
    const text = new TextDecoder().decode(await corpusBytes(`bbmodel/${file}.bbmodel`));
    expect(await refused(env, { type: "armor3d", target: "iron", file: { text } }, "invalid_request")).toContain(why);
  });
});

describe("armor3d", () => {
  const face = (uv: number[]) => ({ uv, texture: 0 });
  const faces = {
    north: face([0, 0, 8, 8]),
    south: face([8, 0, 16, 8]),
    east: face([0, 8, 8, 16]),
    west: face([8, 8, 16, 16]),
    up: face([0, 0, 8, 8]),
    down: face([0, 0, 8, 8]),
  };
  const armourSet = (texturePng: Uint8Array) => ({
    meta: { format_version: "4.5", model_format: "free", box_uv: false },
    name: "iron set",
    resolution: { width: 16, height: 16 },
    elements: [
      { name: "helm", uuid: "e1", type: "cube", from: [-4, 24, -4], to: [4, 32, 4], faces },
      { name: "crest", uuid: "e2", type: "cube", from: [-1, 32, -4], to: [1, 34, 4], faces },
      { name: "plate", uuid: "e3", type: "cube", from: [-4, 12, -2], to: [4, 24, 2], faces },
    ],
    outliner: [
      { name: "helmet", uuid: "g1", children: ["e1", "e2"] },
      { name: "chestplate", uuid: "g2", children: ["e3"] },
    ],
    textures: [{ name: "iron_set.png", id: "0", uuid: "t1", source: `data:image/png;base64,${b64(texturePng)}` }],
  });

  test("an armour set converts to its helmet: worn display, item-folder textures, a warning for the other pieces", async () => {
    const texture = png(16, 16);
    const a = await accepted(env, {
      type: "armor3d",
      target: "iron",
      file: { text: JSON.stringify(armourSet(texture)) },
    });
    expect(a).toMatchObject({ type: "armor3d", kind: "model", name: "armor:iron" });
    const { json, meta } = await checkConverted(env, a.name, new Map([["iron_set", texture]]), "item");
    expect(json.elements.length).toBe(2); // the chestplate's cube is left out
    expect(json.display.head.scale).toEqual([1.6, 1.6, 1.6]);
    expect(meta.warnings.join(" ")).toContain('"chestplate"');
    expect((await row(env, "model", a.name)).target).toBe("iron");
  });

  test("the target must be a vanilla armour set; a block model JSON is not an armour set", async () => {
    const text = JSON.stringify(armourSet(png(16, 16)));
    expect(await refused(env, { type: "armor3d", target: "mithril", file: { text } }, "invalid_request")).toContain(
      "not a vanilla armour set",
    );
    expect(
      await refused(
        env,
        { type: "armor3d", target: "gold", file: { text: JSON.stringify(cube()) } },
        "invalid_request",
      ),
    ).toContain("Blockbench");
  });

  test("a texture that is only a path on the author's disk is refused", async () => {
    const doc = armourSet(png(16, 16));
    doc.textures[0].source = "C:/Users/me/iron_set.png";
    expect(
      await refused(env, { type: "armor3d", target: "gold", file: { text: JSON.stringify(doc) } }, "invalid_request"),
    ).toContain("not embedded");
  });
});

describe.skipIf(!hasCorpus)("asset limit", () => {
  test("a .bbmodel counts its model textures: 5 assets do not fit in a pack with room for 3", async () => {
    const small = await startEnv({ "asset-limit": "3" });
    try {
      const text = new TextDecoder().decode(await corpusBytes("bbmodel/blanktopia_wotamelon.bbmodel"));
      expect(await refused(small, { type: "model", name: "melon", file: { text } }, "asset_limit_reached")).toContain(
        "limit is 3",
      );
      await accepted(small, { type: "block", name: "one", file: { base64: b64(png(4, 4)) } });
      await accepted(small, { type: "block", name: "two", file: { base64: b64(png(4, 4)) } });
      await accepted(small, { type: "block", name: "three", file: { base64: b64(png(4, 4)) } });
      await refused(small, { type: "block", name: "four", file: { base64: b64(png(4, 4)) } }, "asset_limit_reached");
    } finally {
      await small.ts.close();
    }
  });
});
