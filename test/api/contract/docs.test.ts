import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { makePack, putAsset } from "../../support/cli.ts";
import { OPERATIONS } from "../../../src/ops/index.ts";
import { isRest } from "../../../src/ops/types.ts";
import { noticesText } from "../../../scripts/notices.ts";

/** Tool-only operations (`rest: false`, wait_for_job) have no route and no OpenAPI entry. */
const ROUTED = OPERATIONS.filter(isRest);

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe("/openapi.json", () => {
  test("lists every operation of the operation table at its method and path, and nothing else", async () => {
    const res = await ts.call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("application/json");
    const doc = (await res.json()) as any;
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.version).toBe("1.0.0");
    // Paths carry /v1 themselves: the server URL joined with a path is the real address (no /v1/v1).
    expect(doc.servers[0].url).toBe(ts.url);
    expect(Object.keys(doc.paths).every((p: string) => p.startsWith("/v1/"))).toBe(true);
    const listed: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>))
      for (const [method, op] of Object.entries(methods))
        listed.push(`${method.toUpperCase()} ${path} ${op.operationId}`);
    const expected = ROUTED.map((op) => `${op.method} /v1${op.path} ${op.name}`);
    expect(listed.sort()).toEqual(expected.sort());
    expect(new Set(OPERATIONS.map((o) => o.name)).size).toBe(OPERATIONS.length);
  });

  test("every operation documents its success response and, when keyed, the auth errors", async () => {
    const doc = (await (await ts.call("GET", "/openapi.json")).json()) as any;
    for (const op of ROUTED) {
      const entry = doc.paths[`/v1${op.path}`][op.method.toLowerCase()];
      expect(entry.summary.length).toBeGreaterThan(0);
      expect(entry.description.length).toBeGreaterThan(20);
      expect(entry.responses[String(op.status ?? 200)]).toBeDefined();
      expect(entry.responses["429"].description).toContain("rate_limited");
      if (op.auth === "key") {
        expect(entry.security).toEqual([{ bearer: [] }, ...(op.signed ? [{ signedLink: [] }] : [])]);
        expect(entry.responses["401"].description).toContain("missing_api_key");
        expect(entry.responses["403"].description).toContain("plan_required");
      }
      for (const p of op.pathParams ?? [])
        expect(entry.parameters.find((x: any) => x.name === p && x.in === "path")?.required).toBe(true);
    }
  });

  test("the assets listing documents kind, limit 1..200 default 50, and cursor", async () => {
    const doc = (await (await ts.call("GET", "/openapi.json")).json()) as any;
    const params = doc.paths["/v1/packs/{pack}/assets"].get.parameters as any[];
    const limit = params.find((p) => p.name === "limit");
    expect(limit.in).toBe("query");
    expect(limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 200, default: 50 });
    expect(params.find((p) => p.name === "cursor").schema).toMatchObject({ type: "integer", minimum: 0 });
    expect(params.find((p) => p.name === "kind").schema.anyOf.map((k: any) => k.const)).toEqual([
      "texture",
      "model",
      "font",
      "sound",
    ]);
    const create = doc.paths["/v1/packs"].post.requestBody.content["application/json"].schema;
    expect(create.properties.name.maxLength).toBe(100);
    expect(create.required).toEqual(["name"]);
  });
});

describe("/docs", () => {
  test("is an HTML page that loads no script or style from another host", async () => {
    const res = await ts.call("GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/html");
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain("/openapi.json");
    // No external URL in a src/href attribute, an @import or a fetch: the page must work on a LAN with no internet.
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?\s*(https?:)?\/\//i);
    expect(html).not.toMatch(/@import|url\(\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/https?:\/\//i);
  });
});

describe("/healthz", () => {
  test("answers ok without a key, with the status of each engine", async () => {
    const res = await ts.call("GET", "/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", engines: { sqlite: "ok", folder: "ok" } });
  });
});

describe("/metrics", () => {
  test("Prometheus text with requests by route and status, a latency histogram and jobs by status", async () => {
    const { key } = await ts.account("metered");
    const pack = await makePack(ts, key, "Metered");
    for (let i = 0; i < 3; i++) await ts.call("GET", "/v1/packs", { key });
    await ts.call("GET", "/v1/packs/not-mine", { key });
    await ts.call("GET", "/v1/packs", { key: "ps_rest_bad" });
    await putAsset(ts, pack, { kind: "texture", name: "g1", status: "generating" });
    await putAsset(ts, pack, { kind: "texture", name: "g2", status: "generating" });
    await putAsset(ts, pack, { kind: "texture", name: "r1", status: "ready", bytes: new Uint8Array([1, 2]) });
    await putAsset(ts, pack, { kind: "texture", name: "e1", status: "error" });

    const res = await ts.call("GET", "/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/plain");
    const text = await res.text();
    const lines = text.trimEnd().split("\n");
    const sample =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*"(,[a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*")*)?\})? (-?[0-9.e+-]+|\+Inf|NaN)$/;
    const typed = new Set<string>();
    for (const line of lines) {
      if (line.startsWith("# TYPE ")) typed.add(line.split(" ")[2]);
      if (line.startsWith("#")) continue;
      expect(line).toMatch(sample);
      const family = line.match(/^[a-zA-Z_:][a-zA-Z0-9_:]*/)![0].replace(/_(bucket|sum|count)$/, "");
      expect(typed.has(family)).toBe(true);
    }
    const value = (prefix: string) =>
      Number(
        lines
          .find((l) => l.startsWith(prefix + " "))
          ?.split(" ")
          .pop(),
      );

    expect(value('packsmith_http_requests_total{method="GET",route="/v1/packs",status="200"}')).toBe(3);
    expect(value('packsmith_http_requests_total{method="GET",route="/v1/packs",status="401"}')).toBe(1);
    expect(value('packsmith_http_requests_total{method="GET",route="/v1/packs/:pack",status="404"}')).toBe(1);
    expect(value('packsmith_http_requests_total{method="POST",route="/v1/packs",status="201"}')).toBe(1);

    const labels = 'method="GET",route="/v1/packs"';
    const buckets = lines.filter((l) => l.startsWith(`packsmith_http_request_duration_seconds_bucket{${labels},`));
    expect(buckets.length).toBeGreaterThan(5);
    const counts = buckets.map((l) => Number(l.split(" ").pop()));
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]);
    expect(buckets.at(-1)).toContain('le="+Inf"');
    expect(counts.at(-1)).toBe(4);
    expect(value(`packsmith_http_request_duration_seconds_count{${labels}}`)).toBe(4);
    expect(value(`packsmith_http_request_duration_seconds_sum{${labels}}`)).toBeGreaterThan(0);

    expect(value('packsmith_jobs{status="generating"}')).toBe(2);
    expect(value('packsmith_jobs{status="ready"}')).toBe(1);
    expect(value('packsmith_jobs{status="error"}')).toBe(1);
  });
});

describe("/docs/licenses", () => {
  test("serves the licences of the built-in library and lexicon data, with no key, as the committed file", async () => {
    const res = await ts.call("GET", "/docs/licenses");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text).toContain("Copyright (c) Microsoft Corporation");
    expect(text).toContain("WordNet 3.1");
    expect(text).toContain("Princeton University");
    expect(text).toContain("color-name-list");
    // The file is what scripts/notices.ts makes from the packages (run it when they move).
    expect(text).toBe(noticesText());
  });
});
