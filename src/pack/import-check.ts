/**
 * What an imported file must be to become an asset: a PNG that decodes within the limits (an animation strip
 * may be longer than the edge limit while each frame is within it), JSON that parses, an Ogg with its
 * signature. Pure, so the worker pool can run it for large files (src/files/off-thread.ts).
 */
import { checkPng, DEFAULT_PNG_LIMITS, PngError } from "../media/png-decode.ts";

/** The longest animation strip accepted: frames within the edge limit, the strip within the pixel bound. */
const STRIP_EDGE = 1 << 18;

export interface ImportCheckItem {
  path: string;
  kind: string;
  /** The file has a .png.mcmeta sidecar (an animation strip). */
  animated: boolean;
}

export type ImportCheck = { meta: Record<string, unknown> } | { error: string };

export function checkImportedFile(item: ImportCheckItem, bytes: Uint8Array): ImportCheck {
  const path = item.path.toLowerCase();
  if (path.endsWith(".png")) {
    try {
      // The game's PNG loader ignores chunk CRCs, and real packs ship files with wrong ones: accept them.
      // Checked, not decoded: the import stores the file's own bytes, so no pixels are needed.
      const img = checkPng(bytes, { checkCrc: false, ...(item.animated ? { maxEdge: STRIP_EDGE } : {}) });
      const frameEdge = Math.max(img.width, item.animated ? Math.min(img.height, img.width) : img.height);
      if (frameEdge > DEFAULT_PNG_LIMITS.maxEdge)
        return {
          error: `not a usable PNG: ${img.width}x${img.height} is past the ${DEFAULT_PNG_LIMITS.maxEdge} px edge`,
        };
      return { meta: { width: img.width, height: img.height } };
    } catch (e) {
      return { error: e instanceof PngError ? `not a usable PNG: ${e.message}` : (e as Error).message };
    }
  }
  if (path.endsWith(".json")) {
    try {
      JSON.parse(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ""));
    } catch (e) {
      return { error: `not valid JSON: ${(e as Error).message}` };
    }
  } else if (
    item.kind === "sound" &&
    !(bytes[0] === 0x4f && bytes[1] === 0x67 && bytes[2] === 0x67 && bytes[3] === 0x53)
  ) {
    return { error: "not an Ogg file (no OggS signature)" };
  }
  return { meta: {} };
}
