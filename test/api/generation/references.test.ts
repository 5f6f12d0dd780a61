import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { newPack, waitJob } from "../../support/jobs.ts";
import { make as makeAsset, makePng, modelTextures, json } from "../../support/generation.ts";
import { encodePng } from "../../../src/media/png.ts";
import { axisShares, BLUE, distanceTo, ORANGE, stripes } from "../../support/look.ts";

let ts: TestServer;
let key: string;
let pack: string;
let referenceId: string;
beforeAll(async () => {
  ts = await startTestServer();
  key = (await ts.account("steer")).key;
  pack = await newPack(ts, key, "Steered");
  const res = await ts.call("POST", `/v1/packs/${pack}/references`, {
    key,
    body: { file: { base64: Buffer.from(encodePng(stripes(64, 4))).toString("base64") } },
  });
  referenceId = ((await res.json()) as any).referenceId;
});
afterAll(() => ts.close());

const body = (name: string, extra: Record<string, unknown> = {}) => ({
  prompt: "grey cobblestone",
  size: 32,
  mode: "custom",
  description: "stone floor",
  name,
  seed: 11,
  ...extra,
});

describe("a reference image steers a generation", () => {
  test("a texture takes the reference's colours and stripes; the job says what it took", async () => {
    const plain = await makePng(ts, key, pack, "textures", body("plain"));
    const steered = await makePng(ts, key, pack, "textures", body("steered", { referenceId, referenceStrength: 0.9 }));
    expect(steered.accepted.interpretation.reference).toEqual({ referenceId, strength: 0.9 });
    expect(distanceTo(steered.img, [BLUE, ORANGE])).toBeLessThan(distanceTo(plain.img, [BLUE, ORANGE]) * 0.75);
    expect(axisShares(steered.img).columns).toBeGreaterThan(axisShares(plain.img).columns + 0.3);
    const job = await waitJob(ts, key, steered.accepted.job);
    expect(job.interpretation.reference).toMatchObject({
      referenceId,
      strength: 0.9,
      palette: ["#143ca0", "#e68c28"],
      contrast: "high",
      structure: "vertical stripes, 8 across",
      taken: ["palette", "value range", "contrast", "structure"],
    });
    expect(job.interpretation.subject).toBe(steered.accepted.interpretation.subject);
  });

  test("referenceStrength is clamped: past the bounds gives the bound's bytes; omitted is 0.5", async () => {
    const high = await makePng(ts, key, pack, "textures", body("high", { referenceId, referenceStrength: 7 }));
    const bound = await makePng(ts, key, pack, "textures", body("bound", { referenceId, referenceStrength: 0.95 }));
    const low = await makePng(ts, key, pack, "textures", body("low", { referenceId, referenceStrength: -3 }));
    const floor = await makePng(ts, key, pack, "textures", body("floor", { referenceId, referenceStrength: 0.05 }));
    const middle = await makePng(ts, key, pack, "textures", body("middle", { referenceId }));
    expect(high.accepted.interpretation.reference.strength).toBe(0.95);
    expect(low.accepted.interpretation.reference.strength).toBe(0.05);
    expect(middle.accepted.interpretation.reference.strength).toBe(0.5);
    expect(high.bytes).toEqual(bound.bytes);
    expect(low.bytes).toEqual(floor.bytes);
    expect(middle.bytes).not.toEqual(high.bytes);
    expect(middle.bytes).not.toEqual(low.bytes);
  });

  test("a model's own textures take the reference's colours", async () => {
    const make = (name: string, extra: Record<string, unknown>) =>
      makeAsset(ts, key, pack, "models", { prompt: "wooden crate", name, seed: 5, ...extra });
    const plain = await make("crate_plain", {});
    const steered = await make("crate_steered", { referenceId, referenceStrength: 0.9 });
    const before = [...(await modelTextures(ts, key, pack, json(plain.bytes))).values()];
    const after = [...(await modelTextures(ts, key, pack, json(steered.bytes))).values()];
    expect(after.length).toBe(before.length);
    const d = (imgs: typeof before) => imgs.reduce((t, img) => t + distanceTo(img, [BLUE, ORANGE]), 0);
    expect(d(after)).toBeLessThan(d(before));
  });
});
