/**
 * Hostile zips through POST /v1/imports. Each attack rides in an otherwise good pack (pack.mcmeta and
 * one block texture), so the outcome is visible: the whole import refused with its code and nothing
 * created, or the entry skipped (a reason in `skipped`) or failed (a reason in the job's
 * `import.failed`) while the rest lands. After each, the data dir holds only the database and blobs
 * named by their own hash, and no file appeared where a hostile name points.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { makeZip, deflateZeros, type RawEntry } from "../../fixtures/zips/make-zip.ts";
import { encodePng, newRgba, crc32 } from "../../../src/media/png.ts";
import type { ErrorCode } from "../../../src/core/errors.ts";
import { ZIP_SKIP_REASONS, type ZipSkipCode } from "../../../src/pack/zip-read.ts";
import {
  accepted,
  b64,
  checkLanded,
  dataDirState,
  download,
  importZip,
  planOf,
  refused,
  startEnv,
  type Env,
} from "../../support/imports.ts";

const MiB = 1024 * 1024;
const TOKEN = `evil-${process.pid}-${Date.now()}`;
const BLOCK = "assets/minecraft/textures/block";
const MCMETA: RawEntry = { name: "pack.mcmeta", data: '{"pack":{"pack_format":34,"description":"attack"}}' };

function solid(w: number, h: number, rgba: number[]): Uint8Array {
  const img = newRgba(w, h);
  for (let i = 0; i < img.data.length; i += 4) img.data.set(rgba, i);
  return encodePng(img);
}
const GOOD = solid(16, 16, [40, 160, 60, 255]);
const OTHER = solid(16, 16, [200, 20, 20, 255]);
const withBase = (...attack: RawEntry[]) => makeZip([MCMETA, { name: `${BLOCK}/good.png`, data: GOOD }, ...attack]);

/** A real 1×1 PNG whose header claims `w`×`h` (CRC fixed up, so only the size is wrong). */
function pngClaiming(w: number, h: number): Uint8Array {
  const png = encodePng(newRgba(1, 1)).slice();
  const view = new DataView(png.buffer);
  view.setUint32(16, w);
  view.setUint32(20, h);
  view.setUint32(29, crc32(png.subarray(12, 29)));
  return png;
}

/** Random bytes (a fixed LCG: the content only has to be incompressible-looking). */
function noise(n: number, seed = 7): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
  return out;
}

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.ts.close());

/** Where a name with `..` or an absolute path would land if anything followed it. */
async function noEvilFile() {
  const dirs = [env.ts.dataDir, dirname(env.ts.dataDir), join(env.ts.dataDir, "blobs"), process.cwd(), "/tmp", "/"];
  for (const d of dirs) expect(readdirSync(d).filter((n) => n.includes(TOKEN))).toEqual([]);
  expect((await dataDirState(env)).strays).toEqual([]);
}

const refusedWith = (bytes: Uint8Array, code: ErrorCode) => refused(env, { file: { base64: b64(bytes) } }, code);

/** The import goes through; returns the answer and the finished job (checked against the plan). */
async function imported(bytes: Uint8Array) {
  const body = await accepted(env, bytes);
  const { archive, plan } = planOf(env, bytes);
  const job = await checkLanded(env, body.pack.slug, archive, plan);
  await noEvilFile();
  return { body, job, plan };
}

async function skippedAs(bytes: Uint8Array, code: ZipSkipCode, example: string | RegExp) {
  const { body, job } = await imported(bytes);
  const group = body.skipped.find((g: any) => g.reason === `zip entry refused: ${ZIP_SKIP_REASONS[code]}`);
  expect(group).toBeDefined();
  expect(group.examples.some((e: string) => (typeof example === "string" ? e === example : example.test(e)))).toBe(
    true,
  );
  expect(job.import.failed).toEqual([]);
  expect(Object.values(job.import.imported).reduce((a: number, b: any) => a + b, 0)).toBe(body.planned.textures);
  return body;
}

async function failedAs(bytes: Uint8Array, path: string, reason: RegExp) {
  const { body, job } = await imported(bytes);
  expect(body.planned.textures).toBe(2);
  expect(job.import.failed).toEqual([{ path, reason: expect.stringMatching(reason) }]);
  expect(job.import.imported).toEqual({ block: 1 });
}

