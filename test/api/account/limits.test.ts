import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, errorCode, type TestServer } from "../../support/server.ts";
import { makePack, putAsset } from "../../support/cli.ts";
import { checkAssetLimit } from "../../../src/core/assets.ts";
import { ApiError } from "../../../src/core/errors.ts";

describe("bounds at and past their limits", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ "max-json-bytes": "1000", "pack-limit-creator": "2", "asset-limit": "3" });
  });
  afterAll(() => ts.close());

  test("pack name: 100 characters is accepted, 101 refused", async () => {
    const { key } = await ts.account("namer");
    const hundred = "é".repeat(50) + "n".repeat(50);
    const ok = await ts.call("POST", "/v1/packs", { key, body: { name: hundred } });
    expect(ok.status).toBe(201);
    const { pack } = (await ok.json()) as any;
    expect(pack.name).toBe(hundred);
    expect(pack.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(pack.slug.length).toBeLessThanOrEqual(48);
    const over = await ts.call("POST", "/v1/packs", { key, body: { name: "n".repeat(101) } });
    expect(over.status).toBe(400);
    const body = (await over.json()) as any;
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.message).toContain("100");
  });

  test("pack limit: the plan's last pack is accepted, the next is pack_limit_reached", async () => {
    const { key } = await ts.account("creator-plan", { plan: "creator" });
    expect((await ts.call("POST", "/v1/packs", { key, body: { name: "One" } })).status).toBe(201);
    expect((await ts.call("POST", "/v1/packs", { key, body: { name: "Two" } })).status).toBe(201);
    const third = await ts.call("POST", "/v1/packs", { key, body: { name: "Three" } });
    expect(third.status).toBe(403);
    expect(await errorCode(third)).toBe("pack_limit_reached");
    const list = (await (await ts.call("GET", "/v1/packs", { key })).json()) as any;
    expect(list.packs.map((p: any) => p.name)).toEqual(["One", "Two"]);
  });

  test("JSON body: exactly the byte limit is read, one byte more is file_too_large", async () => {
    const { key } = await ts.account("big-body");
    const padded = (n: number) => {
      const core = JSON.stringify({ name: `Body ${n}` });
      return core.slice(0, -1) + " ".repeat(n - core.length) + "}";
    };
    expect(new TextEncoder().encode(padded(1000)).length).toBe(1000);
    const ok = await ts.call("POST", "/v1/packs", {
      key,
      raw: padded(1000),
      headers: { "content-type": "application/json" },
    });
    expect(ok.status).toBe(201);
    const over = await ts.call("POST", "/v1/packs", {
      key,
      raw: padded(1001),
      headers: { "content-type": "application/json" },
    });
    expect(over.status).toBe(413);
    const body = (await over.json()) as any;
    expect(body.error.code).toBe("file_too_large");
    expect(body.error.message).toContain("1000 bytes");
  });

  test("JSON body sent chunked (no Content-Length) is capped while streaming", async () => {
    const { key } = await ts.account("chunky");
    const stream = (text: string) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          const bytes = new TextEncoder().encode(text);
          for (let i = 0; i < bytes.length; i += 100) c.enqueue(bytes.slice(i, i + 100));
          c.close();
        },
      });
    const send = (text: string) =>
      fetch(ts.url + "/v1/packs", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: stream(text),
        duplex: "half",
      } as RequestInit);
    const core = JSON.stringify({ name: "Streamed" });
    const small = await send(core);
    expect(small.status).toBe(201);
    const big = await send(core.slice(0, -1) + " ".repeat(5000) + "}");
    expect(big.status).toBe(413);
    expect(await errorCode(big)).toBe("file_too_large");
  });

  test("asset limit: the pack's last asset fits, the next is asset_limit_reached", async () => {
    const { key } = await ts.account("asset-limit");
    const pack = await makePack(ts, key, "Limited");
    const limit = ts.svc.config.assetLimit;
    expect(limit).toBe(3);
    await putAsset(ts, pack, { kind: "texture", name: "a", status: "generating" });
    await putAsset(ts, pack, { kind: "texture", name: "b", status: "generating" });
    await checkAssetLimit(ts.svc.db, pack, limit);
    let caught: unknown;
    try {
      await checkAssetLimit(ts.svc.db, pack, limit, 2);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).errorCode).toBe("asset_limit_reached");
    expect((caught as ApiError).status).toBe(403);
    await putAsset(ts, pack, { kind: "texture", name: "c", status: "generating" });
    await expect(checkAssetLimit(ts.svc.db, pack, limit)).rejects.toThrow(/limit is 3/);
  });
});

