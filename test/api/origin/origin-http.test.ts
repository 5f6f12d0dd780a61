import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, errorCode, type TestServer } from "../../support/server.ts";
import { originRegistry } from "../../../src/origin/register.ts";
import { MAX_LOOKUP_HASHES, PAD_MAX_TOTAL, PAD_MIN_TOTAL } from "../../../src/origin/registry.ts";

const hex = (n: number, prefix = "") => (prefix + n.toString(16).padStart(8, "0")).padEnd(64, "7");

describe("origin check over HTTP", () => {
  let server: TestServer;
  const known = [hex(1, "abcde"), hex(2, "abcde"), hex(3, "12345")];

  beforeAll(async () => {
    server = await startTestServer();
    await originRegistry(server.svc.db).register([
      { hash: known[0], form: "png", kind: "texture" },
      { hash: known[1], form: "json", kind: "model" },
      { hash: known[2], form: "png", kind: "font" },
    ]);
  });
  afterAll(() => server.close());

  const lookup = (hashes: unknown, headers: Record<string, string> = {}) =>
    server.call("POST", "/v1/origin/lookup", { body: { hashes }, headers });

  test("lookup answers in the order sent, counts matches, needs no key and is cacheable", async () => {
    const miss = hex(9, "fffff");
    const res = await lookup([known[1], miss, known[0].toUpperCase(), known[1]]);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const body = (await res.json()) as any;
    expect(body.matched).toBe(3);
    expect(body.results.map((r: any) => r.hash)).toEqual([known[1], miss, known[0], known[1]]);
    expect(body.results[0]).toMatchObject({ verdict: "generated", form: "json", kind: "model" });
    expect(new Date(body.results[0].firstSeen).toISOString()).toBe(body.results[0].firstSeen);
    expect(body.results[1]).toEqual({ hash: miss, verdict: "no_record" });
  });

  test(`${MAX_LOOKUP_HASHES} hashes are answered, ${MAX_LOOKUP_HASHES + 1} refused`, async () => {
    const many = Array.from({ length: MAX_LOOKUP_HASHES }, (_, i) => hex(i, "0"));
    const ok = await lookup(many);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as any).results.length).toBe(MAX_LOOKUP_HASHES);
    const over = await lookup([...many, hex(999, "1")]);
    expect(await errorCode(over)).toBe("invalid_request");
    expect(over.headers.get("cache-control")).toBeNull();
  });

  test("bad hashes and bodies are refused with clear errors", async () => {
    for (const bad of [[known[0].slice(1)], [known[0] + "0"], ["g".repeat(64)], [42], "abc", [null]]) {
      const res = await lookup(bad);
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe("invalid_request");
    }
    expect(await errorCode(await server.call("POST", "/v1/origin/lookup", { body: { hashes: [], extra: 1 } }))).toBe(
      "invalid_request",
    );
    expect(
      await errorCode(
        await server.call("POST", "/v1/origin/lookup", {
          raw: "not json",
          headers: { "content-type": "application/json" },
        }),
      ),
    ).toBe("invalid_json");
    const empty = await lookup([]);
    expect(await empty.json()).toEqual({ results: [], matched: 0 });
  });

  test("range takes exactly five hex characters and lists suffixes", async () => {
    const res = await server.call("GET", "/v1/origin/range/ABCDE");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const body = (await res.json()) as any;
    expect(body.prefix).toBe("abcde");
    expect(body.suffixes.map((s: any) => s.suffix)).toEqual([known[0].slice(5), known[1].slice(5)]);
    expect(body.suffixes[0]).toMatchObject({ form: "png", kind: "texture" });
    expect(body.suffixes.some((s: any) => "decoy" in s)).toBe(false);
    for (const bad of ["abcd", "abcdef", "abcdg", "ab-de", "%20bcde"]) {
      const r = await server.call("GET", `/v1/origin/range/${bad}`);
      expect(r.status).toBe(400);
      expect(await errorCode(r)).toBe("invalid_request");
    }
    const none = (await (await server.call("GET", "/v1/origin/range/00000")).json()) as any;
    expect(none).toEqual({ prefix: "00000", suffixes: [] });
  });

  test("Add-Padding: true tops the answer up with marked decoys around the real entries", async () => {
    const res = await server.call("GET", "/v1/origin/range/abcde", { headers: { "add-padding": "true" } });
    expect(res.headers.get("vary")).toBe("Add-Padding");
    const body = (await res.json()) as any;
    expect(body.suffixes.length).toBeGreaterThanOrEqual(PAD_MIN_TOTAL);
    expect(body.suffixes.length).toBeLessThanOrEqual(PAD_MAX_TOTAL);
    const real = body.suffixes.filter((s: any) => !s.decoy);
    expect(real.map((s: any) => s.suffix)).toEqual([known[0].slice(5), known[1].slice(5)]);
    for (const d of body.suffixes.filter((s: any) => s.decoy)) {
      expect(d.decoy).toBe(true);
      expect(d.suffix).toMatch(/^[0-9a-f]{59}$/);
    }
    const suffixes = body.suffixes.map((s: any) => s.suffix);
    expect(suffixes).toEqual([...suffixes].sort());
    const off = (await (
      await server.call("GET", "/v1/origin/range/abcde", { headers: { "add-padding": "no" } })
    ).json()) as any;
    expect(off.suffixes.length).toBe(2);
  });

  test("the origin endpoints are not tools and ignore keys", async () => {
    const { key } = await server.account("checker");
    const res = await server.call("GET", "/v1/origin/range/12345", { key });
    expect(res.status).toBe(200);
    const garbage = await server.call("GET", "/v1/origin/range/12345", {
      headers: { authorization: "Bearer nonsense" },
    });
    expect(garbage.status).toBe(200);
  });
});

test("60 origin requests per minute per address, shared by lookup and range; the 61st is rate_limited", async () => {
  const server = await startTestServer({ "rate-origin": "60" });
  try {
    for (let i = 0; i < 30; i++) expect((await server.call("GET", "/v1/origin/range/abcde")).status).toBe(200);
    for (let i = 0; i < 30; i++)
      expect((await server.call("POST", "/v1/origin/lookup", { body: { hashes: [] } })).status).toBe(200);
    const over = await server.call("GET", "/v1/origin/range/abcde");
    expect(over.status).toBe(429);
    expect(await errorCode(over)).toBe("rate_limited");
    expect(over.headers.get("cache-control")).toBeNull();
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // Keyed endpoints keep their own budgets.
    const { key } = await server.account("busy");
    expect((await server.call("GET", "/v1/packs", { key })).status).toBe(200);
  } finally {
    await server.close();
  }
});
