/** Publishing one zip for a range of releases: POST /publish?minVersion=… (the export's range layout). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { noisyPng, packFixture, readZip, type PackFixture } from "../../support/exports.ts";

let server: TestServer;
let key: string;
let f: PackFixture;
const builds = async () =>
  (
    (await server.svc.db.get("SELECT count(*) AS n FROM published_builds WHERE pack_id = ?", [f.pack.id])) as {
      n: number;
    }
  ).n;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.account("range-publisher")).key;
  f = await packFixture(server, key, "1.21.11", "range publish");
  await f.add({
    kind: "texture",
    type: "item",
    name: "item:ruby",
    meta: { variant: null },
    bytes: noisyPng(16, 16, 3),
  });
  await f.add({ kind: "texture", type: "hud", name: "hud:main", bytes: noisyPng(256, 512, 4) });
});
afterAll(() => server.close());

describe("publish with minVersion", () => {
  test("the public zip (no key) is the range layout and its SHA-1 is the answer's", async () => {
    const res = await server.call("POST", `/v1/packs/${f.pack.slug}/publish?minVersion=1.20.1`, { key });
    expect(res.status).toBe(201);
    const b = (await res.json()) as any;
    expect(b.minVersion).toBe("1.20.1");
    const got = await fetch(b.url);
    expect(got.status).toBe(200);
    const bytes = new Uint8Array(await got.arrayBuffer());
    expect(new Bun.CryptoHasher("sha1").update(bytes).digest("hex")).toBe(b.sha1);
    const z = readZip(bytes);
    const mcmeta = z.json("pack.mcmeta");
    expect(mcmeta.pack.pack_format).toBe(15);
    expect(mcmeta.pack.supported_formats).toEqual([15, 75]);
    expect(mcmeta.overlays.entries.length).toBeGreaterThanOrEqual(2);
    // The same range exported is the same bytes: publishing builds exactly the export.
    const exported = await server.call("GET", `/v1/packs/${f.pack.slug}/export?minVersion=1.20.1`, { key });
    expect(Bun.hash(new Uint8Array(await exported.arrayBuffer()))).toBe(Bun.hash(bytes));
  });

  test.each(["1.99", "26.1", "1.12.2"])(
    "minVersion=%s is refused with invalid_request and publishes nothing",
    async (v) => {
      const before = await builds();
      const res = await server.call("POST", `/v1/packs/${f.pack.slug}/publish?minVersion=${v}`, { key });
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error.code).toBe("invalid_request");
      expect(await builds()).toBe(before);
    },
  );
});
