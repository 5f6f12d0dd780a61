import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { newPack } from "../../support/jobs.ts";
import { fileOf, json, make, type Endpoint } from "../../support/generation.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { coloursOf } from "../../support/look.ts";

let ts: TestServer;
let key: string;
beforeAll(async () => {
  ts = await startTestServer();
  key = (await ts.account("locker", { credits: 500 })).key;
});
afterAll(() => ts.close());

const PALETTE = ["#1b3a4b", "#3e7cb1", "#81a4cd", "#dbe4ee", "#f17300", "#3b2a1e", "#7a5230", "#c9a66b"];
const guide = (slug: string, body: Record<string, unknown>) =>
  ts.call("PUT", `/v1/packs/${slug}/style-guide`, { key, body });

/** Every picture an answer made: its own PNG, or a model's textures. */
async function pictures(slug: string, made: { accepted: any; bytes: Uint8Array }) {
  if (made.accepted.kind !== "model") return [decodePng(made.bytes)];
  const ids = Object.values(json(made.bytes).textures as Record<string, string>).filter((v) => !v.startsWith("#"));
  return Promise.all(
    [...new Set(ids)].map(async (id) =>
      decodePng(await fileOf(ts, key, slug, "texture", `model:${id.slice(id.lastIndexOf("/") + 1)}`)),
    ),
  );
}
const outside = (imgs: ReturnType<typeof decodePng>[]) =>
  imgs.flatMap((img) => [...coloursOf(img)]).filter((c) => !PALETTE.includes(c));

describe("the style guide's palette lock", () => {
  test("dither is stored ('none' by default) and checked", async () => {
    const slug = await newPack(ts, key, "Dither");
    expect(((await (await guide(slug, { palette: PALETTE })).json()) as any).styleGuide.dither).toBe("none");
    const on = (await (await guide(slug, { palette: PALETTE, dither: "ordered" })).json()) as any;
    expect(on.styleGuide.dither).toBe("ordered");
    const bad = await guide(slug, { palette: PALETTE, dither: "floyd" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.code).toBe("invalid_request");
    const read = (await (await ts.call("GET", `/v1/packs/${slug}/style-guide`, { key })).json()) as any;
    expect(read.styleGuide.dither).toBe("ordered");
  });

  const KINDS: [Endpoint, Record<string, unknown>][] = [
    ["textures", { prompt: "mossy cobblestone", size: 16, mode: "custom", description: "cobblestone" }],
    ["items", { prompt: "iron sword with a ruby", size: 16 }],
    ["items", { prompt: "copper lantern", shape: "3d" }],
    ["icons", { prompt: "gold coin", name: "coin" }],
    ["guis", { prompt: "stone bricks", target: "hopper" }],
    ["huds", { prompt: "oak wood" }],
    ["models", { prompt: "oak crate", carrierKind: "full" }],
  ];

  for (const dither of ["none", "ordered"])
    test(`every generator keeps every pixel inside the palette (dither ${dither}); useStyleGuide false does not`, async () => {
      const slug = await newPack(ts, key, `Locked ${dither}`);
      expect((await guide(slug, { palette: PALETTE, dither })).status).toBe(200);
      for (const [endpoint, body] of KINDS) {
        const label = `${endpoint} ${JSON.stringify(body)}`;
        const locked = await make(ts, key, slug, endpoint, { ...body, seed: 9 });
        expect({ label, outside: outside(await pictures(slug, locked)) }).toEqual({ label, outside: [] });
        if (endpoint === "guis") continue; // one reskin of a screen per pack
        const free = await make(ts, key, slug, endpoint, { ...body, seed: 9, useStyleGuide: false });
        expect({ label, free: outside(await pictures(slug, free)).length > 0 }).toEqual({ label, free: true });
      }
    });
});