describe("list_assets query bounds", () => {
  let ts: TestServer;
  let key: string;
  let slug: string;
  beforeAll(async () => {
    ts = await startTestServer();
    key = (await ts.account("pager")).key;
    const pack = await makePack(ts, key, "Paged");
    slug = pack.slug;
    for (let i = 0; i < 205; i++)
      await putAsset(ts, pack, { kind: i % 2 ? "sound" : "texture", name: `a${i}`, status: "generating" });
  });
  afterAll(() => ts.close());

  const page = (q: string) => ts.call("GET", `/v1/packs/${slug}/assets?${q}`, { key });

  test("limit defaults to 50", async () => {
    const body = (await (await page("")).json()) as any;
    expect(body.assets.length).toBe(50);
    expect(typeof body.nextCursor).toBe("number");
  });

  for (const [limit, size] of [
    ["1", 1],
    ["200", 200],
  ] as const)
    test(`limit=${limit} is accepted`, async () => {
      const res = await page(`limit=${limit}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).assets.length).toBe(size);
    });

  for (const bad of ["0", "201", "-1", "1.5", "abc", "", "1e2", "0x10"])
    test(`limit=${JSON.stringify(bad)} is invalid_request`, async () => {
      const res = await page(`limit=${bad}`);
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe("invalid_request");
    });

  for (const bad of ["-1", "2.5", "next", ""])
    test(`cursor=${JSON.stringify(bad)} is invalid_request`, async () => {
      const res = await page(`cursor=${bad}`);
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe("invalid_request");
    });

  test("kind outside the four kinds is invalid_request", async () => {
    const res = await page("kind=item");
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("invalid_request");
  });

  test("an unknown query parameter is ignored, not an error", async () => {
    expect((await page("limit=2&foo=bar")).status).toBe(200);
  });
});

describe("rate limits per key", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ "rate-reads": "120", "rate-writes": "30" });
  });
  afterAll(() => ts.close());

  async function expectRateLimited(res: Response) {
    expect(res.status).toBe(429);
    const body = (await res.json()) as any;
    expect(body.error.code).toBe("rate_limited");
    const retry = Number(res.headers.get("retry-after"));
    expect(Number.isInteger(retry)).toBe(true);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // The message says how long to wait, in the same seconds as the header.
    expect(body.error.message).toContain(`${retry} s`);
  }

  test("reads: the 120th in a minute is served, the 121st is rate_limited with Retry-After", async () => {
    const { key } = await ts.account("reads");
    const codes = await Promise.all(
      Array.from({ length: 120 }, () => ts.call("GET", "/v1/packs", { key }).then((r) => r.status)),
    );
    expect(codes.every((c) => c === 200)).toBe(true);
    await expectRateLimited(await ts.call("GET", "/v1/packs", { key }));
    // Every read operation shares the budget.
    await expectRateLimited(await ts.call("GET", "/v1/jobs/x:texture:y", { key }));
  });

  test("writes: the 30th is served, the 31st is rate_limited, and reads keep their own budget", async () => {
    const { key } = await ts.account("writes");
    for (let i = 1; i <= 30; i++)
      expect((await ts.call("POST", "/v1/packs", { key, body: { name: `W ${i}` } })).status).toBe(201);
    await expectRateLimited(await ts.call("POST", "/v1/packs", { key, body: { name: "W 31" } }));
    expect((await ts.call("GET", "/v1/packs", { key })).status).toBe(200);
  });

  test("budgets are per key: a second key of the same account is not limited by the first", async () => {
    const a = await ts.account("two-keys");
    for (let i = 0; i < 120; i++) await ts.call("GET", "/v1/packs", { key: a.key });
    await expectRateLimited(await ts.call("GET", "/v1/packs", { key: a.key }));
    const second = await ts.key(a.id);
    expect((await ts.call("GET", "/v1/packs", { key: second })).status).toBe(200);
  });

  test("refused requests (bad key) spend no budget of a real key", async () => {
    const a = await ts.account("untouched");
    for (let i = 0; i < 200; i++) await ts.call("GET", "/v1/packs", { key: "ps_rest_wrong" });
    expect((await ts.call("GET", "/v1/packs", { key: a.key })).status).toBe(200);
  });
});

describe("rate limit window", () => {
  test("a spent budget is available again once the window has passed", async () => {
    // A window long enough that a slow machine still fits the first requests inside it.
    const ts = await startTestServer({ "rate-reads": "3", "rate-window-ms": "3000" });
    try {
      const { key } = await ts.account("window");
      for (let i = 0; i < 3; i++) expect((await ts.call("GET", "/v1/packs", { key })).status).toBe(200);
      const limited = await ts.call("GET", "/v1/packs", { key });
      expect(limited.status).toBe(429);
      const wait = Number(limited.headers.get("retry-after"));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(3);
      // Waiting as long as Retry-After said is enough.
      await Bun.sleep(wait * 1000 + 50);
      expect((await ts.call("GET", "/v1/packs", { key })).status).toBe(200);
    } finally {
      await ts.close();
    }
  });
});
