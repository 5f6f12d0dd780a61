import { toolFace, type Operation } from "../ops/types.ts";
import { ApiError, publicError } from "../core/errors.ts";

/** A successful tool result: the same JSON the REST twin answers, as text and as structured content. */
export function toolOk(result: unknown) {
  return {
    content: [{ type: "text" as const, text: JSON.stringify(result) }],
    structuredContent: result as Record<string, unknown>,
  };
}

/** A failed call: isError, text starting with the stable code (`not_found: no pack 'x'`), and the code structured. */
export function toolError(e: unknown) {
  const known = publicError(e);
  const err = known ?? new ApiError("request_failed", "the call failed unexpectedly; it has been logged");
  if (!known) console.error("tool call failed:", e);
  return {
    isError: true,
    content: [{ type: "text" as const, text: `${err.errorCode}: ${err.message}` }],
    structuredContent: { error: { code: err.errorCode, message: err.message } },
  };
}

/**
 * The largest file a tool answers as content. Base64 and JSON of the bytes are made on the request thread (~10 ms
 * per MB), and agents' image limits are a few MB: a 64 MB imported picture would hold every other request for
 * a second (issue 27).
 */
export const MAX_TOOL_CONTENT_BYTES = 4 * 1024 * 1024;

/**
 * A tool declared `content` (its REST twin answers bytes) answers agent-shaped: images as image content,
 * sounds as audio content, anything else (model JSON) as text. Every other tool answers what REST answers.
 */
export async function presentResult(op: Operation, result: unknown) {
  if (!(toolFace(op).content && result instanceof Response)) return toolOk(result);
  const size = Number(result.headers.get("content-length"));
  if (size > MAX_TOOL_CONTENT_BYTES) {
    await result.body?.cancel();
    throw new ApiError(
      "file_too_large",
      `the file is ${(size / 1024 / 1024).toFixed(1)} MB; a tool answer carries files up to ${MAX_TOOL_CONTENT_BYTES / 1024 / 1024} MB (download it over REST with the same path, or ask for a smaller scale)`,
    );
  }
  const mimeType = result.headers.get("content-type") ?? "";
  const bytes = new Uint8Array(await result.arrayBuffer());
  const data = Buffer.from(bytes).toString("base64");
  if (mimeType.startsWith("image/")) return { content: [{ type: "image" as const, data, mimeType }] };
  if (mimeType.startsWith("audio/")) return { content: [{ type: "audio" as const, data, mimeType }] };
  return { content: [{ type: "text" as const, text: new TextDecoder().decode(bytes) }] };
}
