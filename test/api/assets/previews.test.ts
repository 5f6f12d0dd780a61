/**
 * Scaled previews (get_asset_file with `scale`) never decode on the API thread: sizes come from the PNG header
 * (refused before any decode), the enlargement is made in the worker pool, and a repeat is a cache hit.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { zipSync } from "fflate";
import { errorCode } from "../../support/server.ts";
import { type Env, accepted, finished, startEnv } from "../../support/imports.ts";
import { detailedPng, healthWhile, mcmeta } from "../../support/hostile.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { encodePng } from "../../../src/media/png.ts";
import { connectMcp, callTool, errorOf } from "../../support/mcp.ts";
import { createKey } from "../../../src/core/keys.ts";

let env: Env;
let slug: string;
const BIG = detailedPng(4096, 7);
const SMALL = detailedPng(64, 3);
const MID = detailedPng(256, 5);
/** Noise does not compress: a 1200² picture is a ~5.8 MB PNG, over what a tool answer carries. */
const NOISE = encodePng({ width: 1200, height: 1200, data: crypto.getRandomValues(new Uint8Array(1200 * 1200 * 4)) });

beforeAll(async () => {
  env = await startEnv();
  const zip = zipSync(
    {
      "pack.mcmeta": mcmeta(),
      "assets/minecraft/textures/block/big.png": BIG,
      "assets/minecraft/textures/block/small.png": SMALL,
      "assets/minecraft/textures/block/mid.png": MID,
      "assets/minecraft/textures/block/noise.png": NOISE,
    },
    { level: 0 },
  );
  const body = await accepted(env, zip, { via: "upload", name: "hostile previews" });
  const job = await finished(env, body.job);
  expect(job.status).toBe("ready");
  slug = body.pack.slug;
});
afterAll(() => env.ts.close());

const file = (name: string, scale?: number) =>
  env.ts.call("GET", `/v1/packs/${slug}/assets/texture/${name}${scale ? `?scale=${scale}` : ""}`, { key: env.key });

async function assetName(base: string): Promise<string> {
  const body = (await (
    await env.ts.call("GET", `/v1/packs/${slug}/assets?kind=texture`, { key: env.key })
  ).json()) as any;
  const hit = body.assets.find((a: any) => a.name === base || a.name.endsWith(base));
  if (!hit) throw new Error(`no ${base} in ${JSON.stringify(body.assets.map((a: any) => a.name))}`);
  return hit.name;
}

