import { expect } from "bun:test";
import { join } from "node:path";
import type { TestServer } from "./server.ts";
import { insertAsset, type AssetRow, type AssetType, type Kind, type Status } from "../../src/core/assets.ts";
import { getPackBySlug, type PackRow } from "../../src/core/packs.ts";

/** Helpers shared by the foundation tests: CLI processes and assets written straight into the store. */
export const REPO = join(import.meta.dir, "../..");
export const MAIN = join(REPO, "src/main.ts");

/** Environment for child processes: no PACKSMITH_* settings leak in from the shell running the tests. */
export function childEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("PACKSMITH_")) env[k] = v;
  return env;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `bun src/main.ts <args> --data <dir>` in its own process, as an operator would. */
export function cli(dataDir: string, ...args: string[]): Promise<CliResult> {
  return cliWithEnv(dataDir, {}, ...args);
}

/** cli() with extra environment variables (settings given as PACKSMITH_* rather than flags). */
export function cliWithEnv(dataDir: string, env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return runToEnd(["bun", MAIN, ...args, "--data", dataDir], { cwd: REPO, env: { ...childEnv(), ...env } });
}

/** Runs a command to its end and collects its output; past `limitMs` (when given) it is killed. */
export async function runToEnd(
  cmd: string[],
  opts: { cwd: string; env: Record<string, string>; limitMs?: number },
): Promise<CliResult> {
  const proc = Bun.spawn(cmd, { cwd: opts.cwd, env: opts.env, stdout: "pipe", stderr: "pipe" });
  const timer = opts.limitMs === undefined ? undefined : setTimeout(() => proc.kill(), opts.limitMs);
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** A refused start: one line on stderr saying `text`, exit 2, no stack and no server banner. */
export function refusedWith(r: CliResult, text: string | RegExp): void {
  expect(r.code).toBe(2);
  if (typeof text === "string") expect(r.stderr).toContain(text);
  else expect(r.stderr).toMatch(text);
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stdout).not.toContain("serving");
}

/** Like cli() but expects success and --json, returning the parsed object. */
export async function cliJson(dataDir: string, ...args: string[]): Promise<any> {
  const r = await cli(dataDir, ...args, "--json");
  if (r.code !== 0) throw new Error(`cli ${args.join(" ")} exited ${r.code}: ${r.stdout} ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Creates a pack over HTTP and returns its stored row. */
export async function makePack(ts: TestServer, key: string, name: string): Promise<PackRow> {
  const res = await ts.call("POST", "/v1/packs", { key, body: { name } });
  if (res.status !== 201) throw new Error(`create pack ${name}: ${res.status} ${await res.text()}`);
  const { pack } = (await res.json()) as any;
  return (await getPackBySlug(ts.svc.db, pack.slug))!;
}

/** Writes an asset row directly (no generation endpoints exist yet); ready ones get their bytes in the blob store. */
export async function putAsset(
  ts: TestServer,
  pack: PackRow,
  a: {
    kind: Kind;
    name: string;
    status: Status;
    bytes?: Uint8Array;
    type?: AssetType;
    error?: string;
    cost?: number;
    chargedTo?: number;
  },
): Promise<AssetRow> {
  const blob = a.bytes ? await ts.svc.blobs.put(a.bytes) : null;
  const row = await insertAsset(ts.svc.db, {
    packId: pack.id,
    kind: a.kind,
    name: a.name,
    type: a.type ?? defaultType[a.kind],
    status: a.status,
    source: a.status === "ready" && a.bytes ? "uploaded" : "generated",
    blob,
    sizeBytes: a.bytes?.length ?? null,
    cost: a.cost ?? 0,
    chargedTo: a.chargedTo ?? null,
  });
  if (a.error !== undefined) await ts.svc.db.run("UPDATE assets SET error = ? WHERE id = ?", [a.error, row.id]);
  return row;
}

const defaultType: Record<Kind, AssetType> = { texture: "block", model: "model", font: "icon", sound: "sound" };

/** Reads a stream line by line until `match` returns a value, or throws with everything seen. */
export async function readUntil<T>(
  stream: ReadableStream<Uint8Array>,
  match: (text: string) => T | undefined,
  what: string,
): Promise<{ value: T; text: string }> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const found = match(text);
      if (found !== undefined) return { value: found, text };
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before ${what}; got:\n${text}`);
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
}
