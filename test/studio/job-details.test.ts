/**
 * GET /v1/jobs/{job} `details`, the read-only facts the studio's asset dialog shows and regenerates from:
 * where the asset came from, when, its seed, and the generation's options (an item's shape included).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { type Endpoint, generateReady } from "../support/generation.ts";
import { encodePng, newRgba } from "../../src/media/png.ts";

/** Setup starts a server and a browser (and some generations): generous, for a busy machine. */
const SETUP = { timeout: 180_000 };
const T = 120_000;
let ts: TestServer;
let key = "";
let slug = "";

beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("facts", { plan: "creator", credits: 50 })).key;
  slug = ((await (await ts.call("POST", "/v1/packs", { key, body: { name: "Facts" } })).json()) as any).pack.slug;
}, SETUP);
afterAll(async () => {
  await ts?.close();
}, SETUP);

const generated = async (endpoint: Endpoint, body: Record<string, unknown>) =>
  (await generateReady(ts, key, slug, endpoint, body, 90_000)).job;

describe("job details", () => {
  test(
    "a generated item records its seed, generation and options, its shape among them",
    async () => {
      const j = await generated("items", { prompt: "ruby wand", name: "Wand", shape: "3d", size: 16, seed: 77 });
      expect(j.status).toBe("ready");
      expect(j.details).toMatchObject({ source: "generated", seed: 77, generation: "item" });
      expect(j.details.options).toMatchObject({ shape: "3d", size: 16 });
      expect(j.details.options.prompt).toBeUndefined();
      expect(j.details.options.style).toBeUndefined();
      expect(Date.parse(j.details.createdAt)).not.toBeNaN();
    },
    T,
  );

  test(
    "an icon's character: its own, or null when the export assigns one",
    async () => {
      const own = await generated("icons", { prompt: "gold star", name: "star", char: "★", seed: 1 });
      expect(own.details.char).toBe("★");
      const assigned = await generated("icons", { prompt: "gold coin", name: "coin", seed: 2 });
      expect(assigned.details.char).toBeNull();
    },
    T,
  );

  test(
    "an uploaded asset has a source and dates, no seed or options",
    async () => {
      const png = Buffer.from(encodePng(newRgba(16, 16))).toString("base64");
      const up = await ts.call("POST", `/v1/packs/${slug}/assets`, {
        key,
        body: { type: "block", name: "Blank", file: { base64: png } },
      });
      expect(up.status).toBe(201);
      const j = (await (
        await ts.call("GET", `/v1/jobs/${encodeURIComponent(((await up.json()) as any).id)}`, { key })
      ).json()) as any;
      expect(Object.keys(j.details).sort()).toEqual(["createdAt", "source"]);
      expect(j.details.source).toBe("uploaded");
    },
    T,
  );
});
