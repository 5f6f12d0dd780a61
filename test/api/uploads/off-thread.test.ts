/**
 * Large images are checked in the worker pool, not on the thread that answers requests. The answers must be
 * exactly those of the inline path: the same stored bytes, the same refusals with the same messages, and
 * imports landing file for file. A spy on the server's off-thread entry shows which path ran.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { zipSync } from "fflate";
import { accepted, b64, distinctImage, downloadPng, png, refused, startEnv, type Env } from "../../support/uploads.ts";
import { accepted as importAccepted, checkLanded, finished, planOf } from "../../support/imports.ts";
import { checkImportedOffThread, declaredPixels, OFF_THREAD_PIXELS } from "../../../src/files/off-thread.ts";
import type { PoolTask } from "../../../src/gen/task.ts";

let env: Env;
const calls: string[] = [];

beforeAll(async () => {
  env = await startEnv();
  const run = env.ts.svc.offThread!;
  env.ts.svc.offThread = (task: PoolTask, transfer?: ArrayBuffer[]) => {
    if (task.op === "call") calls.push(task.fn);
    return run(task, transfer);
  };
});
afterAll(() => env.ts.close());

const file = (bytes: Uint8Array) => ({ base64: b64(bytes) });

test("declared pixels come from the IHDR without decoding; other bytes count as none", () => {
  expect(declaredPixels(png(256, 512))).toBe(256 * 512);
  expect(declaredPixels(new TextEncoder().encode("{}"))).toBe(0);
  expect(declaredPixels(new Uint8Array(10))).toBe(0);
});

test("a small PNG is checked inline; a large one in the pool, stored pixel for pixel the same", async () => {
  calls.length = 0;
  await accepted(env, { type: "block", name: "small", file: file(png(16, 16)) });
  expect(calls).toEqual([]);
  expect(256 * 512).toBeGreaterThan(OFF_THREAD_PIXELS);
  const a = await accepted(env, { type: "hud", name: "big hud", file: file(png(256, 512)) });
  expect(calls).toEqual(["prepare-image"]);
  const got = await downloadPng(env, "texture", a.name);
  expect([got.width, got.height]).toEqual([256, 512]);
  expect(got.data).toEqual(distinctImage(256, 512).data);
});

test("a refusal made in the pool comes back with the inline path's code and message", async () => {
  calls.length = 0;
  const msg = await refused(env, { type: "block", name: "too big", file: file(png(512, 512)) }, "invalid_request");
  expect(calls).toEqual(["prepare-image"]);
  expect(msg).toContain("1 to 256");
  const hud = await refused(env, { type: "hud", name: "odd hud", file: file(png(300, 600)) }, "invalid_request");
  expect(hud).toMatch(/256x512/);
});

// Stored (level 0) and deflated entries reach the check as different kinds of buffer (a view into the zip, or
// bytes of their own that are moved to the worker and back): both must land whole.
test.each([0, 1] as const)(
  "an import's large PNGs (zip level %i) are checked in the pool and land exactly as planned",
  async (level) => {
    calls.length = 0;
    const files: Record<string, Uint8Array> = {
      "pack.mcmeta": new TextEncoder().encode(JSON.stringify({ pack: { pack_format: 34, description: "big" } })),
      "assets/minecraft/textures/block/small.png": png(16, 16),
      "assets/minecraft/textures/block/large_a.png": png(512, 512),
      "assets/minecraft/textures/block/large_b.png": png(1024, 1024),
    };
    const bytes = zipSync(files, { level });
    const importEnv = { ts: env.ts, key: env.key, accountId: 0 }; // the import helpers read no account
    const body = await importAccepted(importEnv, bytes);
    const job = await finished(importEnv, body.job);
    expect(job.status).toBe("ready");
    expect(calls.filter((c) => c === "check-import").length).toBe(2);
    const { archive, plan } = planOf(importEnv, bytes);
    await checkLanded(importEnv, body.pack.slug, archive, plan);
  },
);

test("a file moved to the pool comes back whole in the answer (the caller's own buffer is given up)", async () => {
  const big = png(512, 512);
  const own = new Uint8Array(big); // a buffer of its own: moved, not copied
  const { check, bytes } = await checkImportedOffThread(
    env.ts.svc,
    { path: "assets/minecraft/textures/block/x.png", kind: "texture", animated: false },
    own,
  );
  expect(check).toEqual({ meta: { width: 512, height: 512 } });
  expect(own.byteLength).toBe(0);
  expect(bytes).toEqual(big);
});
