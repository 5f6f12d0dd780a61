import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ApiError, DomainError, invalid, publicError } from "../../../src/core/errors.ts";
import { startTestServer, errorCode, type TestServer } from "../../support/server.ts";
import { makePack, putAsset } from "../../support/cli.ts";

let ts: TestServer;
let key: string;
beforeAll(async () => {
  ts = await startTestServer();
  key = (await ts.account("errs")).key;
});
afterAll(() => ts.close());

const postRaw = (raw: string, contentType = "application/json") =>
  ts.call("POST", "/v1/packs", { key, raw, headers: { "content-type": contentType } });

describe("invalid_json: the body is not a JSON object", () => {
  const cases: [string, string][] = [
    ["an array", "[1,2]"],
    ["a string", '"My Pack"'],
    ["a number", "42"],
    ["null", "null"],
    ["malformed JSON", '{"name": "x"'],
    ["trailing garbage", '{"name": "x"} x'],
    ["an empty body", ""],
  ];
  for (const [what, raw] of cases)
    test(what, async () => {
      const res = await postRaw(raw);
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe("invalid_json");
    });

  test("a JSON object sent with another content type is still read as JSON (JSON only, no multipart)", async () => {
    const ok = await postRaw(JSON.stringify({ name: "Typed Loosely" }), "text/plain");
    expect(ok.status).toBe(201);
    const form = await postRaw("name=x", "application/x-www-form-urlencoded");
    expect(form.status).toBe(400);
    expect(await errorCode(form)).toBe("invalid_json");
  });
});

describe("invalid_request: validation", () => {
  const cases: [string, unknown][] = [
    ["name missing", {}],
    ["name empty", { name: "" }],
    ["name blank", { name: "   " }],
    ["name not a string", { name: 7 }],
    ["unknown field", { name: "ok", colour: "red" }],
    ["unknown game version", { name: "ok", minecraftVersion: "9.99.1" }],
    ["game version not a string", { name: "ok", minecraftVersion: 1.21 }],
  ];
  for (const [what, body] of cases)
    test(what, async () => {
      const res = await ts.call("POST", "/v1/packs", { key, body });
      expect(res.status).toBe(400);
      const b = (await res.json()) as any;
      expect(b.error.code).toBe("invalid_request");
      expect(b.error.message.length).toBeGreaterThan(5);
    });
});

describe("unknown routes and methods", () => {
  for (const [method, path] of [
    ["GET", "/v1/nothing-here"],
    ["GET", "/nothing"],
    ["DELETE", "/v1/packs"],
    ["POST", "/v1/jobs/a:texture:b"],
    ["GET", "/v2/packs"],
  ])
    test(`${method} ${path} is not_found with the error body`, async () => {
      const res = await ts.call(method, path, { key });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toStartWith("application/json");
      expect(await errorCode(res)).toBe("not_found");
    });
});

describe("request_failed", () => {
  test("an unexpected failure is a 500 request_failed with no stack or internals in the body", async () => {
    const pack = await makePack(ts, key, "Broken Pack");
    const a = await putAsset(ts, pack, { kind: "texture", name: "stone", status: "generating" });
    // A corrupt row makes the handler throw a plain SyntaxError, the kind of failure no code anticipates.
    await ts.svc.db.run("UPDATE assets SET meta = '{corrupt' WHERE id = ?", [a.id]);
    const original = console.error;
    const logged: unknown[][] = [];
    console.error = (...args: unknown[]) => void logged.push(args);
    let res: Response;
    try {
      res = await ts.call("GET", `/v1/packs/${pack.slug}/assets`, { key });
    } finally {
      console.error = original;
    }
    expect(res.status).toBe(500);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error.code).toBe("request_failed");
    expect(text).not.toMatch(/SyntaxError|JSON Parse|\bat .*\.ts|stack|corrupt|src\//);
    // The server kept the details for its operator.
    expect(logged.length).toBeGreaterThan(0);
    // And it keeps serving.
    expect((await ts.call("GET", "/v1/packs", { key })).status).toBe(200);
  });
});

describe("domain errors map to the wire at the edge (publicError)", () => {
  test("a DomainError becomes the ApiError of its code: same code and message, its status, the refusal as cause", () => {
    const cause = new SyntaxError("Unexpected end of JSON input");
    const refusal = invalid("pack.mcmeta is not JSON", cause);
    expect(refusal).not.toBeInstanceOf(ApiError);
    expect(refusal.cause).toBe(cause);
    const wire = publicError(refusal)!;
    expect(wire).toBeInstanceOf(ApiError);
    expect(wire.toBody()).toEqual({ error: { code: "invalid_request", message: "pack.mcmeta is not JSON" } });
    expect(wire.status).toBe(400);
    expect(wire.cause).toBe(refusal);
    expect(publicError(new DomainError("not_a_pack", "x"))!.status).toBe(400);
    expect(publicError(new DomainError("file_too_large", "x"))!.status).toBe(413);
  });

  test("an ApiError passes as it is, and anything else is not public", () => {
    const limited = new ApiError("rate_limited", "slow down", { "retry-after": "3" });
    expect(publicError(limited)).toBe(limited);
    expect(publicError(new Error("boom"))).toBeNull();
  });
});
