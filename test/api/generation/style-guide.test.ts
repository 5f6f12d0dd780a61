import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, errorCode, type TestServer } from "../../support/server.ts";
import { newPack } from "../../support/jobs.ts";
import { fileOf, json, make, type Endpoint } from "../../support/generation.ts";
import { sharePack } from "../../../src/core/packs.ts";

let ts: TestServer;
let owner: { id: number; key: string };
let friend: { id: number; key: string };
let pack: string;

beforeAll(async () => {
  ts = await startTestServer();
  owner = await ts.account("owner", { credits: 300 });
  friend = await ts.account("friend", { credits: 10 });
  pack = await newPack(ts, owner.key, "Styled");
  await sharePack(ts.svc.db, pack, friend.id);
});
afterAll(() => ts.close());

const guide = (method: string, key: string, body?: Record<string, unknown>, slug = pack) =>
  ts.call(method, `/v1/packs/${slug}/style-guide`, { key, body });
const PALETTE = ["#1B3A4B", "#3E7CB1", "#81A4CD", "#DBE4EE", "#F17300"];
const colours = (n: number) => Array.from({ length: n }, (_, i) => `#${(i * 0x070503).toString(16).padStart(6, "0")}`);

describe("the style guide endpoints", () => {
  test("no guide yet: GET is not_found", async () => {
    const res = await guide("GET", owner.key);
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe("not_found");
  });

  test("PUT stores palette (lower-cased), notes and enabled; GET reads it back", async () => {
    const res = await guide("PUT", owner.key, { palette: PALETTE, notes: "cold harbour town, one warm accent" });
    expect(res.status).toBe(200);
    const put = ((await res.json()) as any).styleGuide;
    expect(put).toMatchObject({
      palette: PALETTE.map((c) => c.toLowerCase()),
      notes: "cold harbour town, one warm accent",
      enabled: true,
    });
    expect(Number.isNaN(Date.parse(put.updatedAt))).toBe(false);
    const got = await guide("GET", owner.key);
    expect(got.status).toBe(200);
    expect(((await got.json()) as any).styleGuide).toEqual(put);
  });

  test("palette 1..32 valid hex colours, notes up to 2000 characters", async () => {
    for (const body of [{ palette: colours(1) }, { palette: colours(32), notes: "n".repeat(2000) }])
      expect((await guide("PUT", owner.key, body)).status).toBe(200);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ palette: [] }, /palette/],
      [{ palette: colours(33) }, /palette/],
      [{ palette: ["#12345g"] }, /hex colour/],
      [{ palette: ["123456"] }, /hex colour/],
      [{ palette: ["#fff"] }, /hex colour/],
      [{ palette: colours(2), notes: "n".repeat(2001) }, /notes/],
      [{ notes: "no palette" }, /palette/],
      [{ palette: colours(2), mood: "dark" }, /unknown field 'mood'/],
    ];
    for (const [body, message] of bad) {
      const res = await guide("PUT", owner.key, body);
      const err = ((await res.json()) as any).error;
      expect(res.status).toBe(400);
      expect(err.code).toBe("invalid_request");
      expect(err.message).toMatch(message);
    }
    // Refusals left the last good guide in place.
    expect((((await (await guide("GET", owner.key)).json()) as any).styleGuide.palette as string[]).length).toBe(32);
  });

  test("a collaborator can read the guide but not change or delete it; strangers do not see the pack", async () => {
    await guide("PUT", owner.key, { palette: PALETTE });
    const read = await guide("GET", friend.key);
    expect(read.status).toBe(200);
    expect(((await read.json()) as any).styleGuide.palette).toEqual(PALETTE.map((c) => c.toLowerCase()));
    for (const [method, body] of [
      ["PUT", { palette: ["#000000"] }],
      ["DELETE", undefined],
    ] as const) {
      const res = await guide(method, friend.key, body);
      expect(res.status).toBe(403);
      expect(await errorCode(res)).toBe("forbidden");
    }
    expect(((await (await guide("GET", owner.key)).json()) as any).styleGuide.palette).toEqual(
      PALETTE.map((c) => c.toLowerCase()),
    );
    const stranger = await ts.account("stranger");
    expect((await guide("GET", stranger.key)).status).toBe(404);
    expect((await guide("PUT", stranger.key, { palette: PALETTE })).status).toBe(404);
  });

  test("DELETE removes it (then GET and a second DELETE are not_found)", async () => {
    const other = await newPack(ts, owner.key, "Deleting");
    await guide("PUT", owner.key, { palette: PALETTE }, other);
    const del = await guide("DELETE", owner.key, undefined, other);
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ deleted: true });
    expect((await guide("GET", owner.key, undefined, other)).status).toBe(404);
    expect((await guide("DELETE", owner.key, undefined, other)).status).toBe(404);
  });
});

