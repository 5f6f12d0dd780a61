/**
 * Shared by the import tests: a server with one account, POST /v1/imports by any file source, paging
 * a pack's assets, and the two checks every import test leans on: `checkLanded` (what the finished
 * job stored is exactly the plan computed here from the same bytes, byte for byte) and `dataDirState`
 * (every file under the data dir is the database or a blob named by the hash of its own bytes).
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect } from "bun:test";
import { serverOn, startTestServer, type TestServer } from "./server.ts";
import { ENGINES_UNDER_TEST, type EnginePair } from "./engine-pair.ts";
import { waitJob } from "./jobs.ts";
import { openPackZip, planImport, type ImportItem, type ImportPlan } from "../../src/pack/import-plan.ts";
import type { ZipArchive } from "../../src/pack/zip-read.ts";
import { BlobStore } from "../../src/store/blobs.ts";
import { ERROR_STATUS, type ErrorCode } from "../../src/core/errors.ts";

import { CORPUS } from "./corpus.ts";
export { CORPUS };
export const hasCorpus = existsSync(join(CORPUS, "packs"));
if (!hasCorpus) console.log(`note: ${CORPUS} is absent; corpus import tests are skipped`);
export const corpusBytes = async (rel: string) => new Uint8Array(await Bun.file(join(CORPUS, rel)).arrayBuffer());
export const corpusPacks = () =>
  hasCorpus
    ? readdirSync(join(CORPUS, "packs"))
        .filter((f) => f.endsWith(".zip"))
        .sort()
    : [];

export interface Env {
  ts: TestServer;
  key: string;
  accountId: number;
}

/** What the import helpers need: a server and a key on it (any test's, not only startEnv's). */
export type Caller = Pick<Env, "ts" | "key">;

export async function startEnv(
  settings: Record<string, string> = {},
  plan: "starter" | "creator" | "pro" = "pro",
  engines: EnginePair = ENGINES_UNDER_TEST,
): Promise<Env> {
  const ts = await startTestServer(settings, engines);
  const { id, key } = await ts.account("importer", { plan });
  return { ts, key, accountId: id };
}

/**
 * Stops the server without deleting its data dir and starts a new one on the same dir (startServer,
 * as a restart would), so whatever it resumes on start can be watched. Same key, same account.
 * `whileStopped` runs between the two (the data dir is then at rest).
 */
export async function restart(env: Env, whileStopped: () => void = () => {}): Promise<Env> {
  await env.ts.stop();
  whileStopped();
  return { ...env, ts: await serverOn(env.ts.dataDir, env.ts.settings) };
}

export interface Answer {
  status: number;
  body: any;
}

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** POST /v1/uploads then PUT the bytes; returns the upload id. */
export async function putUpload(env: Caller, bytes: Uint8Array, fileName?: string): Promise<string> {
  const res = await env.ts.call("POST", "/v1/uploads", { key: env.key, body: fileName ? { fileName } : {} });
  const up = (await res.json()) as any;
  if (res.status !== 201) throw new Error(`create upload: ${res.status} ${JSON.stringify(up)}`);
  const put = await fetch(up.url, {
    method: "PUT",
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    headers: { authorization: `Bearer ${env.key}` },
  });
  if (put.status !== 200) throw new Error(`PUT upload: ${put.status} ${await put.text()}`);
  return up.upload;
}

export async function postImport(env: Caller, body: Record<string, unknown>): Promise<Answer> {
  const res = await env.ts.call("POST", "/v1/imports", { key: env.key, body });
  return { status: res.status, body: await res.json() };
}

/** Imports zip bytes inline (base64) or through an upload. */
export async function importZip(
  env: Caller,
  bytes: Uint8Array,
  opts: { via?: "base64" | "upload"; name?: string; minecraftVersion?: string; fileName?: string } = {},
): Promise<Answer> {
  const file = opts.via === "upload" ? { upload: await putUpload(env, bytes, opts.fileName) } : { base64: b64(bytes) };
  return postImport(env, {
    file,
    ...(opts.name ? { name: opts.name } : {}),
    ...(opts.minecraftVersion ? { minecraftVersion: opts.minecraftVersion } : {}),
  });
}

