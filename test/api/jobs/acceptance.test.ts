import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { SqlDriver } from "../../../src/store/sql.ts";
import { startTestServer, errorCode, type TestServer } from "../../support/server.ts";
import { credits, newPack, waitJob } from "../../support/jobs.ts";
import { decodePng } from "../../../src/media/png-decode.ts";

let ts: TestServer;
let me: { id: number; key: string };
let pack: string;

beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("gen", { credits: 50 });
  pack = await newPack(ts, me.key);
});
afterAll(() => ts.close());

const texture = (body: Record<string, unknown>) => ts.call("POST", `/v1/packs/${pack}/textures`, { key: me.key, body });
const base = { prompt: "mossy cobblestone", size: 16, mode: "custom", description: "mossy cobble" };

describe("generation acceptance", () => {
  test("202 with the acceptance body, one charge, then ready with a decodable PNG", async () => {
    const before = await credits(ts, me.id);
    const res = await texture({ ...base, seed: 7 });
    expect(res.status).toBe(202);
    const body = (await res.json()) as any;
    expect(body).toEqual({
      id: "mossy_cobble",
      kind: "texture",
      status: "generating",
      pack,
      job: `${pack}:texture:mossy_cobble`,
      interpretation: expect.objectContaining({ subject: expect.any(String), unmatched: expect.any(Array) }),
      charged: expect.any(Number),
    });
    const after = await credits(ts, me.id);
    expect(after.balance).toBe(before.balance - 1);
    expect(after.ledger).toBe(after.balance);
    const job = await waitJob(ts, me.key, body.job);
    expect(job.status).toBe("ready");
    expect(job.error).toBeNull();
    expect(job.asset.id).toBe(body.job);
    const file = await ts.call("GET", `/v1/packs/${pack}/assets/texture/mossy_cobble`, { key: me.key });
    expect(file.headers.get("content-type")).toBe("image/png");
    const img = decodePng(new Uint8Array(await file.arrayBuffer()));
    expect([img.width, img.height]).toEqual([16, 16]);
    expect((await credits(ts, me.id)).balance).toBe(before.balance - 1);
  });

  test("a second custom texture with the same name gets a fresh name, not a conflict", async () => {
    const res = await texture({ ...base, seed: 8 });
    expect(res.status).toBe(202);
    expect(((await res.json()) as any).id).toBe("mossy_cobble_2");
  });

  test("size 16 and 128 accepted; 15 and 129 refused with nothing charged", async () => {
    for (const size of [16, 128]) expect((await texture({ ...base, size, name: `edge ${size}` })).status).toBe(202);
    const before = await credits(ts, me.id);
    const rows = ((await ts.svc.db.get("SELECT count(*) AS n FROM assets")) as any).n;
    for (const size of [15, 129, 16.5]) {
      const res = await texture({ ...base, size });
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe("invalid_request");
    }
    expect(await credits(ts, me.id)).toEqual(before);
    expect(((await ts.svc.db.get("SELECT count(*) AS n FROM assets")) as any).n).toBe(rows);
  });

  test("mode needs its companion field", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ prompt: "x", size: 16, mode: "vanilla" }, /vanillaTarget is required/],
      [{ prompt: "x", size: 16, mode: "custom" }, /description is required/],
      [{ prompt: "x", size: 16, mode: "vanilla", vanillaTarget: "not_a_block" }, /not a vanilla block texture/],
      [{ prompt: "x", size: 16, mode: "sideways", description: "d" }, /mode must be one of vanilla, custom/],
      [{ prompt: "x", size: 16, mode: "custom", description: "d", faceSlot: "top" }, /faceSlot needs a vanillaTarget/],
      [{ prompt: "x", size: 16, mode: "vanilla", vanillaTarget: "stone", faceSlot: "top" }, /no per-face textures/],
      [{ prompt: "x", size: 16, mode: "custom", description: "d", colour: "red" }, /unknown field 'colour'/],
    ];
    for (const [body, message] of cases) {
      const res = await texture(body);
      const err = ((await res.json()) as any).error;
      expect(res.status).toBe(400);
      expect(err.code).toBe("invalid_request");
      expect(err.message).toMatch(message);
    }
  });

  test("faceSlot picks the face texture; a second reskin of it is a conflict with no charge", async () => {
    const res = await texture({
      prompt: "birch bark",
      size: 16,
      mode: "vanilla",
      vanillaTarget: "oak_log",
      faceSlot: "top",
    });
    expect(res.status).toBe(202);
    expect(((await res.json()) as any).id).toBe("oak_log_top");
    const before = await credits(ts, me.id);
    const again = await texture({
      prompt: "other",
      size: 16,
      mode: "vanilla",
      vanillaTarget: "oak_log",
      faceSlot: "top",
    });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe("conflict");
    expect(await credits(ts, me.id)).toEqual(before);
  });

  test("referenceStrength is clamped, not refused; an unknown referenceId is refused", async () => {
    const res = await texture({ ...base, name: "clamped", referenceStrength: 3 });
    expect(res.status).toBe(202);
    const row = (await ts.svc.db.get("SELECT meta FROM assets WHERE name = 'clamped'")) as any;
    expect(JSON.parse(row.meta).referenceStrength).toBe(0.95);
    await texture({ ...base, name: "low", referenceStrength: -1 });
    expect(
      JSON.parse(((await ts.svc.db.get("SELECT meta FROM assets WHERE name = 'low'")) as any).meta).referenceStrength,
    ).toBe(0.05);
    const ref = await texture({ ...base, referenceId: "ref_nope" });
    expect(await errorCode(ref)).toBe("invalid_request");
  });
});

