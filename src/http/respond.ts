import { ApiError, publicError } from "../core/errors.ts";
import { formatBytes } from "../core/format.ts";
import { jsonDepth, MAX_JSON_DEPTH } from "../pack/json-depth.ts";
import { json } from "../ops/json-response.ts";

/** Every failure leaves as `{error:{code,message}}`; anything that isn't an ApiError becomes request_failed with no stack. */
export function errorResponse(e: unknown): Response {
  const known = publicError(e);
  if (known) return json(known.toBody(), known.status, { ...known.headers, ...challenge(known) });
  console.error("request failed:", e);
  return json(
    { error: { code: "request_failed", message: "the request failed unexpectedly; it has been logged" } },
    500,
  );
}

/**
 * A 401 says how to authenticate (RFC 6750), with the reason: MCP clients (the Inspector, mcp-remote) read
 * this header and, without it, report an OAuth failure instead of the server's message.
 */
function challenge(e: ApiError): Record<string, string> {
  if (e.status !== 401) return {};
  if (e.errorCode === "missing_api_key") return { "www-authenticate": 'Bearer realm="packsmith"' };
  const description = e.message.replace(/["\\]/g, "'");
  return {
    "www-authenticate": `Bearer realm="packsmith", error="invalid_token", error_description="${description}"`,
  };
}

/** The bearer token, "" for a malformed header, null for none. String checks, not a regex: every request runs this. */
export function bearer(request: Request): string | null {
  const h = request.headers.get("authorization");
  if (!h) return null;
  if (h.length < 8 || h.slice(0, 6).toLowerCase() !== "bearer" || (h[6] !== " " && h[6] !== "\t")) return "";
  const token = h.slice(7).trim();
  return token && !/\s/.test(token) ? token : "";
}

/**
 * Reads a JSON body with a byte cap enforced while streaming, so an oversized body is refused without
 * buffering it. Empty or malformed bodies are invalid_json.
 */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (declared > limit) throw tooLarge(limit);
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > limit) throw tooLarge(limit);
      chunks.push(chunk);
    }
  }
  if (total === 0) throw new ApiError("invalid_json", "the body is empty; send a JSON object");
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw new ApiError("invalid_request", `the body nests objects and arrays more than ${MAX_JSON_DEPTH} deep`);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ApiError("invalid_json", `the body is not valid JSON: ${(e as Error).message}`);
  }
}

/** A REST body: JSON that must be an object. */
export async function readJsonObject(request: Request, limit: number): Promise<Record<string, unknown>> {
  const value = await readJsonBody(request, limit);
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new ApiError("invalid_json", "the body must be a JSON object");
  return value as Record<string, unknown>;
}

const tooLarge = (limit: number) =>
  new ApiError("file_too_large", `the request body is over the ${formatBytes(limit)} limit`);
