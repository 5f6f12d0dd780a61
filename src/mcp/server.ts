import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Services } from "../services.ts";
import type { EdgeServices } from "../http/edge.ts";
import { toolFace, type Operation } from "../ops/types.ts";
import { ApiError } from "../core/errors.ts";
import { authenticate } from "../core/keys.ts";
import { admit, opContext, runOp, withBudget, type Budget } from "../http/routes.ts";
import { bearer, errorResponse, readJsonBody } from "../http/respond.ts";
import { plain } from "../http/openapi.ts";
import { inputSchema } from "../ops/validate.ts";
import { presentResult, toolError } from "./present.ts";

/** Told to the client at initialize: the workflow, so an agent need not discover it tool by tool. */
export const INSTRUCTIONS = [
  "Packsmith builds Minecraft Java resource packs.",
  "Workflow: create_pack (or list_packs) -> generate_* tools (texture, item, model, gui, hud, icon, sound; each answers a job at once and costs credits, see get_account) -> wait_for_job -> get_asset_file to look at the result -> export_pack for the zip (or publish_pack for a game server URL).",
  "Names of the game's own things (vanillaTarget, item target, carrierBlockId, sound event, gui target): list_vanilla_names. Words the painters understand, and the structured `spec` a generation takes: get_vocabulary; every job reports what it read in `interpretation`, with the words it could not use in `unmatched` and the path of each word reached through the lexicon (WordNet, colour names) in `via`, e.g. ['clownfish', 'fish'].",
  "check_pack checks any resource pack zip for a release; a pack's minecraftVersion decides what exports (update_pack changes it).",
].join("\n");

/** Keyed operations not marked `tool: false`: an MCP connection always carries a key, so the keyless origin lookups stay REST only. */
const isTool = (op: Operation) => op.tool !== false && op.auth === "key";

/** The tools: every operation that is one (same names, arguments, limits). Switched-off features are left out. */
export function toolList(svc: Services, ops: Operation[]) {
  return ops
    .filter((op) => isTool(op) && !svc.config.disabled.has(op.name))
    .map((op) => ({
      name: op.name,
      title: op.summary,
      description: withCost(svc, op),
      inputSchema: plain(inputSchema(op, svc.config)),
      annotations: {
        readOnlyHint: op.access === "read",
        destructiveHint: op.rest !== false && op.method === "DELETE",
        idempotentHint: op.access === "read",
        openWorldHint: false,
      },
    }));
}

/** A tool that charges ends its description with what it costs on this server now (costs are settings). */
function withCost(svc: Services, op: Operation): string {
  const face = toolFace(op);
  if (!face.cost) return op.description;
  const cost = svc.config.costs[face.cost];
  return `${op.description} On this server it costs ${cost} credit${cost === 1 ? "" : "s"}${face.costNote ? ` (${face.costNote})` : ""}; get_account tells the balance.`;
}

const hostname = (value: string) => {
  try {
    return new URL(value.includes("://") ? value : `http://${value}`).hostname;
  } catch {
    return "";
  }
};

/** Names the operator already gave this server: the public URL's host and a specific listen address. */
function ownNames(config: Services["config"]): string[] {
  const names = config.publicUrl ? [hostname(config.publicUrl)] : [];
  if (config.host && config.host !== "0.0.0.0" && config.host !== "::")
    names.push(config.host.includes(":") ? `[${config.host}]` : config.host.toLowerCase());
  return names;
}

/**
 * Host and Origin must name this server (DNS-rebinding guard): the mcp-allowed-hosts list plus the
 * names in public-url and host; `*` in the list turns the guard off for LAN use.
 */
function checkOrigin(svc: Services, request: Request) {
  if (svc.config.mcp.allowedHosts.includes("*")) return;
  const allowed = [...svc.config.mcp.allowedHosts, ...ownNames(svc.config)].map((h) => h.toLowerCase()); // URL lower-cases what it parses
  const host = hostname(request.headers.get("host") ?? "");
  if (!allowed.includes(host))
    throw new ApiError("forbidden", `Host '${host}' is not allowed for /mcp (setting mcp-allowed-hosts)`);
  const origin = request.headers.get("origin");
  if (origin && !allowed.includes(hostname(origin)))
    throw new ApiError("forbidden", `Origin '${origin}' is not allowed for /mcp (setting mcp-allowed-hosts)`);
}

