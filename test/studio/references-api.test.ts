import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, errorCode, type TestServer } from "../support/server.ts";
import { encodePng, newRgba } from "../../src/media/png.ts";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

const png = (w: number, h: number) => Buffer.from(encodePng(newRgba(w, h))).toString("base64");

async function newPack(key: string, name: string): Promise<string> {
  return ((await (await ts.call("POST", "/v1/packs", { key, body: { name } })).json()) as any).pack.slug;
}

describe("reference images", () => {
  test("upload a PNG, get a referenceId, list it, and generate with it", async () => {
    const a = await ts.account("ref-owner");
    const slug = await newPack(a.key, "Refs");
    const res = await ts.call("POST", `/v1/packs/${slug}/references`, {
      key: a.key,
      body: { file: { base64: png(40, 24) } },
    });
    expect(res.status).toBe(201);
    const ref = (await res.json()) as any;
    expect(ref).toMatchObject({ pack: slug, width: 40, height: 24 });
    expect(ref.referenceId).toMatch(/^ref_[0-9a-f]{16}$/);

    const list = (await (await ts.call("GET", `/v1/packs/${slug}/references`, { key: a.key })).json()) as any;
    expect(list.references.map((r: any) => r.referenceId)).toEqual([ref.referenceId]);

    const tex = await ts.call("POST", `/v1/packs/${slug}/textures`, {
      key: a.key,
      body: {
        prompt: "bricks",
        size: 16,
        mode: "custom",
        description: "red bricks",
        referenceId: ref.referenceId,
        referenceStrength: 2,
      },
    });
    expect(tex.status).toBe(202);
    const model = await ts.call("POST", `/v1/packs/${slug}/models`, {
      key: a.key,
      body: { prompt: "a small crate", referenceId: ref.referenceId },
    });
    expect(model.status).toBe(202);
  });

  test("an unknown referenceId, or one from another account's pack, is refused before any charge", async () => {
    const a = await ts.account("ref-a", { credits: 30 });
    const b = await ts.account("ref-b");
    const aSlug = await newPack(a.key, "A refs");
    const bSlug = await newPack(b.key, "B refs");
    const bRef = (
      (await (
        await ts.call("POST", `/v1/packs/${bSlug}/references`, { key: b.key, body: { file: { base64: png(8, 8) } } })
      ).json()) as any
    ).referenceId;
    for (const referenceId of ["ref_0000000000000000", bRef]) {
      const res = await ts.call("POST", `/v1/packs/${aSlug}/textures`, {
        key: a.key,
        body: { prompt: "x", size: 16, mode: "custom", description: "x", referenceId },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error.message).toContain("names no uploaded reference image");
    }
    const acct = (await (await ts.call("GET", "/v1/account", { key: a.key })).json()) as any;
    expect(acct.account.credits).toBe(30);
  });

  test("not a PNG, too large, other account's pack, read-only key", async () => {
    const a = await ts.account("ref-bad");
    const b = await ts.account("ref-other");
    const slug = await newPack(a.key, "Bad refs");
    const notPng = await ts.call("POST", `/v1/packs/${slug}/references`, {
      key: a.key,
      body: { file: { text: "hello" } },
    });
    expect(notPng.status).toBe(400);
    expect(((await notPng.json()) as any).error.message).toContain("not a usable PNG");
    const big = await ts.call("POST", `/v1/packs/${slug}/references`, {
      key: a.key,
      body: { file: { base64: png(2049, 1) } },
    });
    expect(await errorCode(big)).toBe("invalid_request");
    expect(
      await errorCode(
        await ts.call("POST", `/v1/packs/${slug}/references`, { key: b.key, body: { file: { base64: png(4, 4) } } }),
      ),
    ).toBe("not_found");
    const ro = await ts.key(a.id, "rest", true);
    expect(
      await errorCode(
        await ts.call("POST", `/v1/packs/${slug}/references`, { key: ro, body: { file: { base64: png(4, 4) } } }),
      ),
    ).toBe("forbidden");
    const list = (await (await ts.call("GET", `/v1/packs/${slug}/references`, { key: ro })).json()) as any;
    expect(list.references).toEqual([]);
  });

  test("an upload id is spent by a reference upload", async () => {
    const a = await ts.account("ref-upload");
    const slug = await newPack(a.key, "Upload refs");
    const up = (await (
      await ts.call("POST", "/v1/uploads", { key: a.key, body: { fileName: "mood.png" } })
    ).json()) as any;
    expect(
      (await ts.call("PUT", `/v1/uploads/${up.upload}`, { key: a.key, raw: Buffer.from(png(3, 5), "base64") })).status,
    ).toBe(200);
    const res = await ts.call("POST", `/v1/packs/${slug}/references`, {
      key: a.key,
      body: { file: { upload: up.upload } },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as any).height).toBe(5);
    expect(
      await errorCode(
        await ts.call("POST", `/v1/packs/${slug}/references`, { key: a.key, body: { file: { upload: up.upload } } }),
      ),
    ).toBe("upload_not_found");
  });
});
