/**
 * One real server for a generation test file: an account with credits, a pack and an MCP client, started before
 * the file's tests and closed after them (bun:test hooks registered by the call).
 */
import { afterAll, beforeAll } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { startTestServer, type TestServer } from "./server.ts";
import { newPack } from "./jobs.ts";
import { connectMcp } from "./mcp.ts";

export interface GenerationSession {
  ts: TestServer;
  me: { id: number; key: string; mcpKey: string };
  pack: string;
  client: Client;
}

/** The session's fields are filled before the first test runs. */
export function generationSession(account: string, packName: string, credits = 100): GenerationSession {
  const s = {} as GenerationSession;
  beforeAll(async () => {
    s.ts = await startTestServer({ workers: "1" });
    s.me = await s.ts.account(account, { credits });
    s.pack = await newPack(s.ts, s.me.key, packName);
    s.client = await connectMcp(s.ts, s.me.mcpKey);
  });
  afterAll(async () => {
    await s.client.close();
    await s.ts.close();
  });
  return s;
}
