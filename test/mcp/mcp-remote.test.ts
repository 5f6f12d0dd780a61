/**
 * The README's config for stdio-only clients (Claude Desktop): `mcp-remote` bridging stdio to this server's /mcp,
 * with the key passed through an environment variable exactly as the README writes it. The SDK's stdio client
 * stands in for the desktop app. mcp-remote is not a project dependency: test/support/npm-tool.ts installs it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { npmTool } from "../support/npm-tool.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { connectMcp, okOf, callTool } from "../support/mcp.ts";

const VERSION = "0.15.1";
const found = await npmTool("mcp-remote", VERSION, "mcp-remote");
if ("skip" in found) console.warn(`mcp-remote test skipped: ${found.skip}`);
const node = Bun.which("node");

let ts: TestServer;
let key = "";
let slug = "";
beforeAll(async () => {
  if ("skip" in found || !node) return;
  ts = await startTestServer();
  key = (await ts.account("desktop")).mcpKey;
  const direct = await connectMcp(ts, key);
  slug = okOf(await callTool(direct, "create_pack", { name: "Bridged" })).pack.slug;
  await direct.close();
});
afterAll(() => ts?.close());

describe.skipIf("skip" in found || !node)(`mcp-remote ${VERSION} (the README's stdio config)`, () => {
  test("lists the tools and calls list_packs through the bridge", async () => {
    if ("skip" in found) return;
    const client = new Client({ name: "desktop-stand-in", version: "1.0.0" });
    // As in the README: "args": ["mcp-remote", URL, "--header", "Authorization:${PACKSMITH_AUTH}"], env PACKSMITH_AUTH.
    const transport = new StdioClientTransport({
      command: node!,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote itself expands ${PACKSMITH_AUTH} from its env
      args: [found.launcher, `${ts.url}/mcp`, "--header", "Authorization:${PACKSMITH_AUTH}"],
      env: {
        ...(process.env as Record<string, string>),
        PACKSMITH_AUTH: `Bearer ${key}`,
        HOME: join(found.dir, "home"),
      },
      cwd: found.dir,
      stderr: "pipe",
    });
    await client.connect(transport);
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toContain("generate_texture");
      expect(okOf(await callTool(client, "list_packs")).packs.map((p: any) => p.slug)).toEqual([slug]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