/** POST /mcp: stateless streamable HTTP; a new server and transport per request, each carrying its key. */
export async function handleMcp(
  svc: EdgeServices,
  ops: Operation[],
  request: Request,
  address: string,
): Promise<Response> {
  try {
    checkOrigin(svc, request);
    const secret = bearer(request);
    const keyed = await authenticate(svc.db, secret, "mcp");
    // Any JSON, not only an object: JSON-RPC allows a batch (an array) as well as one message.
    const body = await readJsonBody(request, svc.config.limits.jsonBodyBytes);
    const byName = new Map(ops.map((op) => [op.name, op]));
    // The budget the (last) tool call of this request was counted against, for the RateLimit-* fields; a
    // request that calls no tool (initialize, tools/list) spends nothing and shows the read budget as it is.
    let budget: Budget = { bucket: `read:${keyed.key.id}`, limit: svc.config.rate.reads };
    const server = new Server(
      { name: "packsmith", version: "1.0.0" },
      { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList(svc, ops) }));
    server.setRequestHandler(CallToolRequestSchema, async (req) => {
      const args = (req.params.arguments ?? {}) as Record<string, unknown>;
      try {
        const op = byName.get(req.params.name);
        if (!op || !isTool(op)) throw new ApiError("invalid_request", `no tool '${req.params.name}'`);
        const caller = await admit(
          svc,
          op,
          secret,
          "mcp",
          () => address,
          (b) => (budget = b),
        );
        const result = await runOp(op, opContext(svc, caller, undefined, request.signal), args, toolFace(op).run);
        return await presentResult(op, result);
      } catch (e) {
        return toolError(e);
      }
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    const { valid, refused } = refuseMalformedCalls(body);
    if (valid === undefined) {
      await server.close();
      return withBudget(svc, jsonRpcAnswer(Array.isArray(body) ? refused : refused[0]), budget);
    }
    const response = await transport.handleRequest(request, { parsedBody: valid });
    await server.close();
    // A batch that also held malformed calls: their errors join the transport's answers.
    if (!refused.length) return withBudget(svc, new Response(response.body, response), budget);
    const text = await response.text(); // empty when the rest were notifications only
    const answered = text ? (JSON.parse(text) as unknown) : [];
    return withBudget(svc, jsonRpcAnswer([...(Array.isArray(answered) ? answered : [answered]), ...refused]), budget);
  } catch (e) {
    return errorResponse(e);
  }
}

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "an array" : `a ${typeof v}`);

/**
 * tools/call messages whose `params.name` or `params.arguments` has the wrong JSON type, answered -32602 with a
 * sentence (the SDK would answer -32603 with its schema library's dump); the rest go on to the transport.
 * `valid` is undefined when nothing is left to hand on.
 */
function refuseMalformedCalls(body: unknown): { valid: unknown; refused: object[] } {
  const messages = Array.isArray(body) ? body : [body];
  const refused: object[] = [];
  const valid = messages.filter((m) => {
    if (!m || typeof m !== "object" || (m as { method?: unknown }).method !== "tools/call") return true;
    const { id, params } = m as { id?: unknown; params?: unknown };
    const p = params as { name?: unknown; arguments?: unknown } | undefined;
    const problem =
      !p || typeof p !== "object" || Array.isArray(p)
        ? `params must be a JSON object, got ${typeOf(p)}`
        : typeof p.name !== "string"
          ? `params.name must be a tool's name (a string), got ${typeOf(p.name)}`
          : p.arguments !== undefined &&
              (typeof p.arguments !== "object" || p.arguments === null || Array.isArray(p.arguments))
            ? `arguments must be a JSON object of the tool's arguments, got ${typeOf(p.arguments)}`
            : null;
    if (problem === null) return true;
    refused.push({
      jsonrpc: "2.0",
      id: id ?? null,
      error: { code: -32602, message: `invalid_request: ${problem}`, data: { code: "invalid_request" } },
    });
    return false;
  });
  if (!valid.length) return { valid: undefined, refused };
  return { valid: Array.isArray(body) ? valid : valid[0], refused };
}

const jsonRpcAnswer = (payload: unknown) =>
  new Response(JSON.stringify(payload), { headers: { "content-type": "application/json" } });
