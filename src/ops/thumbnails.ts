import { Type } from "@sinclair/typebox";
import { createHash } from "node:crypto";
import { defineOp } from "./types.ts";
import { Kind, NextCursor, PackSlug, PageArgs, strict } from "./schemas.ts";
import { reachablePack } from "../core/packs.ts";
import { CONTENT_TYPES, listAssets as pageAssets } from "../core/assets.ts";

/** Files up to this size travel inline; bigger ones (HUD sheets at HD) are fetched one by one as before. */
const INLINE_MAX = 64 * 1024;

/**
 * One page of a pack's image previews in one answer: the studio's asset grid costs one request per page
 * instead of one per card (which spent the read budget on large packs). Same paging as list_assets; an ETag
 * over the page's assets and versions lets a poll that finds nothing new answer 304.
 */
export const listThumbnailsOp = defineOp({
  name: "list_thumbnails",
  method: "GET",
  path: "/packs/{pack}/thumbnails",
  pathParams: ["pack"],
  query: ["kind", "limit", "cursor"],
  tag: "assets",
  summary: "A page of image previews in one answer",
  description:
    "The ready image assets (textures and icons) of one list_assets page, each file inline as base64 when it is at most 64 KB. Answers ETag; send If-None-Match to get 304 when nothing on the page changed. Free.",
  input: Type.Object({ pack: PackSlug, kind: Type.Optional(Kind), ...PageArgs }, strict),
  access: "read",
  auth: "key",
  tool: false,
  errors: ["invalid_request", "not_found"],
  output: Type.Object({
    thumbnails: Type.Array(
      Type.Object({
        kind: Type.String(),
        name: Type.String(),
        updatedAt: Type.String(),
        contentType: Type.String(),
        base64: Type.String(),
      }),
    ),
    nextCursor: NextCursor,
  }),
  async run({ svc, caller, request }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    const page = await pageAssets(svc.db, pack.id, {
      kind: input.kind,
      limit: input.limit ?? 50,
      cursor: input.cursor,
    });
    const images = page.rows.filter(
      (a) =>
        a.status === "ready" &&
        a.blob &&
        (a.kind === "texture" || a.kind === "font") &&
        (a.sizeBytes ?? 0) <= INLINE_MAX,
    );
    const etag = `"${createHash("sha256")
      .update(page.rows.map((a) => `${a.id}@${a.updatedAt}:${a.status}`).join("|"))
      .digest("base64url")
      .slice(0, 27)}"`;
    if (request?.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: { etag } });
    const thumbnails = await Promise.all(
      images.map(async (a) => ({
        kind: a.kind,
        name: a.name,
        updatedAt: a.updatedAt,
        contentType: CONTENT_TYPES[a.kind],
        base64: Buffer.from(await svc.blobs.get(a.blob!)).toString("base64"),
      })),
    );
    const body = JSON.stringify({ thumbnails, nextCursor: page.nextCursor });
    return new Response(body, {
      headers: { "content-type": "application/json; charset=utf-8", etag, "cache-control": "private, no-cache" },
    });
  },
});