/** Imports and expects 202; returns the answer body. */
export async function accepted(
  env: Caller,
  bytes: Uint8Array,
  opts: Parameters<typeof importZip>[2] = {},
): Promise<any> {
  const res = await importZip(env, bytes, opts);
  if (res.status !== 202) throw new Error(`expected 202, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const finished = (env: Caller, job: string, timeoutMs = 120_000) => waitJob(env.ts, env.key, job, timeoutMs);

/** Imports, expects 202 and waits until the job is ready; answers the 202 body and the finished job. */
export async function importReady(
  env: Caller,
  bytes: Uint8Array,
  opts: Parameters<typeof importZip>[2] = {},
): Promise<{ accepted: any; job: any }> {
  const body = await accepted(env, bytes, opts);
  const job = await finished(env, body.job);
  if (job.status !== "ready") throw new Error(`import ${body.job} ended ${job.status}: ${job.error}`);
  return { accepted: body, job };
}

/** The plan for the same bytes, made here with the server's default version. */
export function planOf(
  env: Env,
  bytes: Uint8Array,
  minecraftVersion?: string,
): { archive: ZipArchive; plan: ImportPlan } {
  const archive = openPackZip(bytes);
  return { archive, plan: planImport(archive, { minecraftVersion, defaultVersion: env.ts.svc.config.defaultVersion }) };
}

/** Every asset of a pack, paging GET /packs/{pack}/assets (200 a page) until nextCursor is null. */
export async function listAssets(env: Env, slug: string): Promise<any[]> {
  const all: any[] = [];
  let cursor: number | null = null;
  for (let page = 0; ; page++) {
    const q: string = cursor === null ? "?limit=200" : `?limit=200&cursor=${cursor}`;
    const res = await env.ts.call("GET", `/v1/packs/${slug}/assets${q}`, { key: env.key });
    const body = (await res.json()) as any;
    if (res.status !== 200) throw new Error(`list assets: ${res.status} ${JSON.stringify(body)}`);
    all.push(...body.assets);
    cursor = body.nextCursor;
    if (cursor === null) return all;
    if (page > 1000) throw new Error("paging never ends");
  }
}

export async function download(env: Env, slug: string, kind: string, name: string): Promise<Uint8Array> {
  const res = await env.ts.call("GET", `/v1/packs/${slug}/assets/${kind}/${encodeURIComponent(name)}`, {
    key: env.key,
  });
  if (res.status !== 200) throw new Error(`download ${kind}/${name}: ${res.status} ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}

export const packCount = async (env: Env) =>
  ((await env.ts.svc.db.get("SELECT count(*) AS n FROM packs")) as any).n as number;
export const importCount = async (env: Env) =>
  ((await env.ts.svc.db.get("SELECT count(*) AS n FROM imports")) as any).n as number;

/**
 * POST /imports with `body` must be refused with `code` and change nothing: no pack, no import row,
 * no upload spent, no file added under the data dir. Returns the error message.
 */
export async function refused(
  env: Env,
  body: Record<string, unknown>,
  code: ErrorCode,
  key = env.key,
): Promise<string> {
  const state = async () => ({
    packs: await packCount(env),
    imports: importCount(env),
    uploads: await env.ts.svc.db.all("SELECT id, status FROM uploads ORDER BY id"),
    data: await dataDirState(env),
  });
  const before = await state();
  const res = await env.ts.call("POST", "/v1/imports", { key, body });
  const answer = (await res.json()) as any;
  if (answer?.error?.code !== code) throw new Error(`expected ${code}, got ${res.status} ${JSON.stringify(answer)}`);
  expect(res.status).toBe(ERROR_STATUS[code]);
  expect(await state()).toEqual(before);
  return answer.error.message;
}

/** What assetCounts should say for these items (model textures count under their model, so nowhere). */
export function countsOf(items: ImportItem[]) {
  const n = (f: (i: ImportItem) => boolean) => items.filter(f).length;
  return {
    textures: n((i) => i.kind === "texture" && i.type !== "model_texture"),
    models: n((i) => i.kind === "model"),
    icons: n((i) => i.kind === "font"),
    sounds: n((i) => i.kind === "sound"),
  };
}

function byType(items: ImportItem[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of items) out[i.type] = (out[i.type] ?? 0) + 1;
  return out;
}

/**
 * The finished job against the plan: the pack holds exactly the planned items that did not fail, each
 * with the bytes of its zip entry (all of them, or every `step`-th for big packs) and its original
 * path in meta; the report and assetCounts agree. Returns the job body.
 */
export async function checkLanded(
  env: Env,
  slug: string,
  archive: ZipArchive,
  plan: ImportPlan,
  opts: { step?: number } = {},
): Promise<any> {
  const job = await finished(env, `${slug}:import`);
  expect(job.status).toBe("ready");
  expect(job.error).toBeNull();
  const failed = new Set<string>(job.import.failed.map((f: any) => f.path));
  const landed = plan.items.filter((i) => !failed.has(i.path));
  expect(job.import.imported).toEqual(byType(landed));
  expect(job.import.leftOut).toEqual(plan.skipped);

  const assets = await listAssets(env, slug);
  expect(assets.length).toBe(landed.length);
  const want = new Map(landed.map((i) => [`${i.kind}/${i.name}`, i]));
  expect(assets.map((a) => `${a.kind}/${a.name}`).sort()).toEqual([...want.keys()].sort());
  for (const a of assets) {
    expect(a.status).toBe("ready");
    expect(a.sizeBytes).toBe(archive.get(want.get(`${a.kind}/${a.name}`)!.path)!.size);
  }
  const step = opts.step ?? 1;
  for (let k = 0; k < assets.length; k += step) {
    const a = assets[k];
    const item = want.get(`${a.kind}/${a.name}`)!;
    expect(Buffer.from(await download(env, slug, a.kind, a.name)).equals(archive.read(archive.get(item.path)!))).toBe(
      true,
    );
  }
  const rows = (await env.ts.svc.db.all(
    "SELECT a.kind, a.name, a.meta, a.source FROM assets a JOIN packs p ON p.id = a.pack_id WHERE p.slug = ?",
    [slug],
  )) as any[];
  for (const r of rows) {
    const item = want.get(`${r.kind}/${r.name}`)!;
    expect(r.source).toBe("imported");
    const prefix = plan.root + (item.overlay ? `${item.overlay}/` : "");
    expect(prefix + JSON.parse(r.meta).path).toBe(item.path);
  }
  const pack = (await (await env.ts.call("GET", `/v1/packs/${slug}`, { key: env.key })).json()) as any;
  expect(pack.pack.assetCounts).toEqual(countsOf(landed));
  return job;
}

/**
 * Files under the data dir that are neither the database nor a blob stored under the SHA-256 of
 * its own bytes (a path written by a hostile entry name would show up here), and the blob count.
 */
export function dataDirState(env: Env): { strays: string[]; blobs: string[] } {
  const strays: string[] = [];
  const blobs: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (lstatSync(p).isDirectory()) {
        walk(p);
        continue;
      }
      const rel = relative(env.ts.dataDir, p);
      if (/^packsmith\.(sqlite(-wal|-shm|-journal)?|lock)$/.test(rel)) continue;
      const m = /^blobs\/([0-9a-f]{2})\/([0-9a-f]{62})$/.exec(rel);
      if (m && BlobStore.hash(readFileSync(p)) === m[1] + m[2]) blobs.push(m[1] + m[2]);
      else strays.push(rel);
    }
  };
  walk(env.ts.dataDir);
  return { strays, blobs: blobs.sort() };
}