/** Bytes of every part of an asset (a model's JSON with references normalised, plus its textures). */
async function bytesOf(slug: string, made: { accepted: any; bytes: Uint8Array }): Promise<Buffer> {
  if (made.accepted.kind !== "model") return Buffer.from(made.bytes);
  const m = json(made.bytes);
  const chunks: Uint8Array[] = [];
  for (const [slot, id] of Object.entries(m.textures as Record<string, string>)) {
    if (id.startsWith("#")) continue;
    chunks.push(await fileOf(ts, owner.key, slug, "texture", `model:${id.slice(id.lastIndexOf("/") + 1)}`));
    m.textures[slot] = slot;
  }
  return Buffer.concat([new TextEncoder().encode(JSON.stringify(m)), ...chunks]);
}

describe("generation follows the guide", () => {
  const KINDS: [Endpoint, Record<string, unknown>][] = [
    ["textures", { prompt: "cobblestone", size: 16, mode: "custom", description: "cobblestone" }],
    ["items", { prompt: "iron sword", size: 16 }],
    ["items", { prompt: "copper lantern", shape: "3d" }],
    ["guis", { prompt: "stone bricks", target: "hopper" }],
    ["huds", { prompt: "oak wood" }],
    ["icons", { prompt: "gold coin", name: "coin" }],
    ["models", { prompt: "oak crate", carrierKind: "full" }],
  ];

  test("guide on differs from useStyleGuide false; false equals a switched-off guide", async () => {
    // One pack per phase, each with the same guide, so reskins (the GUI) can be made in every phase.
    const phases = [
      { name: "on", enabled: true, extra: {} },
      { name: "off", enabled: true, extra: { useStyleGuide: false } },
      { name: "disabled", enabled: false, extra: {} },
    ];
    const out: Record<string, Buffer[]> = {};
    for (const phase of phases) {
      const slug = await newPack(ts, owner.key, `Style ${phase.name}`);
      expect(
        (await guide("PUT", owner.key, { palette: PALETTE, notes: "harbour", enabled: phase.enabled }, slug)).status,
      ).toBe(200);
      out[phase.name] = [];
      for (const [endpoint, body] of KINDS)
        out[phase.name].push(
          await bytesOf(slug, await make(ts, owner.key, slug, endpoint, { ...body, seed: 77, ...phase.extra })),
        );
    }
    KINDS.forEach(([endpoint], i) => {
      const label = `${endpoint} ${JSON.stringify(KINDS[i][1])}`;
      expect({ label, offEqualsDisabled: out.off[i].equals(out.disabled[i]) }).toEqual({
        label,
        offEqualsDisabled: true,
      });
      expect({ label, onDiffers: !out.on[i].equals(out.off[i]) }).toEqual({ label, onDiffers: true });
    });
  });

  test("sounds ignore the guide: a palette has no audio meaning", async () => {
    const a = await make(ts, owner.key, pack, "sounds", {
      prompt: "click",
      event: "mypack:click",
      durationSeconds: 0.2,
      seed: 5,
    });
    const b = await make(ts, owner.key, pack, "sounds", {
      prompt: "click",
      event: "mypack:click",
      durationSeconds: 0.2,
      seed: 5,
      useStyleGuide: false,
    });
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });
});
