import { type Static, Type } from "@sinclair/typebox";
import { ANIMATION_FRAMES } from "../gen/look/animate.ts";
import { defineOp } from "./types.ts";
import { Asset, AssetName, AssetQuery, Kind, NextCursor, PackSlug, strict } from "./schemas.ts";
import { reachablePack } from "../core/packs.ts";
import { assetView, CONTENT_TYPES, getAsset, listAssets as pageAssets, type AssetRow } from "../core/assets.ts";
import { ApiError } from "../core/errors.ts";
import { readAsset, sweepStale } from "../core/jobs.ts";
import type { Caller } from "../core/keys.ts";
import { conditionalResponse, notModified } from "./conditional.ts";
import { blobBody } from "../store/blob-body.ts";
import { isBeingEdited } from "../core/edits.ts";
import type { Services } from "../services.ts";
import {
  MAX_PREVIEW_EDGE as MAX_SCALED_EDGE,
  MAX_PREVIEW_SCALE as MAX_SCALE,
  scaledPreview,
} from "../files/previews.ts";

/**
 * The page of a pack's assets a list_assets or list_thumbnails input asks for. A status filter first fails
 * the runs past the stale backstop (as reading them would), so `status=error` finds them and
 * `status=generating` does not.
 */
export async function findAssets(svc: Services, caller: Caller, input: Static<typeof FindInput>) {
  const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
  if (input.status) await sweepStale(svc);
  const page = await pageAssets(svc.db, pack.id, {
    kind: input.kind,
    status: input.status,
    q: input.q || undefined,
    limit: input.limit ?? 50,
    cursor: input.cursor,
  });
  // One row at a time, as every list view reads: a stale run found here is failed before it is shown.
  const rows: AssetRow[] = [];
  for (const a of page.rows) rows.push(await readAsset(svc, a));
  return { pack, rows, nextCursor: page.nextCursor };
}

export const FindInput = Type.Object({ pack: PackSlug, ...AssetQuery }, strict);

export const listAssetsOp = defineOp({
  name: "list_assets",
  method: "GET",
  path: "/packs/{pack}/assets",
  pathParams: ["pack"],
  query: ["kind", "status", "q", "limit", "cursor"],
  tag: "assets",
  summary: "List a pack's assets",
  description:
    "One page of a pack's assets with their status; each `id` is also the job handle. Narrow with `kind`, `status` (e.g. error) and `q` (part of the name, any case: q=diamond_sword finds item:diamond_sword). Page with `cursor` = the previous `nextCursor` until it is null. Free. Next: get_asset_file for ready assets, get_job / wait_for_job for generating ones.",
  input: FindInput,
  access: "read",
  auth: "key",
  errors: ["invalid_request", "not_found"],
  output: Type.Object({ assets: Type.Array(Asset), nextCursor: NextCursor }),
  async run({ svc, caller }, input) {
    const { pack, rows, nextCursor } = await findAssets(svc, caller, input);
    return { assets: rows.map((a) => assetView(pack.slug, a)), nextCursor };
  },
});

/** Finds a ready asset's row or throws the spec's 404/409s. */
async function readyAsset(
  svc: Services,
  accountId: number,
  slug: string,
  kind: string,
  name: string,
): Promise<AssetRow> {
  const { pack } = await reachablePack(svc.db, slug, accountId);
  const row = await getAsset(svc.db, pack.id, kind, name);
  if (!row) throw new ApiError("not_found", `no ${kind} '${name}' in pack '${slug}'`);
  const a = await readAsset(svc, row);
  // While an edit runs, the asset's file is still its last version (core/edits.ts).
  if (isBeingEdited(a)) return a;
  if (a.status === "generating")
    throw new ApiError(
      "still_generating",
      `${kind} '${name}' is still generating; poll its job ${slug}:${kind}:${name}`,
    );
  if (a.status === "error")
    throw new ApiError("generation_failed", `${kind} '${name}' failed: ${a.error ?? "unknown reason"}`);
  return a;
}

const isImage = (a: AssetRow) => a.kind === "texture" || a.kind === "font";

/**
 * Which frame of an animated asset's strip `frame` (from 0) names, refused with the frame count when the asset
 * has no such frame or is no animation. The cut itself is made in the worker pool with the preview.
 */
export function frameOf(a: AssetRow, frame: number): { index: number; count: number } {
  const anim = a.meta.animation;
  const frames = Number.isInteger(anim?.frames) ? (anim.frames as number) : 0;
  if (frames < 2)
    throw new ApiError("invalid_request", `frame is for animated assets; ${a.kind} '${a.name}' is a still picture`);
  if (frame >= frames)
    throw new ApiError(
      "invalid_request",
      `frame ${frame} is past the last frame: '${a.name}' has frames 0 to ${frames - 1}`,
    );
  return { index: frame, count: frames };
}

export const getAssetFile = defineOp({
  name: "get_asset_file",
  produces: ["image/png", "audio/ogg", "application/json"],
  method: "GET",
  path: "/packs/{pack}/assets/{kind}/{name}",
  tailParam: "name",
  pathParams: ["pack", "kind", "name"],
  tag: "assets",
  summary: "Download an asset's bytes",
  description:
    "The asset's own file: PNG for textures and icons (an animated one is its vertical strip of frames), model JSON for models, Ogg Vorbis for sounds. `name` includes its prefix (item:…, gui:…, hud:…). `scale` enlarges an image pixel for pixel (16x16 art is too small to look at; 8 gives 128x128); `frame` picks one frame of an animated strip. Free. Fails with still_generating or generation_failed for unfinished assets.",
  input: Type.Object(
    {
      pack: PackSlug,
      kind: Kind,
      name: AssetName,
      scale: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_SCALE,
          default: 1,
          description: `Images only: each pixel drawn as scale x scale (1 to ${MAX_SCALE}; the result at most ${MAX_SCALED_EDGE} px a side).`,
        }),
      ),
      frame: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: ANIMATION_FRAMES.max - 1,
          description: "Animated images only: just this frame of the strip (from 0), as a still PNG.",
        }),
      ),
    },
    strict,
  ),
  query: ["scale", "frame"],
  access: "read",
  auth: "key",
  errors: ["not_found", "invalid_request", "still_generating", "generation_failed"],
  // An agent looks at the picture or listens to the sound rather than reading base64 out of JSON.
  tool: { content: true },
  async run({ svc, caller, request }, input) {
    const a = await readyAsset(svc, caller.account.id, input.pack, input.kind, input.name);
    if (input.frame !== undefined && !isImage(a))
      throw new ApiError("invalid_request", `frame is for animated images; a ${a.kind} has no frames`);
    const frame = input.frame === undefined ? undefined : frameOf(a, input.frame);
    const scale = isImage(a) ? (input.scale ?? 1) : 1;
    // Blobs are content-addressed: the hash (with the scale and frame) is a strong validator of these exact bytes.
    const variant = `${scale > 1 ? `-x${scale}` : ""}${frame ? `-f${frame.index}` : ""}`;
    const etag = `"${a.blob}${variant}"`;
    const headers = { "content-type": CONTENT_TYPES[a.kind], "cache-control": "private, no-cache" };
    const unchanged = notModified(request, etag, headers);
    if (unchanged) return unchanged;
    const body = variant
      ? new Blob([(await scaledPreview(svc, a.blob!, scale, frame)) as Uint8Array<ArrayBuffer>])
      : await blobBody(svc.blobs, a.blob!, a.sizeBytes);
    return conditionalResponse(request, { etag, body, headers, ranges: true });
  },
});

export { Asset };
