import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../support/server.ts";
import { connectMcp, toolOk } from "../support/mcp.ts";
import { npmTool, run } from "../support/npm-tool.ts";

/**
 * The official MCP Inspector, in CLI mode, against a running server: it lists the tools and calls them.
 * The Inspector is not a project dependency: test/support/npm-tool.ts installs it once into a temp folder.
 * When it cannot be installed, the test says why it was skipped.
 */

const VERSION = "2.12.0"; // flags checked with `--cli --help` on this version

const found = await npmTool("@modelcontextprotocol/inspector", VERSION, "mcp-inspector");
if ("skip" in found) console.warn(`MCP Inspector test skipped: ${found.skip}`);
// Node runs the Inspector as its authors intend; Bun runs it too where no Node is installed.
const runtime = Bun.which("node") ?? process.execPath;

let ts: TestServer;
let key: string;
let slug: string;
const home = join("skip" in found ? tmpdir() : found.dir, "home"); // the Inspector keeps state under $HOME; keep it out of the real one

function inspector(...args: string[]) {
  return inspectorWithKey(key, ...args);
}

function inspectorWithKey(bearer: string, ...args: string[]) {
  if ("skip" in found) throw new Error(found.skip);
  return run(
    [
      runtime,
      found.launcher,
      "--cli",
      `${ts.url}/mcp`,
      "--transport",
      "http",
      "--header",
      `Authorization: Bearer ${bearer}`,
      ...args,
    ],
    { cwd: home, env: { HOME: home }, limitMs: 60_000 },
  );
}

describe.skipIf("skip" in found)(`MCP Inspector CLI ${"skip" in found ? `(skipped: ${found.skip})` : VERSION}`, () => {
  beforeAll(async () => {
    mkdirSync(home, { recursive: true });
    ts = await startTestServer();
    key = (await ts.account("inspector")).mcpKey;
    const client = await connectMcp(ts, key);
    slug = (await toolOk(client, "create_pack", { name: "Inspected" })).pack.slug;
    await client.close();
  });
  afterAll(() => ts?.close());

  test("tools/list shows every tool with its schema", async () => {
    const r = await inspector("--method", "tools/list");
    expect(r.code).toBe(0);
    const listed = JSON.parse(r.stdout).tools;
    const client = await connectMcp(ts, key);
    const fromSdk = (await client.listTools()).tools;
    await client.close();
    expect(listed.map((t: any) => t.name)).toEqual(fromSdk.map((t) => t.name));
    expect(listed.find((t: any) => t.name === "generate_texture").inputSchema.properties.size).toMatchObject({
      minimum: 16,
      maximum: 128,
    });
  }, 60_000);

  test("tools/list --strict finds no schema portability errors", async () => {
    const r = await inspector("--method", "tools/list", "--strict");
    expect({ code: r.code, stderr: r.stderr.trim() }).toMatchObject({ code: 0 });
  }, 60_000);

  test("tools/call list_packs answers the caller's packs", async () => {
    const r = await inspector("--method", "tools/call", "--tool-name", "list_packs");
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.packs.map((p: any) => p.slug)).toEqual([slug]);
  }, 60_000);

  test("a failed call shows the stable code and makes the CLI exit non-zero", async () => {
    const r = await inspector(
      "--method",
      "tools/call",
      "--tool-name",
      "get_pack",
      "--tool-arg",
      "pack=no-such-pack",
      "--format",
      "json",
    );
    expect(r.code).not.toBe(0);
    const result = JSON.parse(r.stdout).result;
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toStartWith("not_found: ");
    expect(result.structuredContent.error.code).toBe("not_found");
  }, 60_000);

  // On any 401 the Inspector 2.12 first tries interactive OAuth; its non-interactive mode (--stored-auth-only, what
  // scripts and CI use) then reports the server's answer, which must carry the stable code and the reason.
  test("a wrong key shows the server's own code and reason", async () => {
    const r = await inspectorWithKey("ps_mcp_not_a_real_key", "--stored-auth-only", "--method", "tools/list");
    expect(r.code).not.toBe(0);
    const said = r.stdout + r.stderr;
    expect(said).toContain("invalid_api_key");
    expect(said).toContain("this API key is unknown or was revoked");
  }, 60_000);
});
