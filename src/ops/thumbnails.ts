import { Type } from "@sinclair/typebox";
import { createHash } from "node:crypto";
import { defineOp } from "./types.ts";
import { NextCursor } from "./schemas.ts";
import { findAssets, FindInput } from "./assets.ts";
import { CONTENT_TYPES, getAsset, type AssetRow } from "../core/assets.ts";
import { planModel, type Json, type Load } from "../pack/model-refs.ts";
import type { Services } from "../services.ts";
import { conditionalResponse, notModified } from "./conditional.ts";

/** Images up to this size travel inline; bigger ones (HUD sheets at HD) are fetched one by one as before. */
const INLINE_MAX = 64 * 1024;
/** Model JSON up to this size travels inline (a converted .bbmodel with many cubes runs to tens of KB). */
const MODEL_INLINE_MAX = 256 * 1024;

const InlineFile = Type.Object({
  kind: Type.String(),
  name: Type.String(),
  updatedAt: Type.String(),
  contentType: Type.String(),
  base64: Type.Optional(
    Type.String({
      description: "The file; absent when it is too big to travel inline (fetch it with get_asset_file).",
    }),
  ),
});

/**
 * The pack files a page's model previews read, found by running the studio's own resolution
 * (pack/model-refs.ts planModel) with a `load` that records every lookup: each model JSON of the chain and
 * each texture it ends at, once, and every name looked for that the pack does not hold (ready), so the page
 * draws without asking again. `seen` keeps every lookup in order for the ETag.
 */
async function modelNeeds(svc: Services, packId: number, slug: string, models: AssetRow[]) {
  // Each lookup's promise is kept under its key at the moment it is asked for, so the order (and with it
  // the ETag) follows the resolution's own order, not which query the driver answered first.
  const lookups = new Map<string, Promise<AssetRow | null>>();
  const texts = new Map<string, Promise<string>>();
  const row = (kind: string, name: string): Promise<AssetRow | null> => {
    const key = `${kind}\n${name}`;
    let r = lookups.get(key);
    if (!r) {
      r = getAsset(svc.db, packId, kind, name).then((found) =>
        found && found.status === "ready" && found.blob ? found : null,
      );
      lookups.set(key, r);
    }
    return r;
  };
  const text = (r: AssetRow) => {
    let t = texts.get(r.blob!);
    if (!t) texts.set(r.blob!, (t = svc.blobs.get(r.blob!).then((b) => new TextDecoder().decode(b))));
    return t;
  };
  // Textures are only looked up (their bytes are read once, below, if the answer is sent).
  const load: Load = async (kind, name) => {
    const r = await row(kind, name);
    return !r ? null : kind === "model" ? text(r) : "";
  };
  for (const m of models) {
    await row(m.kind, m.name);
    let own: Json;
    try {
      own = JSON.parse(await text(m));
    } catch {
      continue; // not JSON: the card says so when it draws, as before
    }
    if (own && typeof own === "object") await planModel(own, slug, load);
  }
  const seen = new Map<string, AssetRow | null>();
  for (const [key, r] of lookups) seen.set(key, await r);
  return seen;
}

/**
 * One page of a pack's previews in one answer: the page's images, and for its models every file their
 * previews read (the model chain and the textures it ends at, each once), so a page of 48 cards costs two
 * reads (this and list_assets) whatever the mix, instead of one per texture. Same filters and paging as
 * list_assets. The ETag covers the page and every file looked up (a parent replaced, a missing texture
 * uploaded), so a revisit that finds nothing new answers 304.
 */
export const listThumbnailsOp = defineOp({
  name: "list_thumbnails",
  method: "GET",
  path: "/packs/{pack}/thumbnails",
  pathParams: ["pack"],
  query: ["kind", "status", "q", "limit", "cursor"],
  tag: "assets",
  summary: "A page of previews in one answer",
  description:
    "For one list_assets page (same kind, status, q, limit and cursor): its ready images (textures and icons) inline as base64 when at most 64 KB, and in `modelFiles` what its models' previews read: each model JSON of the parent chain and each texture it ends at, once (a file already in `thumbnails` is not repeated), with `notHeld` naming what was looked for and is not in the pack. Answers ETag; send If-None-Match to get 304 when nothing on the page or behind it changed. Free.",
  input: FindInput,
  access: "read",
  auth: "key",
  tool: false,
  errors: ["invalid_request", "not_found"],
  output: Type.Object({
    thumbnails: Type.Array(InlineFile),
    modelFiles: Type.Array(InlineFile),
    notHeld: Type.Array(Type.Object({ kind: Type.String(), name: Type.String() })),
    nextCursor: NextCursor,
  }),
  async run({ svc, caller, request }, input) {
    const { pack, rows, nextCursor } = await findAssets(svc, caller, input);
    const ready = rows.filter((a) => a.status === "ready" && a.blob);
    const images = ready.filter((a) => (a.kind === "texture" || a.kind === "font") && (a.sizeBytes ?? 0) <= INLINE_MAX);
    const seen = await modelNeeds(
      svc,
      pack.id,
      pack.slug,
      ready.filter((a) => a.kind === "model"),
    );
    const etag = `"${createHash("sha256")
      .update(rows.map((a) => `${a.id}@${a.updatedAt}:${a.status}`).join("|"))
      .update("\n")
      .update([...seen].map(([k, r]) => `${k}=${r ? `${r.id}@${r.updatedAt}` : "-"}`).join("|"))
      .digest("base64url")
      .slice(0, 27)}"`;
    const unchanged = notModified(request, etag, { "cache-control": "private, no-cache" });
    if (unchanged) return unchanged;
    const inline = async (a: AssetRow, max: number) => ({
      kind: a.kind,
      name: a.name,
      updatedAt: a.updatedAt,
      contentType: CONTENT_TYPES[a.kind],
      ...((a.sizeBytes ?? 0) <= max ? { base64: Buffer.from(await svc.blobs.get(a.blob!)).toString("base64") } : {}),
    });
    const onPage = new Set(images.map((a) => a.id));
    const held = [...seen.values()].filter((r): r is AssetRow => r !== null && !onPage.has(r.id));
    const body = JSON.stringify({
      thumbnails: await Promise.all(images.map((a) => inline(a, INLINE_MAX))),
      modelFiles: await Promise.all(held.map((a) => inline(a, a.kind === "model" ? MODEL_INLINE_MAX : INLINE_MAX))),
      notHeld: [...seen].filter(([, r]) => !r).map(([k]) => ({ kind: k.split("\n")[0], name: k.split("\n")[1] })),
      nextCursor,
    });
    return conditionalResponse(request, {
      etag,
      body: new Blob([body]),
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "private, no-cache" },
    });
  },
});
