/**
 * POST /v1/packs/{pack}/merges over real HTTP: a pack imported, another zip merged into it with each priority, and
 * every merge rule met with a conflict: item overrides renumbered (and still resolving: the checker finds no broken
 * model reference in the export), sounds.json events combined, lang key by key, font characters moved, atlases
 * combined, a texture both packs have replaced or kept, overlays kept per folder, pack.mcmeta's overlay entries.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { strFromU8, unzipSync, zipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { waitJob } from "../../support/jobs.ts";
import { importReady } from "../../support/imports.ts";
import { errorCode } from "../../support/server.ts";
import { noisyPng } from "../../support/exports.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { checkPackZip } from "../../../src/pack/check/index.ts";

let ts: TestServer;
let key = "";
beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("merger", { plan: "pro", credits: 0 })).key;
});
afterAll(async () => {
  await ts?.close();
});

const u8 = (o: unknown) => new TextEncoder().encode(JSON.stringify(o, null, 2));
const item = (ns: string, name: string) =>
  u8({ parent: "minecraft:item/generated", textures: { layer0: `${ns}:item/${name}` } });
const override = (n: number, model: string) => ({ predicate: { custom_model_data: n }, model });

const A = {
  "pack.mcmeta": u8({ pack: { pack_format: 15, description: "Pack A" } }),
  "assets/minecraft/models/item/paper.json": u8({
    parent: "minecraft:item/generated",
    textures: { layer0: "minecraft:item/paper" },
    overrides: [override(1, "a:item/sword"), override(2, "a:item/shield")],
  }),
  "assets/a/models/item/sword.json": item("a", "sword"),
  "assets/a/models/item/shield.json": item("a", "shield"),
  "assets/a/textures/item/sword.png": noisyPng(16, 16, 1),
  "assets/a/textures/item/shield.png": noisyPng(16, 16, 2),
  "assets/a/textures/block/clash.png": noisyPng(16, 16, 3),
  "assets/minecraft/sounds.json": u8({ "a.music": { sounds: ["a:tune"] }, "shared.event": { sounds: ["a:one"] } }),
  "assets/a/lang/en_us.json": u8({ "k.one": "One A", "k.shared": "Shared A" }),
  "assets/minecraft/font/default.json": u8({
    providers: [{ type: "bitmap", file: "a:font/icons.png", ascent: 8, height: 8, chars: ["\uE000\uE001"] }],
  }),
  "assets/a/textures/font/icons.png": noisyPng(16, 8, 4),
  "assets/minecraft/atlases/blocks.json": u8({
    sources: [{ type: "directory", source: "a_blocks", prefix: "a_blocks/" }],
  }),
};

const B = {
  "pack.mcmeta": u8({
    pack: { pack_format: 15, description: "Pack B" },
    overlays: { entries: [{ directory: "b_over", formats: [18, 99] }] },
  }),
  "assets/minecraft/models/item/paper.json": u8({
    parent: "minecraft:item/generated",
    textures: { layer0: "minecraft:item/paper" },
    overrides: [override(1, "b:item/wand"), override(3, "b:item/orb")],
  }),
  "assets/b/models/item/wand.json": item("b", "wand"),
  "assets/b/models/item/orb.json": item("b", "orb"),
  "assets/b/textures/item/wand.png": noisyPng(16, 16, 5),
  "assets/b/textures/item/orb.png": noisyPng(16, 16, 6),
  "assets/a/textures/block/clash.png": noisyPng(16, 16, 7),
  "assets/b/textures/block/new.png": noisyPng(16, 16, 8),
  "assets/minecraft/sounds.json": u8({ "b.music": { sounds: ["b:tune"] }, "shared.event": { sounds: ["b:two"] } }),
  "assets/a/lang/en_us.json": u8({ "k.shared": "Shared B", "k.two": "Two B" }),
  "assets/minecraft/font/default.json": u8({
    providers: [{ type: "bitmap", file: "b:font/glyphs.png", ascent: 8, height: 8, chars: ["\uE000\uE002"] }],
  }),
  "assets/b/textures/font/glyphs.png": noisyPng(16, 8, 9),
  "assets/minecraft/atlases/blocks.json": u8({
    sources: [{ type: "directory", source: "b_blocks", prefix: "b_blocks/" }],
  }),
  "b_over/assets/b/lang/en_us.json": u8({ "k.newer": "Newer" }),
};

const b64 = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files)).toString("base64");

async function importA(): Promise<string> {
  return (await importReady({ ts, key }, zipSync(A))).accepted.pack.slug;
}

async function merge(slug: string, priority: "over" | "under") {
  const res = await ts.call("POST", `/v1/packs/${slug}/merges`, { key, body: { file: { base64: b64(B) }, priority } });
  expect(res.status).toBe(202);
  const accepted = (await res.json()) as any;
  expect(accepted.job).toMatch(new RegExp(`^${slug}:merge:\\d+$`));
  const job = (await waitJob(ts, key, accepted.job, 30_000)) as any;
  expect(job.status).toBe("ready");
  const byPath = Object.fromEntries(job.merge.paths.map((p: any) => [p.path, p]));
  const zip = new Uint8Array(await (await ts.call("GET", `/v1/packs/${slug}/export`, { key })).arrayBuffer());
  return { report: job.merge, byPath, zip, out: unzipSync(zip) };
}

const json = (out: Record<string, Uint8Array>, path: string) => JSON.parse(strFromU8(out[path]));
const pixelsOf = (png: Uint8Array) => Buffer.from(decodePng(png).data);

describe("merging a pack into a pack", () => {
  test("priority under: the pack's own wins clashes; everything mergeable is merged and reported", async () => {
    const slug = await importA();
    const { report, byPath, zip, out } = await merge(slug, "under");
    expect(report.priority).toBe("under");

    // Overrides: B's custom_model_data 1 clashed with A's and moved to a free number (3 was B's own orb).
    const paper = byPath["assets/minecraft/models/item/paper.json"];
    expect(paper.outcome).toBe("renamed");
    expect(paper.numbers).toEqual([{ item: "minecraft:paper", from: 1, to: 4, model: "b:item/wand" }]);
    const overrides = json(out, "assets/minecraft/models/item/paper.json").overrides;
    expect(overrides.map((o: any) => [o.predicate.custom_model_data, o.model])).toEqual([
      [1, "a:item/sword"],
      [2, "a:item/shield"],
      [3, "b:item/orb"],
      [4, "b:item/wand"],
    ]);
    // The renumbered entry still resolves: every model it and the others name is in the export.
    for (const o of overrides) {
      const [ns, p] = o.model.split(":");
      expect(out[`assets/${ns}/models/${p}.json`], o.model).toBeDefined();
    }
    const check = checkPackZip(zip, { version: "1.20.1" });
    expect(check.errors.filter((e) => /^(model|item)\./.test(e.rule))).toEqual([]);

    // sounds.json: events combined.
    expect(byPath["assets/minecraft/sounds.json"].outcome).toBe("merged");
    const sounds = json(out, "assets/minecraft/sounds.json");
    expect(sounds["shared.event"].sounds).toEqual(["a:one", "b:two"]);
    expect(Object.keys(sounds).sort()).toEqual(["a.music", "b.music", "shared.event"]);
    // Lang key by key: A's text where both have a key.
    expect(json(out, "assets/a/lang/en_us.json")).toEqual({
      "k.one": "One A",
      "k.shared": "Shared A",
      "k.two": "Two B",
    });
    // Font: providers concatenated, B's U+E000 moved to the first private-use character neither pack used.
    const font = byPath["assets/minecraft/font/default.json"];
    expect(font.outcome).toBe("renamed");
    expect(font.chars).toEqual([{ from: "U+E000", to: "U+E003", provider: "b:font/glyphs.png" }]);
    expect(json(out, "assets/minecraft/font/default.json").providers.map((p: any) => p.chars)).toEqual([
      ["\uE000\uE001"],
      ["\uE003\uE002"],
    ]);
    // Atlases combined.
    expect(json(out, "assets/minecraft/atlases/blocks.json").sources.map((s: any) => s.source)).toEqual([
      "a_blocks",
      "b_blocks",
    ]);
    // A texture both have: kept (under); a new one added; the overlay's file kept in its folder.
    expect(byPath["assets/a/textures/block/clash.png"].outcome).toBe("kept");
    expect(pixelsOf(out["assets/a/textures/block/clash.png"])).toEqual(
      pixelsOf(A["assets/a/textures/block/clash.png"]),
    );
    expect(byPath["assets/b/textures/block/new.png"].outcome).toBe("added");
    expect(json(out, "b_over/assets/b/lang/en_us.json")).toEqual({ "k.newer": "Newer" });
    // pack.mcmeta: the pack's own, with B's overlay entry.
    const mcmeta = json(out, "pack.mcmeta");
    expect(mcmeta.pack.description).toBe("Pack A");
    expect(mcmeta.overlays.entries.map((e: any) => e.directory)).toEqual(["b_over"]);
    expect(report.counts.added).toBeGreaterThanOrEqual(6);

    // Merging the same zip again changes nothing: every file is kept or merges to what is there.
    const again = await merge(slug, "under");
    expect(again.report.counts.added).toBe(0);
    expect(again.report.paths.flatMap((p: any) => p.numbers ?? [])).toEqual([]);
    expect(json(again.out, "assets/minecraft/models/item/paper.json").overrides).toEqual(overrides);
    expect(again.out["assets/minecraft/font/default.json"]).toEqual(out["assets/minecraft/font/default.json"]);
  });

  test("priority over: the merged pack wins clashes; the pack's own clashing numbers and characters move", async () => {
    const slug = await importA();
    const { byPath, zip, out } = await merge(slug, "over");
    expect(byPath["assets/a/textures/block/clash.png"].outcome).toBe("replaced");
    expect(pixelsOf(out["assets/a/textures/block/clash.png"])).toEqual(
      pixelsOf(B["assets/a/textures/block/clash.png"]),
    );
    expect(byPath["assets/minecraft/models/item/paper.json"].numbers).toEqual([
      { item: "minecraft:paper", from: 1, to: 4, model: "a:item/sword" },
    ]);
    const overrides = json(out, "assets/minecraft/models/item/paper.json").overrides;
    expect(overrides.find((o: any) => o.predicate.custom_model_data === 1).model).toBe("b:item/wand");
    expect(overrides.find((o: any) => o.predicate.custom_model_data === 4).model).toBe("a:item/sword");
    expect(checkPackZip(zip, { version: "1.20.1" }).errors.filter((e) => /^(model|item)\./.test(e.rule))).toEqual([]);
    expect(json(out, "assets/a/lang/en_us.json")["k.shared"]).toBe("Shared B");
    expect(byPath["assets/minecraft/font/default.json"].chars).toEqual([
      { from: "U+E000", to: "U+E003", provider: "a:font/icons.png" },
    ]);
  });

  test("the import's refusals: not a pack, a bad priority, an unknown pack; nothing is stored", async () => {
    const slug = await importA();
    const before = (await ts.svc.db.get<{ n: number }>("SELECT count(*) AS n FROM merges"))!.n;
    const notPack = await ts.call("POST", `/v1/packs/${slug}/merges`, {
      key,
      body: { file: { base64: Buffer.from(zipSync({ "notes.txt": u8("hi") })).toString("base64") }, priority: "over" },
    });
    expect(await errorCode(notPack)).toBe("not_a_pack");
    const bad = await ts.call("POST", `/v1/packs/${slug}/merges`, {
      key,
      body: { file: { base64: b64(B) }, priority: "sideways" },
    });
    expect(await errorCode(bad)).toBe("invalid_request");
    const missing = await ts.call("POST", "/v1/packs/no-such-pack/merges", {
      key,
      body: { file: { base64: b64(B) }, priority: "over" },
    });
    expect(await errorCode(missing)).toBe("not_found");
    expect((await ts.svc.db.get<{ n: number }>("SELECT count(*) AS n FROM merges"))!.n).toBe(before);
  });
});