describe("whole-archive refusals", () => {
  test("declared sizes adding up past 1 GiB (each entry under the per-file limit and the ratio)", async () => {
    const each = 63 * MiB;
    const parts = Array.from({ length: 17 }, (_, i) => ({
      name: `${BLOCK}/big${i}.png`,
      compressed: noise(Math.ceil(each / 190), i + 1),
      size: each,
      crc: 0,
    }));
    expect(await refusedWith(withBase(...parts), "file_too_large")).toContain("1 GiB");
  });

  test("more entries than the limit (20,001)", async () => {
    const many = Array.from({ length: 20_001 }, (_, i) => ({ name: `${BLOCK}/n${i}.png`, data: "x", method: 0 }));
    expect(await refusedWith(makeZip(many), "file_too_large")).toContain("20,001 entries");
  });

  test("two entries sharing the same bytes (overlap bomb)", async () => {
    // b's local header and data sit inside a's stored data, so a's bytes would be read twice.
    const [a, b] = [`${BLOCK}/a.png`, `${BLOCK}/b.png`];
    const inner = makeZip([{ name: b, data: GOOD, method: 0 }]).subarray(0, 30 + b.length + GOOD.length);
    const bytes = makeZip([
      { name: a, data: inner, method: 0 },
      { name: b, data: GOOD, method: 0, localOffset: 30 + a.length },
      MCMETA,
    ]);
    expect(await refusedWith(bytes, "not_a_pack")).toContain("share bytes");
  });

  test("a truncated archive", async () => {
    const whole = withBase();
    expect(await refusedWith(whole.subarray(0, whole.length - 30), "not_a_pack")).toContain("zip");
  });

  test("a zip in which every file is refused is not a pack", async () => {
    const bytes = makeZip([
      { name: `../${TOKEN}.png`, data: GOOD },
      { name: `/tmp/${TOKEN}.png`, data: GOOD },
    ]);
    expect(await refusedWith(bytes, "not_a_pack")).toContain("no readable files");
    await noEvilFile();
  });
});

describe("entries skipped with a reason, the rest imported", () => {
  test("`..` in the path", async () => {
    const name = `${BLOCK}/../../../../../../../${TOKEN}.png`;
    await skippedAs(withBase({ name, data: OTHER }), "unsafe_path", name);
  });
  test("backslashes (a `..\\` in disguise)", async () => {
    const name = `assets\\..\\..\\${TOKEN}.png`;
    await skippedAs(withBase({ name, data: OTHER }), "backslash", name);
  });
  test("absolute paths, Unix and drive-letter", async () => {
    const body = await skippedAs(
      withBase({ name: `/tmp/${TOKEN}.png`, data: OTHER }, { name: `C:/${TOKEN}.png`, data: OTHER }),
      "absolute_path",
      `/tmp/${TOKEN}.png`,
    );
    expect(body.skipped.find((g: any) => g.reason.endsWith(ZIP_SKIP_REASONS.absolute_path)).count).toBe(2);
    expect(existsSync(`/tmp/${TOKEN}.png`)).toBe(false);
  });
  test("a symbolic link", async () => {
    await skippedAs(
      withBase({ name: `${BLOCK}/link.png`, data: "/etc/passwd", method: 0, unixMode: 0o120777 }),
      "symlink",
      `${BLOCK}/link.png`,
    );
  });
  test("duplicate names: the first copy is kept", async () => {
    const body = await skippedAs(
      withBase({ name: `${BLOCK}/dup.png`, data: OTHER }, { name: `${BLOCK}/dup.png`, data: GOOD.slice().reverse() }),
      "duplicate",
      `${BLOCK}/dup.png`,
    );
    expect(Buffer.from(await download(env, body.pack.slug, "texture", "dup")).equals(Buffer.from(OTHER))).toBe(true);
  });
  test("a file name that is not valid UTF-8", async () => {
    const name = Uint8Array.from([...new TextEncoder().encode(`${BLOCK}/`), 0xff, 0xfe, 0x2e, 0x70, 0x6e, 0x67]);
    await skippedAs(withBase({ name, data: OTHER, flags: 0 }), "invalid_name", /\\u00ff\\u00fe|ÿþ/);
  });
  test("an entry declaring more than 64 MiB (a declared-size bomb, never inflated)", async () => {
    const rss = process.memoryUsage().rss;
    await skippedAs(
      withBase({ name: `${BLOCK}/bomb.png`, compressed: deflateZeros(100 * MiB), size: 100 * MiB, crc: 0 }),
      "too_large",
      `${BLOCK}/bomb.png`,
    );
    expect(process.memoryUsage().rss - rss).toBeLessThan(256 * MiB);
  });
  test("a compression ratio past 200:1", async () => {
    await skippedAs(
      withBase({ name: `${BLOCK}/zeros.png`, data: new Uint8Array(10 * MiB) }),
      "suspicious_ratio",
      `${BLOCK}/zeros.png`,
    );
  });
  test("an encrypted entry", async () => {
    await skippedAs(
      withBase({ name: `${BLOCK}/locked.png`, data: OTHER, flags: 0x801 }),
      "encrypted",
      `${BLOCK}/locked.png`,
    );
  });
});

