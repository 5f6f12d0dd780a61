import { afterAll, beforeAll, expect, test } from "bun:test";
import { strFromU8 } from "fflate";
import { startTestServer, errorCode, type TestServer } from "../../support/server.ts";
import {
  packFixture,
  exportPack,
  noisyPng,
  flatPng,
  modelJson,
  readZip,
  type PackFixture,
} from "../../support/exports.ts";
import { originHash } from "../../../src/origin/hash.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { getPackBySlug } from "../../../src/core/packs.ts";
import { exportSummary } from "../../../src/export/index.ts";

let server: TestServer;
let key: string;
let f: PackFixture;

/** Local headers in order: name and compression method (0 stored, 8 deflate). */
function entries(zip: Uint8Array): { name: string; method: number }[] {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const out: { name: string; method: number }[] = [];
  for (let at = 0; v.getUint32(at, true) === 0x04034b50; ) {
    const method = v.getUint16(at + 8, true);
    const packed = v.getUint32(at + 18, true);
    const nameLen = v.getUint16(at + 26, true);
    const extra = v.getUint16(at + 28, true);
    out.push({ name: new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLen)), method });
    at += 30 + nameLen + extra + packed;
  }
  return out;
}

async function lookup(hashes: string[]) {
  const res = await server.call("POST", "/v1/origin/lookup", { body: { hashes } });
  expect(res.status).toBe(200);
  return (await res.json()) as any;
}

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.account("zipper")).key;
  f = await packFixture(server, key, "1.21.4", "zip rules");
  const ns = f.pack.slug;
  await f.add({
    kind: "texture",
    type: "block",
    name: "stone",
    target: "stone",
    meta: { texture: "stone" },
    bytes: noisyPng(16, 16, 11),
  });
  await f.add({
    kind: "texture",
    type: "block",
    name: "dirt",
    target: "dirt",
    meta: { texture: "dirt" },
    source: "uploaded",
    bytes: noisyPng(16, 16, 12),
  });
  await f.add({ kind: "texture", type: "block", name: "plain", bytes: flatPng(16, 16) });
  await f.add({ kind: "texture", type: "item", name: "item:ruby", meta: {}, bytes: noisyPng(16, 16, 13) });
  const m = await f.add({
    kind: "model",
    type: "model",
    name: "lamp",
    meta: { carrierKind: "item" },
    bytes: modelJson(ns, "lamp", ["a"], 3),
  });
  await f.add({
    kind: "texture",
    type: "model_texture",
    name: "model:lamp_a",
    meta: { model: m.id, slot: "a", namespace: ns, path: "block/lamp_a" },
    bytes: noisyPng(16, 16, 14),
  });
  await f.add({
    kind: "sound",
    type: "sound",
    name: "block.stone.break",
    meta: { event: "block.stone.break", replacesVanilla: true },
    bytes: new Uint8Array(200).fill(9),
  });
});
afterAll(() => server.close());

test("two exports of an unchanged pack are byte-identical; PNG and Ogg stored, text deflated", async () => {
  const a = await exportPack(server, key, f.pack.slug);
  const b = await exportPack(server, key, f.pack.slug);
  expect(Buffer.compare(Buffer.from(a.bytes), Buffer.from(b.bytes))).toBe(0);
  const list = entries(a.bytes);
  expect(list.map((e) => e.name).slice(0, -1)).toEqual([...list.map((e) => e.name).slice(0, -1)].sort());
  expect(list[list.length - 1].name).toBe("packsmith-export.json");
  for (const e of list) {
    if (/\.(png|ogg)$/.test(e.name)) expect(e.method).toBe(0);
    else if (e.name.endsWith(".json") || e.name.endsWith(".mcmeta")) expect(e.method).toBe(8);
  }
});

test("optimize=true deflates binaries where it helps and keeps the same files, losslessly", async () => {
  const plain = await exportPack(server, key, f.pack.slug);
  const opt = await exportPack(server, key, f.pack.slug, "?optimize=true");
  expect(opt.names.sort()).toEqual(plain.names.sort());
  // PNGs re-encoded and JSON minified (test/api/export/optimize.test.ts has the details): the same pixels and
  // values; everything else byte for byte.
  for (const n of opt.names) {
    const [a, b] = [opt.files[n], plain.files[n]];
    if (n.endsWith(".png")) expect(Buffer.compare(decodePng(a).data, decodePng(b).data), n).toBe(0);
    else if (/\.(json|mcmeta)$/.test(n)) expect(JSON.parse(strFromU8(a)), n).toEqual(JSON.parse(strFromU8(b)));
    else expect(Buffer.compare(Buffer.from(a), Buffer.from(b)), n).toBe(0);
  }
  expect(entries(opt.bytes).find((e) => e.name.endsWith(".ogg"))!.method).toBe(8); // 200 equal bytes deflate well
  expect(opt.bytes.length).toBeLessThan(plain.bytes.length);
  const res = await server.call("GET", `/v1/packs/${f.pack.slug}/export?optimize=maybe`, { key });
  expect(await errorCode(res)).toBe("invalid_request");
});

