import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { credits, newPack } from "../../support/jobs.ts";
import { assetCount, expectRefused, generate, make, rowMeta } from "../../support/generation.ts";
import { SOUND_CATEGORIES } from "../../../src/pack/sound-event.ts";
import { SOUND_DURATION } from "../../../src/gen/sound.ts";
import { decodeOggVorbis } from "../../../src/media/ogg.ts";

let ts: TestServer;
let me: { id: number; key: string };
let pack: string;

beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("sounds", { credits: 100 });
  pack = await newPack(ts, me.key, "Sounds");
});
afterAll(() => ts.close());

const sound = (body: Record<string, unknown>) => generate(ts, me.key, pack, "sounds", body);

/** Vorbis pads to whole blocks at the ends; a few tens of ms either way is the codec, not the generator. */
const TOLERANCE_S = 0.05;

async function decoded(body: Record<string, unknown>) {
  const { accepted, bytes } = await make(ts, me.key, pack, "sounds", body);
  expect([bytes[0], bytes[1], bytes[2], bytes[3]]).toEqual([0x4f, 0x67, 0x67, 0x53]); // "OggS"
  return { accepted, audio: await decodeOggVorbis(bytes) };
}

describe("sound effects", () => {
  test("a vanilla event replaces the game's sound: mono 44.1 kHz Ogg of the requested length", async () => {
    const { accepted, audio } = await decoded({
      prompt: "grunt of pain",
      event: "entity.player.hurt",
      category: "player",
      durationSeconds: 0.6,
      seed: 1,
    });
    expect(accepted).toEqual({
      id: "entity.player.hurt",
      kind: "sound",
      status: "generating",
      pack,
      job: `${pack}:sound:entity.player.hurt`,
      interpretation: expect.objectContaining({ subject: expect.any(String), unmatched: expect.any(Array) }),
      charged: expect.any(Number),
    });
    expect(audio.sampleRate).toBe(44100);
    expect(audio.channels.length).toBe(1);
    expect(Math.abs(audio.durationSeconds - 0.6)).toBeLessThan(TOLERANCE_S);
    const meta = await rowMeta(ts, pack, "sound", "entity.player.hurt");
    expect(meta).toMatchObject({ event: "entity.player.hurt", category: "player", replacesVanilla: true });
    // Not silence: something audible was synthesised.
    let peak = 0;
    for (const s of audio.channels[0]) peak = Math.max(peak, Math.abs(s));
    expect(peak).toBeGreaterThan(0.1);
  });

  test("minecraft: prefix is accepted and stripped; a custom namespace:name event is a new sound", async () => {
    const vanilla = await sound({ prompt: "stone crack", event: "minecraft:block.stone.break" });
    expect(vanilla.status).toBe(202);
    expect(vanilla.body.id).toBe("block.stone.break");
    const { accepted, audio } = await decoded({
      prompt: "electric zap",
      event: "mypack:fx.zap",
      durationSeconds: 1.5,
      seed: 2,
    });
    expect(accepted.id).toBe("mypack:fx.zap");
    expect(Math.abs(audio.durationSeconds - 1.5)).toBeLessThan(TOLERANCE_S);
    expect((await rowMeta(ts, pack, "sound", "mypack:fx.zap")).replacesVanilla).toBe(false);
  });

  test("durationSeconds at its bounds is honoured", async () => {
    for (const s of [SOUND_DURATION.min, SOUND_DURATION.max]) {
      const { audio } = await decoded({
        prompt: "low hum",
        event: `mypack:hum.len${String(s).replace(".", "_")}`,
        durationSeconds: s,
        seed: 3,
      });
      expect(audio.channels.length).toBe(1);
      expect(audio.sampleRate).toBe(44100);
      expect(Math.abs(audio.durationSeconds - s)).toBeLessThan(TOLERANCE_S);
    }
  });

  test("bad events, categories and durations are refused with nothing charged", async () => {
    const before = await credits(ts, me.id);
    const rows = await assetCount(ts, pack);
    expectRefused(await sound({ prompt: "x", event: "entity.player.sneeze" }), /neither a vanilla sound event/);
    expectRefused(await sound({ prompt: "x", event: "Bad Event!" }), /neither a vanilla sound event/);
    expectRefused(await sound({ prompt: "x", event: "minecraft:my.custom" }), /neither a vanilla sound event/);
    expectRefused(
      await sound({ prompt: "x", event: "mypack:a", category: "loud" }),
      new RegExp(`category must be one of ${SOUND_CATEGORIES.join(", ")}`),
    );
    expectRefused(
      await sound({ prompt: "x", event: "mypack:a", durationSeconds: SOUND_DURATION.min - 0.01 }),
      /durationSeconds/,
    );
    expectRefused(
      await sound({ prompt: "x", event: "mypack:a", durationSeconds: SOUND_DURATION.max + 0.01 }),
      /durationSeconds/,
    );
    expectRefused(await sound({ prompt: "x" }), /event/);
    expect(await credits(ts, me.id)).toEqual(before);
    expect(await assetCount(ts, pack)).toBe(rows);
  });

  test("every category is accepted and recorded", async () => {
    for (const category of SOUND_CATEGORIES) {
      const a = await sound({ prompt: "click", event: `mypack:cat.${category}`, category, durationSeconds: 0.1 });
      expect(a.status).toBe(202);
      expect((await rowMeta(ts, pack, "sound", `mypack:cat.${category}`)).category).toBe(category);
    }
  });
});
