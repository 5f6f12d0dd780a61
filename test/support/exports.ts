import { expect } from "bun:test";
import { unzipSync, strFromU8 } from "fflate";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestServer } from "./server.ts";
import { insertAsset, type NewAsset, type AssetRow } from "../../src/core/assets.ts";
import { getPackBySlug, type PackRow } from "../../src/core/packs.ts";
import { encodePng, newRgba, type Rgba } from "../../src/media/png.ts";
import { rngFrom } from "../../src/gen/rng.ts";

/** A PNG with `colours` distinct opaque colours (enough to clear the origin floor when >= 3). */
export function noisyPng(w: number, h: number, seed: number, colours = 6): Uint8Array {
  const img = noisyRgba(w, h, seed, colours);
  return encodePng(img);
}

export function noisyRgba(w: number, h: number, seed: number, colours = 6): Rgba {
  const img = newRgba(w, h);
  const rng = rngFrom(seed);
  const palette = Array.from({ length: colours }, () => [rng() * 255, rng() * 255, rng() * 255].map(Math.floor));
  for (let i = 0; i < w * h; i++) {
    const c = palette[Math.floor(rng() * colours)];
    img.data.set([c[0], c[1], c[2], 255], i * 4);
  }
  return img;
}

export function flatPng(w: number, h: number): Uint8Array {
  const img = newRgba(w, h);
  for (let i = 0; i < w * h; i++) img.data.set([90, 90, 90, 255], i * 4);
  return encodePng(img);
}

/** A model JSON with `elements` boxes whose textures are `<ns>:block/<name>_<slot>`. */
export function modelJson(ns: string, name: string, slots: string[], elements = 3): Uint8Array {
  const textures: Record<string, string> = {};
  for (const s of slots) textures[s] = `${ns}:block/${name}_${s}`;
  textures.particle = `${ns}:block/${name}_${slots[0]}`;
  const els = Array.from({ length: elements }, (_, i) => ({
    from: [i, 0, i],
    to: [i + 4, 2 + i, i + 6],
    faces: Object.fromEntries(
      ["north", "south", "east", "west", "up", "down"].map((f) => [f, { texture: `#${slots[i % slots.length]}` }]),
    ),
  }));
  return new TextEncoder().encode(JSON.stringify({ textures, elements: els }));
}

export interface PackFixture {
  server: TestServer;
  key: string;
  pack: PackRow;
  add(
    a: Omit<NewAsset, "packId" | "status" | "source"> & {
      bytes: Uint8Array;
      status?: NewAsset["status"];
      source?: NewAsset["source"];
    },
  ): Promise<AssetRow>;
}

export async function packFixture(
  server: TestServer,
  key: string,
  version: string,
  name = `pack ${version}`,
): Promise<PackFixture> {
  const res = await server.call("POST", "/v1/packs", { key, body: { name, minecraftVersion: version } });
  expect(res.status).toBe(201);
  const slug = ((await res.json()) as any).pack.slug;
  const pack = (await getPackBySlug(server.svc.db, slug))!;
  return {
    server,
    key,
    pack,
    async add({ bytes, status, source, ...rest }) {
      const blob = await server.svc.blobs.put(bytes);
      return await insertAsset(server.svc.db, {
        packId: pack.id,
        status: status ?? "ready",
        source: source ?? "generated",
        blob,
        sizeBytes: bytes.length,
        ...rest,
      });
    },
  };
}

export interface Exported {
  bytes: Uint8Array;
  files: Record<string, Uint8Array>;
  names: string[];
  text(path: string): string;
  json(path: string): any;
  report: any;
}

export async function exportPack(server: TestServer, key: string, slug: string, query = ""): Promise<Exported> {
  const res = await server.call("GET", `/v1/packs/${slug}/export${query}`, { key });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${slug}.zip"`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return readZip(bytes);
}

export function readZip(bytes: Uint8Array): Exported {
  const files = unzipSync(bytes);
  const names = Object.keys(files);
  const text = (p: string) => {
    if (!files[p]) throw new Error(`no ${p} in the zip; it has ${names.join(", ")}`);
    return strFromU8(files[p]);
  };
  const json = (p: string) => JSON.parse(text(p));
  return { bytes, files, names, text, json, report: json("packsmith-export.json") };
}

/** `unzip -t` (Info-ZIP, a strict reader): every entry's CRC and sizes check out. */
export function unzipTest(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "packsmith-zip-"));
  try {
    const file = join(dir, "pack.zip");
    writeFileSync(file, bytes);
    const run = Bun.spawnSync(["unzip", "-t", file]);
    const out = run.stdout.toString() + run.stderr.toString();
    expect(run.exitCode).toBe(0);
    expect(out).toContain("No errors detected");
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `ns:path` → the zip path of a texture a model refers to. */
export function texturePath(ref: string): string {
  const [ns, path] = ref.includes(":") ? ref.split(":") : ["minecraft", ref];
  return `assets/${ns}/textures/${path}.png`;
}

export function modelPath(ref: string): string {
  const [ns, path] = ref.includes(":") ? ref.split(":") : ["minecraft", ref];
  return `assets/${ns}/models/${path}.json`;
}

/**
 * Every texture a model in the pack's own namespace refers to is in the zip (vanilla references,
 * `minecraft:…`, resolve against the game's own files and are left alone). Returns how many were checked.
 */
export function checkModelReferences(z: Exported, ns: string): number {
  let checked = 0;
  for (const name of z.names) {
    if (!/^assets\/[^/]+\/models\/.+\.json$/.test(name)) continue;
    const model = z.json(name);
    for (const ref of Object.values(model.textures ?? {}) as string[]) {
      if (ref.startsWith("#") || !ref.startsWith(`${ns}:`)) continue;
      expect(z.names).toContain(texturePath(ref));
      checked++;
    }
    if (typeof model.parent === "string" && model.parent.startsWith(`${ns}:`))
      expect(z.names).toContain(modelPath(model.parent));
    for (const o of model.overrides ?? [])
      if (o.model.startsWith(`${ns}:`)) expect(z.names).toContain(modelPath(o.model));
  }
  return checked;
}