describe("entries that fail on reading, reported in the finished job", () => {
  test("lying sizes: declares 1,000 bytes, inflates to 50 MiB (cut off at the declared size)", async () => {
    const rss = process.memoryUsage().rss;
    await failedAs(
      withBase({ name: `${BLOCK}/liar.png`, compressed: deflateZeros(50 * MiB), size: 1000, crc: 0 }),
      `${BLOCK}/liar.png`,
      /inflates past its declared size/,
    );
    expect(process.memoryUsage().rss - rss).toBeLessThan(256 * MiB);
  });
  test("lying sizes: declares more than it holds", async () => {
    await failedAs(
      withBase({ name: `${BLOCK}/short.png`, data: OTHER, size: OTHER.length + 500 }),
      `${BLOCK}/short.png`,
      /inflates to .* not its declared/,
    );
  });
  test("a wrong zip CRC", async () => {
    await failedAs(withBase({ name: `${BLOCK}/crc.png`, data: OTHER, crc: 0xdeadbeef }), `${BLOCK}/crc.png`, /CRC-32/);
  });
  test("a PNG declaring 60000×60000 pixels is refused before any pixel memory is allocated", async () => {
    const rss = process.memoryUsage().rss;
    await failedAs(
      withBase({ name: `${BLOCK}/huge.png`, data: pngClaiming(60000, 60000) }),
      `${BLOCK}/huge.png`,
      /not a usable PNG.*60000x60000/,
    );
    expect(process.memoryUsage().rss - rss).toBeLessThan(256 * MiB);
  });
  test("a file that is not a PNG at all, and a model that is not JSON", async () => {
    const bytes = withBase(
      { name: `${BLOCK}/text.png`, data: "hello" },
      { name: "assets/minecraft/models/block/bad.json", data: "{ nope" },
    );
    const { job } = await imported(bytes);
    expect(job.import.failed).toEqual([
      { path: `${BLOCK}/text.png`, reason: expect.stringContaining("not a usable PNG") },
      { path: "assets/minecraft/models/block/bad.json", reason: expect.stringContaining("not valid JSON") },
    ]);
  });
  test("a damaged pack.png is reported; the import still finishes", async () => {
    const { job } = await imported(withBase({ name: "pack.png", data: OTHER, crc: 1 }));
    expect(job.import.failed).toEqual([{ path: "pack.png", reason: expect.stringContaining("CRC-32") }]);
    expect(job.import.imported).toEqual({ block: 1 });
  });
  test("a sound that is not Ogg", async () => {
    const bytes = withBase({ name: "assets/minecraft/sounds/fake.ogg", data: "RIFF....WAVEfmt " });
    const { job } = await imported(bytes);
    expect(job.import.failed).toEqual([
      { path: "assets/minecraft/sounds/fake.ogg", reason: expect.stringContaining("OggS") },
    ]);
  });
});

test("an attack sent as an upload behaves the same as inline", async () => {
  const name = `${BLOCK}/../../${TOKEN}.png`;
  const bytes = withBase({ name, data: OTHER });
  const res = await importZip(env, bytes, { via: "upload" });
  expect(res.status).toBe(202);
  expect(res.body.skipped.find((g: any) => g.reason.endsWith(ZIP_SKIP_REASONS.unsafe_path)).examples).toEqual([name]);
  const { archive, plan } = planOf(env, bytes);
  await checkLanded(env, res.body.pack.slug, archive, plan);
  await noEvilFile();
});
