/**
 * Small HTTP helpers shared by the generation tests: post a generation, wait for its job, download and
 * decode what it made. Everything goes through the real server (test/support/server.ts).
 */
import { expect } from "bun:test";
import type { TestServer } from "./server.ts";
import { waitJob } from "./jobs.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import type { Rgba } from "../../src/media/png.ts";

export type Endpoint = "textures" | "items" | "icons" | "guis" | "huds" | "sounds" | "models";

export interface Answer {
  status: number;
  body: any;
}

export async function generate(
  ts: TestServer,
  key: string,
  pack: string,
  endpoint: Endpoint,
  body: Record<string, unknown>,
): Promise<Answer> {
  const res = await ts.call("POST", `/v1/packs/${pack}/${endpoint}`, { key, body });
  return { status: res.status, body: await res.json() };
}

/** Expects a 400 invalid_request whose message matches `message` (when given). */
export function expectRefused(a: Answer, message?: RegExp): void {
  if (a.status !== 400) throw new Error(`expected 400, got ${a.status}: ${JSON.stringify(a.body)}`);
  expect(a.body.error.code).toBe("invalid_request");
  if (message) expect(a.body.error.message).toMatch(message);
}

/** The stored bytes of a ready asset; fails the test on any other answer. */
export async function fileOf(
  ts: TestServer,
  key: string,
  pack: string,
  kind: string,
  name: string,
): Promise<Uint8Array> {
  const res = await ts.call("GET", `/v1/packs/${pack}/assets/${kind}/${encodeURIComponent(name)}`, { key });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`GET ${kind}/${name}: ${res.status} ${new TextDecoder().decode(bytes)}`);
  return bytes;
}

export interface Made {
  accepted: any;
  bytes: Uint8Array;
}

/**
 * Accepts (202) and waits for the job to be ready; fails the test on any other answer or end. `timeoutMs` is
 * the wait for the job (the browser tests, on a machine busy with Chromium, give it longer).
 */
export async function generateReady(
  ts: TestServer,
  key: string,
  pack: string,
  endpoint: Endpoint,
  body: Record<string, unknown>,
  timeoutMs?: number,
): Promise<{ accepted: any; job: any }> {
  const a = await generate(ts, key, pack, endpoint, body);
  if (a.status !== 202) throw new Error(`POST ${endpoint}: ${a.status} ${JSON.stringify(a.body)}`);
  const job = await waitJob(ts, key, a.body.job, timeoutMs);
  if (job.status !== "ready") throw new Error(`job ${a.body.job} ended ${job.status}: ${job.error}`);
  return { accepted: a.body, job };
}

/** Accepts (202), waits for ready and downloads the result. */
export async function make(
  ts: TestServer,
  key: string,
  pack: string,
  endpoint: Endpoint,
  body: Record<string, unknown>,
): Promise<Made> {
  const { accepted } = await generateReady(ts, key, pack, endpoint, body);
  return { accepted, bytes: await fileOf(ts, key, pack, accepted.kind, accepted.id) };
}

export async function makePng(
  ts: TestServer,
  key: string,
  pack: string,
  endpoint: Endpoint,
  body: Record<string, unknown>,
): Promise<Made & { img: Rgba }> {
  const m = await make(ts, key, pack, endpoint, body);
  return { ...m, img: decodePng(m.bytes) };
}

export const alphaAt = (img: Rgba, x: number, y: number) => img.data[(y * img.width + x) * 4 + 3];

/** A model's own texture assets (name starts with `model:`), from the asset list, decoded. */
export async function modelTextures(
  ts: TestServer,
  key: string,
  pack: string,
  model: Record<string, any>,
): Promise<Map<string, Rgba>> {
  const out = new Map<string, Rgba>();
  const ids = Object.values(model.textures as Record<string, string>).filter((v) => !v.startsWith("#"));
  const res = await ts.call("GET", `/v1/packs/${pack}/assets?kind=texture&limit=200`, { key });
  const list = ((await res.json()) as any).assets as { name: string }[];
  for (const id of new Set(ids)) {
    // The resource location `<ns>:block/<model>_<slot>` is stored as texture `model:<model>_<slot>`.
    const name = `model:${id.slice(id.lastIndexOf("/") + 1)}`;
    expect(list.map((a) => a.name)).toContain(name);
    out.set(id, decodePng(await fileOf(ts, key, pack, "texture", name)));
  }
  return out;
}

export const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes));

/** The stored row's meta, straight from sqlite. */
export async function rowMeta(ts: TestServer, pack: string, kind: string, name: string): Promise<Record<string, any>> {
  const r = (await ts.svc.db.get(
    "SELECT a.meta FROM assets a JOIN packs p ON p.id = a.pack_id WHERE p.slug = ? AND a.kind = ? AND a.name = ?",
    [pack, kind, name],
  )) as { meta: string } | null;
  if (!r) throw new Error(`no row ${pack}:${kind}:${name}`);
  return JSON.parse(r.meta);
}

export async function assetCount(ts: TestServer, pack: string): Promise<number> {
  return (
    (await ts.svc.db.get("SELECT count(*) AS n FROM assets a JOIN packs p ON p.id = a.pack_id WHERE p.slug = ?", [
      pack,
    ])) as { n: number }
  ).n;
}

/** The game version a pack targets, as the API reports it. */
export async function packVersion(ts: TestServer, key: string, pack: string): Promise<string> {
  const res = await ts.call("GET", `/v1/packs/${pack}`, { key });
  return ((await res.json()) as any).pack.minecraftVersion;
}
