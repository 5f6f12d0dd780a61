import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../support/server.ts";
import { connectMcp, toolOk } from "./support.ts";

/**
 * The official MCP Inspector, in CLI mode, against a running server: it lists the tools and calls them.
 * The Inspector is not a project dependency: it is installed once (npm install --no-save) into a temp
 * dir and reused. When it cannot be installed, the test says why it was skipped.
 */

const VERSION = "2.12.0"; // flags checked with `--cli --help` on this version
const DIR = join(tmpdir(), `packsmith-mcp-inspector-${VERSION}`);
const PKG = join(DIR, "node_modules/@modelcontextprotocol/inspector");

async function run(cmd: string[], env: Record<string, string> = {}, limitMs = 180_000) {
  const proc = Bun.spawn(cmd, { cwd: DIR, stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  const timer = setTimeout(() => proc.kill(), limitMs);
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  clearTimeout(timer);
  return { stdout, stderr, code };
}

/** The Inspector's launcher script, installing it first if needed; or the reason it cannot be had. */
async function findInspector(): Promise<{ launcher: string } | { skip: string }> {
  if (!existsSync(join(PKG, "package.json"))) {
    if (!Bun.which("npm"))
      return { skip: "npm is not on PATH, so @modelcontextprotocol/inspector cannot be installed" };
    mkdirSync(DIR, { recursive: true });
    const r = await run([
      "npm",
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--prefix",
      DIR,
      `@modelcontextprotocol/inspector@${VERSION}`,
    ]);
    if (r.code !== 0 || !existsSync(join(PKG, "package.json"))) {
      // npm's own words: its error code and the first line that says what failed (E404, ECONNREFUSED, ...).
      const lines = (r.stderr || r.stdout)
        .split("\n")
        .filter((l) => l.startsWith("npm error") && !/^npm error\s+at /.test(l));
      const why =
        lines
          .filter((l) => /\bcode\b|Error|failed|404|403/.test(l))
          .slice(0, 2)
          .join("; ") ||
        lines[0] ||
        "no output";
      return { skip: `npm could not install @modelcontextprotocol/inspector@${VERSION} (exit ${r.code}): ${why}` };
    }
  }
  const bin = JSON.parse(readFileSync(join(PKG, "package.json"), "utf8")).bin["mcp-inspector"];
  return { launcher: join(PKG, bin) };
}

const found = await findInspector();
if ("skip" in found) console.warn(`MCP Inspector test skipped: ${found.skip}`);
// Node runs the Inspector as its authors intend; Bun runs it too where no Node is installed.
const runtime = Bun.which("node") ?? process.execPath;

let ts: TestServer;
let key: string;
let slug: string;
const home = join(DIR, "home"); // the Inspector keeps state under $HOME; keep it out of the real one

function inspector(...args: string[]) {
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
      `Authorization: Bearer ${key}`,
      ...args,
    ],
    { HOME: home },
    60_000,
  );
}

describe.skipIf("skip" in found)(`MCP Inspector CLI ${"skip" in found ? `(skipped: ${found.skip})` : VERSION}`, () => {
  beforeAll(async () => {
    mkdirSync(home, { recursive: true });
    ts = await startTestServer();
    key = ts.account("inspector").mcpKey;
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
});
