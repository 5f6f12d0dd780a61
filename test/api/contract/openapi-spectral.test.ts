/**
 * /openapi.json linted by Spectral's `spectral:oas` ruleset with the Spectral CLI: every rule, the optional ones and
 * warnings included, but for the three in RULES_OFF (each says why),
 * a second independent linter beside Redocly (openapi-lint.test.ts). Spectral is not a project dependency: under
 * Bun's installer its ajv copy fails to compile the ruleset, so test/support/npm-tool.ts installs the CLI with
 * npm into a temp folder, as its authors ship it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { npmTool, run } from "../../support/npm-tool.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";

const VERSION = "6.16.3";
const RULES_OFF = {
  // OpenAPI 3.1 makes a licence's `url` and its SPDX `identifier` exclusive; the document gives the identifier.
  "license-url": "off",
  // A self-hosted server has no vendor mailbox: the contact is the operator, reached through the server's /docs.
  "contact-properties": "off",
  // Tags follow the workflow (packs, generation, assets, …) so the reference reads top to bottom.
  "openapi-tags-alphabetical": "off",
};
const found = await npmTool("@stoplight/spectral-cli", VERSION, "spectral");
if ("skip" in found) console.warn(`Spectral test skipped: ${found.skip}`);
const runtime = Bun.which("node") ?? process.execPath;

let ts: TestServer;
beforeAll(async () => {
  if (!("skip" in found)) ts = await startTestServer();
});
afterAll(() => ts?.close());

describe.skipIf("skip" in found)(`Spectral ${VERSION}`, () => {
  test("finds no problem at any severity under spectral:oas", async () => {
    if ("skip" in found) return;
    const doc = join(found.dir, "openapi.json");
    const report = join(found.dir, "report.json");
    writeFileSync(doc, await (await ts.call("GET", "/openapi.json")).text());
    writeFileSync(
      join(found.dir, ".spectral.json"),
      JSON.stringify({ extends: [["spectral:oas", "all"]], rules: RULES_OFF }),
    );
    const r = await run(
      [
        runtime,
        found.launcher,
        "lint",
        doc,
        "--ruleset",
        join(found.dir, ".spectral.json"),
        "--format",
        "json",
        "--output",
        report,
        "--fail-severity",
        "hint",
      ],
      {
        cwd: found.dir,
      },
    );
    const listed = JSON.parse(readFileSync(report, "utf8"));
    const problems = listed.map((p: any) => `${p.code} at ${p.path.join(".")}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(r.code).toBe(0);
  }, 240_000);
});
