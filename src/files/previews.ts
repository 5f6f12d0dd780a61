/**
 * Scaled previews of stored images (get_asset_file with `scale`, REST and MCP), made so that no request can
 * stall the API thread (issue 27: eight `?scale=2` calls on an imported 4096² PNG held /healthz for 9 s):
 *   1. the size comes from the PNG header alone (33 bytes read from the blob file), and a preview past the
 *      edge bound is refused before anything is decoded;
 *   2. the decode, the enlargement and the encode run in the worker pool (a 256² texture at scale 8 is ~80 ms
 *      of work);
 *   3. finished previews are kept by blob and scale in a bounded cache (`preview-cache-bytes`), and a request
 *      for a preview already being made waits for that one instead of starting another.
 */
import { ApiError } from "../core/errors.ts";
import { PngError, pngInfo } from "../media/png-decode.ts";
import type { Services } from "../services.ts";
import { runOffThread } from "./off-thread.ts";
import { Lru } from "../lru.ts";

/** The largest edge a preview may have: 16x a 128² texture; 2048² RGBA is 16 MB of pixels in a worker. */
export const MAX_PREVIEW_EDGE = 2048;
export const MAX_PREVIEW_SCALE = 16;

/** A PNG's signature and IHDR: all the header check reads. */
const PNG_HEADER_BYTES = 33;

/** Finished previews (content-addressed input never changes), and the ones being made now. */
class PreviewCache extends Lru<Uint8Array> {
  readonly making = new Map<string, Promise<Uint8Array>>();

  constructor(maxBytes: number) {
    super(maxBytes, (png) => png.length);
  }
}

const caches = new WeakMap<Services, PreviewCache>();
const cacheOf = (svc: Services) => {
  let c = caches.get(svc);
  if (!c) caches.set(svc, (c = new PreviewCache(svc.config.previewCacheBytes)));
  return c;
};

/** Refuses a preview past the edge bound from the blob's header alone; answers the image's size. */
export async function previewSize(
  svc: Services,
  blob: string,
  scale: number,
  frame?: PreviewFrame,
): Promise<{ width: number; height: number }> {
  const head = new Uint8Array(
    await new Response(svc.blobs.stream(blob, { start: 0, end: PNG_HEADER_BYTES - 1 })).arrayBuffer(),
  );
  let size: { width: number; height: number };
  try {
    size = pngInfo(head);
  } catch (e) {
    if (!(e instanceof PngError)) throw e;
    throw new ApiError("invalid_request", `this file cannot be previewed: ${e.message}`);
  }
  // A frame's strip is decoded whole in the worker: it too stays within the edge bound.
  if (frame && Math.max(size.width, size.height) > MAX_PREVIEW_EDGE)
    throw new ApiError("invalid_request", `this ${size.width}x${size.height} strip is too large to cut frames from`);
  const shown = frame ? { width: size.width, height: Math.floor(size.height / frame.count) } : size;
  if (Math.max(shown.width, shown.height) * scale > MAX_PREVIEW_EDGE)
    throw new ApiError(
      "invalid_request",
      `scale ${scale} would make this ${shown.width}x${shown.height} image larger than ${MAX_PREVIEW_EDGE} px a side`,
    );
  return size;
}

/** One frame of an animated strip: its index and the strip's frame count. */
export interface PreviewFrame {
  index: number;
  count: number;
}

/**
 * The stored PNG `blob` (or one `frame` of its strip) enlarged `scale` times pixel for pixel, made in the
 * worker pool, cached.
 */
export async function scaledPreview(
  svc: Services,
  blob: string,
  scale: number,
  frame?: PreviewFrame,
): Promise<Uint8Array> {
  const cache = cacheOf(svc);
  const key = `${blob}@${scale}${frame ? `#${frame.index}/${frame.count}` : ""}`;
  const hit = cache.get(key) ?? (await cache.making.get(key));
  if (hit) return hit;
  await previewSize(svc, blob, scale, frame);
  const making = runOffThread(svc, "preview-png", {
    path: await svc.blobs.localPath(blob),
    scale,
    maxEdge: MAX_PREVIEW_EDGE,
    frame,
  })
    .then((r) => r.main)
    .finally(() => cache.making.delete(key));
  cache.making.set(key, making);
  const png = await making;
  cache.set(key, png);
  return png;
}