describe("scaled previews", () => {
  test("/healthz answers within 50 ms while 8 hostile previews of an imported 4096² PNG run", async () => {
    const big = await assetName("big");
    for (let i = 0; i < 5; i++) await (await fetch(`${env.ts.url}/healthz`)).arrayBuffer();
    // Up to three rounds, passing on the first whose slowest /healthz is under 50 ms: a machine busy with other
    // work can delay one round trip by itself, while the fault this guards against (each preview decoding 64 MB
    // of pixels on the API thread, ~1 s each) stalls every round by seconds.
    const maxima: number[] = [];
    for (let round = 0; round < 3 && !(maxima.at(-1)! < 50); round++) {
      const hostile = Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const res = await file(big, 2 + (i % 4));
          return { status: res.status, code: res.status === 200 ? "" : await errorCode(res) };
        }),
      );
      const watch = await healthWhile(env.ts.url, hostile, 40);
      for (const r of await hostile) expect(r).toEqual({ status: 400, code: "invalid_request" });
      if (watch.max >= 50) console.log(`/healthz round trips (ms): ${watch.times.map((t) => t.toFixed(1)).join(" ")}`);
      maxima.push(watch.max);
    }
    // The one timing assertion issue 27 asks for.
    expect(Math.min(...maxima)).toBeLessThan(50);
  });

  test("legitimate previews as large as allowed (2048², none cached) are made in the pool, in parallel", async () => {
    const mid = await assetName("mid");
    const answers = await Promise.all([5, 6, 7, 8].map((scale) => file(mid, scale)));
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(200);
      expect(decodePng(new Uint8Array(await res.arrayBuffer())).width).toBe(256 * (5 + i));
    }
  });

  test("the refusal names the bound and comes from the header alone", async () => {
    const res = await file(await assetName("big"), 2);
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.error.message).toContain("4096x4096");
    expect(body.error.message).toContain("2048 px");
  });

  test("a legitimate preview is made pixel for pixel, at the bound and past it", async () => {
    const small = await assetName("small");
    const at = await file(small, 16); // 64 * 16 = 1024: within 2048
    expect(at.status).toBe(200);
    expect(at.headers.get("content-type")).toBe("image/png");
    const img = decodePng(new Uint8Array(await at.arrayBuffer()));
    expect([img.width, img.height]).toEqual([1024, 1024]);
    const src = decodePng(SMALL);
    for (const [x, y] of [
      [0, 0],
      [17, 33],
      [1023, 1023],
    ]) {
      const o = (y * 1024 + x) * 4;
      const s = ((y >> 4) * 64 + (x >> 4)) * 4;
      expect([...img.data.subarray(o, o + 4)]).toEqual([...src.data.subarray(s, s + 4)]);
    }
    expect((await file(small, 1)).headers.get("content-length")).toBe(String(SMALL.length));
    const mid = await assetName("mid");
    const atBound = decodePng(new Uint8Array(await (await file(mid, 8)).arrayBuffer()));
    expect([atBound.width, atBound.height]).toEqual([2048, 2048]);
    const past = await file(mid, 9);
    expect(past.status).toBe(400);
    expect(((await past.json()) as any).error.message).toContain("256x256");
  });

  test("a repeat is a cache hit: the same bytes, and no second pool task", async () => {
    const small = await assetName("small");
    const first = new Uint8Array(await (await file(small, 8)).arrayBuffer());
    const pool = env.ts.svc.offThread!;
    let tasks = 0;
    env.ts.svc.offThread = (task, transfer) => {
      tasks++;
      return pool(task, transfer);
    };
    try {
      const again = await Promise.all([file(small, 8), file(small, 8)]);
      for (const r of again) expect(new Uint8Array(await r.arrayBuffer())).toEqual(first);
      expect(tasks).toBe(0);
      expect((await file(small, 7)).status).toBe(200);
      expect(tasks).toBe(1);
    } finally {
      env.ts.svc.offThread = pool;
    }
  });

  test("MCP get_asset_file with scale: the same refusal from the header, and a preview as an image", async () => {
    const mcpKey = (await createKey(env.ts.svc.db, env.accountId, "mcp")).key;
    const client = await connectMcp(env.ts, mcpKey);
    try {
      const big = await assetName("big");
      const refused = errorOf(
        await callTool(client, "get_asset_file", { pack: slug, kind: "texture", name: big, scale: 2 }),
      );
      expect(refused.code).toBe("invalid_request");
      expect(refused.message).toContain("2048 px");
      const ok = await callTool(client, "get_asset_file", {
        pack: slug,
        kind: "texture",
        name: await assetName("small"),
        scale: 4,
      });
      // A file past 4 MB is not made into base64 on the request thread: file_too_large, pointing to REST.
      expect(NOISE.length).toBeGreaterThan(4 * 1024 * 1024);
      const large = errorOf(
        await callTool(client, "get_asset_file", { pack: slug, kind: "texture", name: await assetName("noise") }),
      );
      expect(large.code).toBe("file_too_large");
      expect(large.message).toContain("up to 4 MB");
      const image = ok.content.find((c) => c.type === "image") as { data: string } | undefined;
      expect(image).toBeDefined();
      const img = decodePng(new Uint8Array(Buffer.from(image!.data, "base64")));
      expect([img.width, img.height]).toEqual([256, 256]);
    } finally {
      await client.close();
    }
  });
});
