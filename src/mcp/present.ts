import type { Operation, OpContext } from "../ops/types.ts";
import { ApiError, publicError } from "../core/errors.ts";
import { isImage, readyAsset, scaledPng } from "../ops/assets.ts";
import { validateInput } from "../ops/validate.ts";

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
 * Tools whose REST twin answers bytes get an agent-shaped answer: images as image content, sounds as
 * audio content, models as JSON text. Everything else answers exactly what REST answers.
 */
export async function presentResult(
  op: Operation,
  ctx: OpContext,
  args: Record<string, unknown>,
  run: () => Promise<unknown>,
) {
  if (op.name === "get_asset_file") {
    const input = validateInput<{ pack: string; kind: string; name: string; scale?: number }>(op, args);
    const a = readyAsset(ctx.svc, ctx.caller!.account.id, input.pack, input.kind, input.name);
    const stored = await ctx.svc.blobs.get(a.blob!);
    const bytes = isImage(a) ? scaledPng(stored, input.scale ?? 1) : stored;
    const data = Buffer.from(bytes).toString("base64");
    if (a.kind === "texture" || a.kind === "font")
      return { content: [{ type: "image" as const, data, mimeType: "image/png" }] };
    if (a.kind === "sound") return { content: [{ type: "audio" as const, data, mimeType: "audio/ogg" }] };
    return { content: [{ type: "text" as const, text: new TextDecoder().decode(bytes) }] };
  }
  return toolOk(await run());
}
