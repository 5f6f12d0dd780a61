/**
 * Every operation that takes a body carries worked examples (src/ops, `examples`), the OpenAPI document shows
 * them, and each one is a call the server accepts: sent over real HTTP to a real server (with the placeholder
 * pack slug swapped for a real one), no example is refused as invalid_request or invalid_json.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { OPERATIONS } from "../../../src/ops/index.ts";
import { isRest, type RestOperation } from "../../../src/ops/types.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";

const withBody = OPERATIONS.filter(isRest).filter(
  (op) =>
    ["POST", "PUT", "PATCH"].includes(op.method) &&
    Object.keys(op.input.properties).some((k) => !op.pathParams?.includes(k) && !op.query?.includes(k)),
);

let ts: TestServer;
let key = "";
let slug = "";
beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("example-runner", { plan: "pro", credits: 1000 })).key;
  const made = await ts.call("POST", "/v1/packs", { key, body: { name: "Example target" } });
  slug = ((await made.json()) as any).pack.slug;
});
afterAll(() => ts?.close());

/** The REST request an operation's whole input makes: path parameters in the path, query fields, the rest as body. */
function request(op: RestOperation, input: Record<string, unknown>) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, k) => encodeURIComponent(String(input[k])));
  const query = new URLSearchParams(
    (op.query ?? []).filter((k) => input[k] !== undefined).map((k) => [k, String(input[k])]),
  );
  const body = Object.fromEntries(
    Object.entries(input).filter(([k]) => !op.pathParams?.includes(k) && !op.query?.includes(k)),
  );
  return { path: `/v1${path}${query.size ? `?${query}` : ""}`, body };
}

describe("operation examples", () => {
  test("every operation with a body has examples that fit its input schema", () => {
    expect(withBody.filter((op) => !op.examples?.length).map((op) => op.name)).toEqual([]);
    for (const op of withBody)
      for (const e of op.examples ?? [])
        expect({
          op: op.name,
          example: e.summary,
          errors: [...Value.Errors(op.input, e.value)].map((x) => x.message),
        }).toEqual({ op: op.name, example: e.summary, errors: [] });
  });

  test("the OpenAPI document shows them as body examples", async () => {
    const doc = (await (await ts.call("GET", "/openapi.json")).json()) as any;
    for (const op of withBody) {
      const media = doc.paths[`/v1${op.path}`][op.method.toLowerCase()].requestBody.content["application/json"];
      expect(Object.values(media.examples).map((e: any) => e.summary)).toEqual(op.examples!.map((e) => e.summary));
    }
  });

  test("sent to a real server, no example is refused as invalid", async () => {
    const answers: string[] = [];
    for (const op of withBody)
      for (const e of op.examples ?? []) {
        const input = { ...(e.value as Record<string, unknown>) };
        if ("pack" in input) input.pack = slug;
        const { path, body } = request(op, input);
        const res = await ts.call(op.method, path, { key, body });
        const code = res.ok ? String(res.status) : ((await res.json()) as any).error.code;
        answers.push(`${op.name} / ${e.summary}: ${code}`);
      }
    expect(answers.filter((a) => /invalid_request|invalid_json/.test(a))).toEqual([]);
    // Placeholder upload ids are the only examples that cannot complete here.
    expect(answers.filter((a) => !/: (200|201|202|upload_not_found)$/.test(a))).toEqual([]);
  }, 60_000);
});
