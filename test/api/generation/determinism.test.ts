/**
 * Same body + seed through the API gives the same bytes, whatever the asset's name; another seed gives
 * other bytes. Models are compared with their texture references normalised (those carry the asset's
 * own name by design) and texture by texture.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { newPack } from "../../support/jobs.ts";
import { fileOf, json, make, type Endpoint } from "../../support/generation.ts";

let ts: TestServer;
let me: { id: number; key: string };
let packs: string[];

beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("det", { credits: 500 });
  packs = [await newPack(ts, me.key, "Det A"), await newPack(ts, me.key, "Det B"), await newPack(ts, me.key, "Det C")];
});
afterAll(() => ts.close());

interface Case {
  endpoint: Endpoint;
  body: Record<string, unknown>;
  /** Reskins (and icons, whose name is part of the request) repeat in another pack instead of under another name. */
  samePack: boolean;
}

const CASES: Case[] = [
  {
    endpoint: "textures",
    body: { prompt: "mossy cobblestone", size: 32, mode: "custom", description: "mossy cobble" },
    samePack: true,
  },
  {
    endpoint: "textures",
    body: { prompt: "cracked", size: 16, mode: "vanilla", vanillaTarget: "stone_bricks" },
    samePack: false,
  },
  { endpoint: "items", body: { prompt: "ruby sword", size: 32 }, samePack: true },
  { endpoint: "items", body: { prompt: "ruby blade", target: "iron_sword" }, samePack: false },
  { endpoint: "items", body: { prompt: "emerald axe", shape: "3d" }, samePack: true },
  { endpoint: "icons", body: { prompt: "gold", name: "coin", height: 12 }, samePack: false },
  { endpoint: "guis", body: { prompt: "mossy stone", target: "furnace" }, samePack: false },
  { endpoint: "huds", body: { prompt: "blood red" }, samePack: true },
  { endpoint: "sounds", body: { prompt: "coin pickup", event: "mypack:coin", durationSeconds: 0.5 }, samePack: true },
  { endpoint: "models", body: { prompt: "oak barrel", carrierKind: "partial" }, samePack: true },
];

/** The asset's bytes as comparable parts: one entry for plain files, the JSON plus each texture for models. */
async function parts(pack: string, made: { accepted: any; bytes: Uint8Array }): Promise<Uint8Array[]> {
  if (made.accepted.kind !== "model") return [made.bytes];
  const m = json(made.bytes);
  const out: Uint8Array[] = [];
  for (const [slot, id] of Object.entries(m.textures as Record<string, string>)) {
    if (id.startsWith("#")) continue;
    out.push(await fileOf(ts, me.key, pack, "texture", `model:${id.slice(id.lastIndexOf("/") + 1)}`));
    m.textures[slot] = `<${slot}>`;
  }
  out.unshift(new TextEncoder().encode(JSON.stringify(m)));
  return out;
}

const same = (a: Uint8Array[], b: Uint8Array[]) =>
  a.length === b.length && a.every((x, i) => Buffer.from(x).equals(b[i]));

describe("determinism across the API", () => {
  CASES.forEach((c, i) => {
    test(`${c.endpoint} ${JSON.stringify(c.body)}`, async () => {
      const run = async (pack: string, seed: number, name?: string) => {
        const made = await make(ts, me.key, pack, c.endpoint, { ...c.body, seed, ...(name ? { name } : {}) });
        return { made, parts: await parts(pack, made) };
      };
      const [a, b, other] = c.samePack
        ? [
            await run(packs[0], 1234, `first ${i}`),
            await run(packs[0], 1234, `second ${i}`),
            await run(packs[0], 99, `third ${i}`),
          ]
        : [await run(packs[0], 1234), await run(packs[1], 1234), await run(packs[2], 99)];
      if (c.samePack) expect(a.made.accepted.id).not.toBe(b.made.accepted.id);
      expect(same(a.parts, b.parts)).toBe(true);
      expect(same(a.parts, other.parts)).toBe(false);
    });
  });
});
