import { expect } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { TestServer } from "./server.ts";
import { getAccount } from "../../src/core/accounts.ts";
import { listKeys } from "../../src/core/keys.ts";

/** Helpers shared by the MCP tests: the SDK's own client over real HTTP, and readers for tool results. */

export async function connectMcp(ts: TestServer, key: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "packsmith-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(ts.url + "/mcp"), {
    requestInit: { headers: { Authorization: `Bearer ${key}`, ...headers } },
  });
  await client.connect(transport);
  return client;
}

export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A successful result: structured content, and the text block carrying the same JSON. */
export function okOf(result: CallToolResult): any {
  if (result.isError) throw new Error(`tool failed: ${JSON.stringify(result.content)}`);
  const text = result.content.find((c) => c.type === "text");
  expect(text).toBeDefined();
  expect(JSON.parse((text as { text: string }).text)).toEqual(result.structuredContent as any);
  return result.structuredContent;
}

/** A failed result: isError, text `<code>: <message>`, structuredContent {error:{code,message}}. */
export function errorOf(result: CallToolResult): { code: string; message: string } {
  expect(result.isError).toBe(true);
  const err = (result.structuredContent as any)?.error;
  expect(typeof err?.code).toBe("string");
  expect(typeof err?.message).toBe("string");
  expect(result.content).toHaveLength(1);
  expect(result.content[0]).toEqual({ type: "text", text: `${err.code}: ${err.message}` });
  return err;
}

export async function toolOk(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  return okOf(await callTool(client, name, args));
}

export async function toolErrorCode(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  return errorOf(await callTool(client, name, args)).code;
}

/** Waits (server-side, through wait_for_job) until every handle has left `generating`. */
export async function settle(client: Client, jobs: string[]): Promise<any[]> {
  const states: any[] = [];
  for (let i = 0; i < jobs.length; i += 50) {
    let pending = jobs.slice(i, i + 50);
    for (;;) {
      const r = await toolOk(client, "wait_for_job", { jobs: pending });
      if (r.done) {
        states.push(...r.jobs);
        break;
      }
      pending = r.pending;
    }
  }
  return states;
}

export const credits = async (ts: TestServer, accountId: number) => (await getAccount(ts.svc.db, accountId))!.credits;

/** Reads left in the MCP key's budget right now (wait_for_job's pacing is read from this). */
export async function readsLeft(ts: TestServer, accountId: number): Promise<number> {
  const key = (await listKeys(ts.svc.db, accountId)).find((k) => k.kind === "mcp")!;
  return ts.svc.limiter.remaining(`read:${key.id}`, ts.svc.config.rate.reads);
}

/** Polls a condition the test itself can observe cheaply (in-process state, not the API). */
export async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 20_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting for: ${what}`);
    await Bun.sleep(10);
  }
}

/** Raw JSON-RPC POST to /mcp, for what the SDK client won't send (bad hosts, no key, GET). */
export function rawMcp(
  ts: TestServer,
  opts: { method?: string; key?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    ...(opts.headers ?? {}),
  };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  const method = opts.method ?? "POST";
  const body = method === "POST" ? JSON.stringify(opts.body ?? INITIALIZE) : undefined;
  return fetch(ts.url + "/mcp", { method, headers, body });
}

export const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};
