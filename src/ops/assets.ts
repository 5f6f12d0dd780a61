import { decodePng } from "../media/png-decode.ts";
import { encodePng } from "../media/png.ts";
import { resizeNearest } from "../media/image.ts";
import { type Static, Type } from "@sinclair/typebox";
import { ANIMATION_FRAMES, stripFrame } from "../gen/look/animate.ts";
import { defineOp } from "./types.ts";
import { Asset, AssetName, AssetQuery, Kind, NextCursor, PackSlug, strict } from "./schemas.ts";
import { reachablePack } from "../core/packs.ts";
import { assetView, CONTENT_TYPES, getAsset, listAssets as pageAssets, type AssetRow } from "../core/assets.ts";
import { ApiError } from "../core/errors.ts";
import { readAsset, sweepStale } from "../core/jobs.ts";
import type { Caller } from "../core/keys.ts";
import { isBeingEdited } from "../core/edits.ts";
import type { Services } from "../services.ts";

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

const MAX_SCALE = 16;
const MAX_SCALED_EDGE = 2048;
const isImage = (a: AssetRow) => a.kind === "texture" || a.kind === "font";

/**
 * One frame of an animated asset's strip (`frame` from 0), refused with the frame count when the asset has no
 * such frame or is no animation.
 */
export function framePng(a: AssetRow, bytes: Uint8Array, frame: number): Uint8Array {
  const anim = a.meta.animation;
  const frames = Number.isInteger(anim?.frames) ? (anim.frames as number) : 0;
  if (frames < 2)
    throw new ApiError("invalid_request", `frame is for animated assets; ${a.kind} '${a.name}' is a still picture`);
  if (frame >= frames)
    throw new ApiError(
      "invalid_request",
      `frame ${frame} is past the last frame: '${a.name}' has frames 0 to ${frames - 1}`,
    );
  const strip = decodePng(bytes);
  return encodePng(stripFrame(strip, frame, strip.height / frames));
}

/** A PNG enlarged pixel for pixel (nearest neighbour keeps pixel art crisp); refused past the edge bound. */
export function scaledPng(bytes: Uint8Array, scale: number): Uint8Array {
  if (scale <= 1) return bytes;
  const img = decodePng(bytes);
  if (Math.max(img.width, img.height) * scale > MAX_SCALED_EDGE)
    throw new ApiError(
      "invalid_request",
      `scale ${scale} would make this ${img.width}x${img.height} image larger than ${MAX_SCALED_EDGE} px a side`,
    );
  return encodePng(resizeNearest(img, img.width * scale, img.height * scale));
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
  async run({ svc, caller }, input) {
    const a = await readyAsset(svc, caller.account.id, input.pack, input.kind, input.name);
    if (input.frame !== undefined && !isImage(a))
      throw new ApiError("invalid_request", `frame is for animated images; a ${a.kind} has no frames`);
    if (((input.scale ?? 1) > 1 || input.frame !== undefined) && isImage(a)) {
      const bytes = await svc.blobs.get(a.blob!);
      const picked = input.frame === undefined ? bytes : framePng(a, bytes, input.frame);
      return new Response(scaledPng(picked, input.scale ?? 1) as Uint8Array<ArrayBuffer>, {
        headers: { "content-type": "image/png" },
      });
    }
    return new Response(svc.blobs.file(a.blob!), {
      headers: {
        "content-type": CONTENT_TYPES[a.kind],
        "content-length": String(a.sizeBytes ?? svc.blobs.size(a.blob!)),
      },
    });
  },
});

export { Asset };