describe("credits and limits", () => {
  test("insufficient_credits starts and charges nothing", async () => {
    const poor = await ts.account("poor", { credits: 0 });
    const slug = await newPack(ts, poor.key, "Poor Pack");
    const res = await ts.call("POST", `/v1/packs/${slug}/textures`, { key: poor.key, body: base });
    expect(res.status).toBe(402);
    expect(await errorCode(res)).toBe("insufficient_credits");
    expect(
      (
        (await ts.svc.db.get("SELECT count(*) AS n FROM assets a JOIN packs p ON p.id = a.pack_id WHERE p.slug = ?", [
          slug,
        ])) as any
      ).n,
    ).toBe(0);
    expect(await credits(ts, poor.id)).toEqual({ balance: 0, ledger: 0, rows: 0 });
  });

  test("asset_limit_reached at the limit, accepted just under it", async () => {
    const small = await startTestServer({ "asset-limit": "2" });
    try {
      const a = await small.account("a", { credits: 10 });
      const slug = await newPack(small, a.key);
      const go = () => small.call("POST", `/v1/packs/${slug}/textures`, { key: a.key, body: base });
      expect((await go()).status).toBe(202);
      expect((await go()).status).toBe(202);
      const third = await go();
      expect(third.status).toBe(403);
      expect(await errorCode(third)).toBe("asset_limit_reached");
      expect((await credits(small, a.id)).balance).toBe(8);
    } finally {
      await small.close();
    }
  });

  test("a switched-off generation answers 503 unavailable", async () => {
    const off = await startTestServer({ disable: "generate_texture" });
    try {
      const a = await off.account("a");
      const slug = await newPack(off, a.key);
      const res = await off.call("POST", `/v1/packs/${slug}/textures`, { key: a.key, body: base });
      expect(res.status).toBe(503);
      expect(await errorCode(res)).toBe("unavailable");
    } finally {
      await off.close();
    }
  });

  test("read-only keys cannot generate; another account's pack is not_found", async () => {
    const ro = await ts.key(me.id, "rest", true);
    const res = await ts.call("POST", `/v1/packs/${pack}/textures`, { key: ro, body: base });
    expect(await errorCode(res)).toBe("forbidden");
    const other = await ts.account("other");
    const res2 = await ts.call("POST", `/v1/packs/${pack}/textures`, { key: other.key, body: base });
    expect(res2.status).toBe(404);
  });
});

describe("free names", () => {
  test("a clash takes the number after the highest, in one look at the index however many there are", async () => {
    const { freeAssetName, insertAsset } = await import("../../../src/core/assets.ts");
    const { createAccount } = await import("../../../src/core/accounts.ts");
    const { createPack } = await import("../../../src/core/packs.ts");
    const ts = await startTestServer();
    try {
      const db = ts.svc.db;
      const pack = await createPack(db, await createAccount(db, "namer", "pro", 0), "Names", "1.21.11", 10);
      const add = (name: string, into: SqlDriver = db) =>
        insertAsset(into, {
          packId: pack.id,
          kind: "texture",
          name,
          type: "block",
          status: "ready",
          source: "uploaded",
        });
      expect(await freeAssetName(db, pack.id, "texture", "mix")).toBe("mix");
      await add("mix");
      expect(await freeAssetName(db, pack.id, "texture", "mix")).toBe("mix_2");
      await db.transaction(async (tx) => {
        for (let i = 2; i <= 3000; i++) await add(`mix_${i}`, tx);
      });
      await add("mix_extra"); // not a number: ignored
      await add("mixer"); // another base: ignored
      expect(await freeAssetName(db, pack.id, "texture", "mix")).toBe("mix_3001");
      expect(await freeAssetName(db, pack.id, "model", "mix")).toBe("mix"); // per kind
    } finally {
      await ts.close();
    }
  });
});
