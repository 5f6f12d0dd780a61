/**
 * Shared by the upload tests: a server with one account and pack, the upload call, PNG builders,
 * and the "changed nothing" check (asset rows, upload rows and the files under the data dir's blobs/).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect } from "bun:test";
import { startTestServer, type TestServer } from "./server.ts";
import { encodePng, newRgba, type Rgba } from "../../src/media/png.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { pngChunk } from "./png-fixture.ts";

import { CORPUS } from "./corpus.ts";
export { CORPUS };
export const hasCorpus = existsSync(CORPUS);
if (!hasCorpus) console.log(`note: ${CORPUS} is absent; corpus upload tests are skipped`);
export const corpusBytes = async (rel: string) => new Uint8Array(await Bun.file(join(CORPUS, rel)).arrayBuffer());

export interface Env {
  ts: TestServer;
  key: string;
  slug: string;
}

/** A server (with `settings`), an account and one pack at `version`. */
export async function startEnv(settings: Record<string, string> = {}, version?: string): Promise<Env> {
  const ts = await startTestServer(settings);
  const { key } = await ts.account("uploader");
  const slug = await newPack(ts, key, "Upload Pack", version);
  return { ts, key, slug };
}

export async function newPack(ts: TestServer, key: string, name: string, version?: string): Promise<string> {
  const res = await ts.call("POST", "/v1/packs", {
    key,
    body: { name, ...(version ? { minecraftVersion: version } : {}) },
  });
  if (res.status !== 201) throw new Error(`create pack: ${res.status} ${await res.text()}`);
  return ((await res.json()) as any).pack.slug;
}

export interface Answer {
  status: number;
  body: any;
}

/** POST /v1/packs/{slug}/assets with a JSON body. */
export async function upload(env: Env, body: Record<string, unknown>, slug = env.slug): Promise<Answer> {
  const res = await env.ts.call("POST", `/v1/packs/${slug}/assets`, { key: env.key, body });
  return { status: res.status, body: await res.json() };
}

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** Downloads an asset's stored bytes through the API. */
export async function download(env: Env, kind: string, name: string, slug = env.slug): Promise<Uint8Array> {
  const res = await env.ts.call("GET", `/v1/packs/${slug}/assets/${kind}/${encodeURIComponent(name)}`, {
    key: env.key,
  });
  if (res.status !== 200) throw new Error(`download ${kind}/${name}: ${res.status} ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}

export async function downloadPng(env: Env, kind: string, name: string, slug = env.slug): Promise<Rgba> {
  return decodePng(await download(env, kind, name, slug));
}

/** The stored row of an asset (meta parsed). */
export async function row(env: Env, kind: string, name: string): Promise<any> {
  const r = (await env.ts.svc.db.get(
    "SELECT a.* FROM assets a JOIN packs p ON p.id = a.pack_id WHERE p.slug = ? AND a.kind = ? AND a.name = ?",
    [env.slug, kind, name],
  )) as any;
  return r ? { ...r, meta: JSON.parse(r.meta) } : null;
}

/** A w x h image whose every pixel has its own colour (so resampling can be checked pixel by pixel). */
export function distinctImage(w: number, h: number): Rgba {
  const img = newRgba(w, h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) img.data.set([x & 255, y & 255, (x * 7 + y * 13) & 255, 255], (y * w + x) * 4);
  return img;
}

/** Copied into its own ArrayBuffer so it can be a fetch body as well. */
export const png = (w: number, h: number): Uint8Array<ArrayBuffer> => new Uint8Array(encodePng(distinctImage(w, h)));

export const pixel = (img: Rgba, x: number, y: number) =>
  Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));

/** A valid PNG padded with a private ancillary chunk to exactly `size` bytes. */
export function pngOfSize(size: number): Uint8Array<ArrayBuffer> {
  const base = png(4, 4);
  const iend = base.length - 12;
  const pad = size - base.length - 12;
  if (pad < 0) throw new Error(`a PNG cannot be as small as ${size} bytes`);
  const out = new Uint8Array(size);
  out.set(base.subarray(0, iend));
  out.set(pngChunk("prVt", new Uint8Array(pad).fill(0x61)), iend);
  out.set(base.subarray(iend), iend + 12 + pad);
  return out;
}

/** Every file under the data dir's blobs/ (temp files included). */
export function blobFiles(env: Env): string[] {
  const root = join(env.ts.dataDir, "blobs");
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(root);
  return out.sort();
}

async function snapshot(env: Env) {
  const db = env.ts.svc.db;
  return {
    assets: await db.all("SELECT id, kind, name, blob, meta FROM assets ORDER BY id"),
    uploads: await db.all("SELECT id, status, blob FROM uploads ORDER BY id"),
    blobs: blobFiles(env),
  };
}

/**
 * Runs an upload that must be refused with `code`, and checks it changed nothing: no asset row, no
 * upload spent, no file added under blobs/. Returns the error message.
 */
export async function refused(env: Env, body: Record<string, unknown>, code: string, slug = env.slug): Promise<string> {
  const before = await snapshot(env);
  const res = await upload(env, body, slug);
  if (res.body?.error?.code !== code)
    throw new Error(`expected ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  expect(await snapshot(env)).toEqual(before);
  return res.body.error.message as string;
}

/** Runs an upload that must succeed (201, status ready) and returns the answer body. */
export async function accepted(env: Env, body: Record<string, unknown>, slug = env.slug): Promise<any> {
  const res = await upload(env, body, slug);
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status} ${JSON.stringify(res.body)}`);
  expect(res.body.status).toBe("ready");
  expect(res.body.id).toBe(`${slug}:${res.body.kind}:${res.body.name}`);
  return res.body;
}
