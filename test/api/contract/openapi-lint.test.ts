/**
 * The OpenAPI document through an independent linter (Redocly's openapi-core, recommended rules plus declared
 * tags and 4xx responses as errors): zero problems. Also what generated clients rely on: servers and paths
 * agree, shared types are named components, binary answers say their content types.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { startTestServer, type TestServer } from "../../support/server.ts";

let ts: TestServer;
let text: string;
beforeAll(async () => {
  ts = await startTestServer();
  text = await (await fetch(`${ts.url}/openapi.json`)).text();
});
afterAll(() => ts.close());

test("Redocly recommended rules (and declared tags, 4xx responses) find nothing", async () => {
  const config = await createConfig({
    extends: ["recommended"],
    rules: { "operation-tag-defined": "error", "operation-4xx-response": "error", "no-unresolved-refs": "error" },
  });
  const problems = await lintFromString({ source: text, absoluteRef: "openapi.json", config });
  expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`)).toEqual([]);
});

test("named components, declared tags, real content types", () => {
  const doc = JSON.parse(text);
  expect(Object.keys(doc.components.schemas)).toEqual(
    expect.arrayContaining(["Error", "Pack", "Asset", "Job", "ArtSpec"]),
  );
  expect(doc.paths["/v1/packs/{pack}"].get.responses["200"].content["application/json"].schema.properties.pack).toEqual(
    {
      $ref: "#/components/schemas/Pack",
    },
  );
  const tags = new Set(doc.tags.map((t: { name: string }) => t.name));
  for (const ops of Object.values(doc.paths) as Record<string, { tags: string[] }>[])
    for (const op of Object.values(ops)) expect(tags.has(op.tags[0])).toBe(true);
  expect(Object.keys(doc.paths["/v1/packs/{pack}/export"].get.responses["200"].content)).toEqual(["application/zip"]);
  expect(Object.keys(doc.paths["/v1/packs/{pack}/assets/{kind}/{name}"].get.responses["200"].content)).toEqual([
    "image/png",
    "audio/ogg",
    "application/json",
  ]);
  expect(doc.paths["/v1/uploads/{upload}"].put.requestBody.content["application/octet-stream"]).toBeDefined();
  // A body can be malformed or too big before the operation reads it.
  expect(doc.paths["/v1/packs"].post.responses["413"].description).toContain("file_too_large");
  expect(doc.servers[0].url.endsWith("/v1")).toBe(false);
});