test("export registers generated PNG and JSON from the zip's bytes; never uploads, sounds or generic content; first export wins", async () => {
  const z = await exportPack(server, key, f.pack.slug);
  const ns = f.pack.slug;
  const hashOf = (p: string) => originHash(p, z.files[p]).hash;
  const generated = [
    `assets/minecraft/textures/block/stone.png`,
    `assets/${ns}/textures/item/ruby.png`,
    `assets/${ns}/models/block/lamp.json`,
    `assets/${ns}/textures/block/lamp_a.png`,
  ];
  const never = [
    `assets/minecraft/textures/block/dirt.png`,
    `assets/${ns}/textures/block/plain.png`,
    `assets/${ns}/models/item/ruby.json`,
    `assets/${ns}/sounds/block.stone.break.ogg`,
  ];
  const first = await lookup([...generated, ...never].map(hashOf));
  expect(first.matched).toBe(generated.length);
  expect(first.results.map((r: any) => r.verdict)).toEqual([
    ...generated.map(() => "generated"),
    ...never.map(() => "no_record"),
  ]);
  expect(first.results[0]).toMatchObject({ form: "png", kind: "texture" });
  expect(first.results[2]).toMatchObject({ form: "json", kind: "model" });
  await Bun.sleep(5);
  await exportPack(server, key, f.pack.slug);
  const again = await lookup(generated.map(hashOf));
  expect(again.results.map((r: any) => r.firstSeen)).toEqual(
    first.results.slice(0, generated.length).map((r: any) => r.firstSeen),
  );
});

test("the export_pack summary builds the same zip without registering or sending it", async () => {
  const z = await exportPack(server, key, f.pack.slug);
  const summary = await exportSummary(server.svc, (await getPackBySlug(server.svc.db, f.pack.slug))!);
  expect(summary).toEqual({
    sizeBytes: z.bytes.length,
    clientLimitBytes: 262_144_000,
    overClientLimit: false,
    fileCount: z.names.length,
    leftOut: 0,
  });
});

test("not_found for a pack the key cannot reach, missing_api_key without a key; a read-only key may export", async () => {
  const other = await server.account("stranger");
  expect(await errorCode(await server.call("GET", `/v1/packs/${f.pack.slug}/export`, { key: other.key }))).toBe(
    "not_found",
  );
  expect(await errorCode(await server.call("GET", `/v1/packs/no-such-pack/export`, { key }))).toBe("not_found");
  expect(await errorCode(await server.call("GET", `/v1/packs/${f.pack.slug}/export`))).toBe("missing_api_key");
  const owner = (await server.svc.db.get("SELECT owner_id FROM packs WHERE id = ?", [f.pack.id])) as {
    owner_id: number;
  };
  const readOnly = await server.key(owner.owner_id, "rest", true);
  expect((await exportPack(server, readOnly, f.pack.slug)).names).toContain("pack.mcmeta");
});

test("export_failed (500) when a stored file has gone missing; nothing is registered", async () => {
  const g = await packFixture(server, key, "1.21.4", "broken store");
  const a = await g.add({
    kind: "texture",
    type: "block",
    name: "deepslate",
    target: "deepslate",
    meta: { texture: "deepslate" },
    bytes: noisyPng(16, 16, 99),
  });
  await server.svc.blobs.delete(a.blob!);
  const res = await server.call("GET", `/v1/packs/${g.pack.slug}/export`, { key });
  expect(res.status).toBe(500);
  expect(await errorCode(res)).toBe("export_failed");
});

test("pack.png is written from the pack's icon", async () => {
  const g = await packFixture(server, key, "1.20.1", "with icon");
  const icon = noisyPng(64, 64, 5);
  await server.svc.db.run("UPDATE packs SET icon_blob = ? WHERE id = ?", [await server.svc.blobs.put(icon), g.pack.id]);
  const z = await exportPack(server, key, g.pack.slug);
  expect(Buffer.compare(Buffer.from(z.files["pack.png"]), Buffer.from(icon))).toBe(0);
  expect(readZip(z.bytes).names).toContain("pack.mcmeta");
});

test("minVersion on GET /packs/{pack} follows the same requirements the exporter leaves assets out by", async () => {
  const g = await packFixture(server, key, "1.20.1", "min version");
  const minVersion = async () =>
    ((await (await server.call("GET", `/v1/packs/${g.pack.slug}`, { key })).json()) as any).pack.minVersion;
  await g.add({ kind: "texture", type: "block", name: "marble", bytes: noisyPng(16, 16, 1) });
  const oldest = await minVersion();
  await g.add({ kind: "font", type: "icon", name: "coin", meta: { char: null, height: 8 }, bytes: noisyPng(8, 8, 2) });
  expect(await minVersion()).toBe("1.13");
  await g.add({ kind: "texture", type: "gui", name: "gui:smoker", target: "smoker", bytes: noisyPng(256, 256, 3) });
  expect(await minVersion()).toBe("1.14");
  await g.add({
    kind: "texture",
    type: "item",
    name: "item:diamond_sword.ruby",
    target: "diamond_sword",
    meta: { variant: "ruby" },
    bytes: noisyPng(16, 16, 4),
  });
  expect(await minVersion()).toBe("1.21.4");
  const z = await exportPack(server, key, g.pack.slug);
  expect(z.report.leftOut).toEqual([
    {
      asset: `${g.pack.slug}:texture:item:diamond_sword.ruby`,
      reason: "requires_newer_version",
      detail: "needs Minecraft 1.21.4 or newer; the pack targets 1.20.1",
      requiredVersion: "1.21.4",
    },
  ]);
  expect(oldest).not.toBe("1.13");
});
