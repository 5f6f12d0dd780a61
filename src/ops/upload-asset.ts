import { EXAMPLE_PNG_BASE64 } from "./schemas.ts";
import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { PackSlug, strict } from "./schemas.ts";
import { ApiError } from "../core/errors.ts";
import { reachablePack } from "../core/packs.ts";
import { ASSET_TYPES, checkAssetLimit, freeAssetName, insertAsset, newAssetName } from "../core/assets.ts";
import { resolveFile } from "../files/source.ts";
import { prepareImageOffThread } from "../files/off-thread.ts";
import { prepareModel, withTexturePrefix } from "../files/prepare/models.ts";
import { prepareSound } from "../files/prepare/sound.ts";
import type { PreparedAsset } from "../files/prepare/types.ts";
import { UploadBody } from "../files/prepare/fields.ts";
import { modelTextureName, modelTexturePrefix } from "../pack/naming.ts";

export const uploadAssetOp = defineOp({
  name: "upload_asset",
  examples: [
    {
      summary: "A block texture sent inline",
      value: { pack: "castle-pack", type: "block", file: { base64: EXAMPLE_PNG_BASE64 }, name: "red_bricks" },
    },
    {
      summary: "A vanilla item reskin from an upload",
      value: { pack: "castle-pack", type: "item", file: { upload: "upl_0123456789abcdef" }, target: "diamond_sword" },
    },
  ],
  method: "POST",
  path: "/packs/{pack}/assets",
  pathParams: ["pack"],
  tag: "upload and import",
  summary: "Upload an asset",
  description:
    "Adds an existing file to the pack (free; counts toward the asset limit; ready at once). PNG for block, item, icon, gui (256x256), hud and armor (64x32); block model JSON or .bbmodel for model; .bbmodel for armor3d; Ogg Vorbis or WAV (converted) for sound. file holds exactly one of upload, url, base64, text.",
  input: Type.Object({ pack: PackSlug, ...UploadBody.properties }, strict),
  access: "write",
  auth: "key",
  status: 201,
  tool: false,
  errors: [
    "file_fetch_failed",
    "invalid_request",
    "asset_limit_reached",
    "forbidden",
    "not_found",
    "upload_not_found",
    "conflict",
    "file_too_large",
  ],
  output: Type.Object({
    id: Type.String(),
    type: Type.Union(ASSET_TYPES.map((t) => Type.Literal(t))),
    kind: Type.String(),
    name: Type.String(),
    status: Type.Literal("ready"),
    pack: Type.String(),
  }),
  async run({ svc, caller }, input) {
    const db = svc.db;
    const { pack } = await reachablePack(db, input.pack, caller.account.id);
    if (input.char !== undefined && [...input.char].length !== 1)
      throw new ApiError("invalid_request", "char must be exactly one character");
    const file = await resolveFile(svc, caller, input.file);
    const fileStem = file.fileName ? file.fileName.replace(/\.[^.]*$/, "") : null;
    const ctx = { pack, fileStem };
    const prepared: PreparedAsset =
      input.type === "sound"
        ? await prepareSound(input, file.bytes)
        : input.type === "model" || input.type === "armor3d"
          ? prepareModel(input, file.bytes, ctx)
          : await prepareImageOffThread(svc, input, file.bytes, ctx);
    // Every check (the upload id's single use included) comes before the first blob is written, so a
    // refusal leaves neither a row nor a file.
    return db.transaction(async (tx) => {
      await file.consume(tx);
      const textures = Object.entries(prepared.textures ?? {});
      // A converted .bbmodel adds its model textures as assets of their own; they count too.
      await checkAssetLimit(tx, pack, svc.config.assetLimit, 1 + textures.length);
      const reskin = prepared.reskin ? { target: prepared.target, as: "replaced" as const } : undefined;
      const name = await newAssetName(tx, pack, prepared.kind, prepared.name, reskin);
      let bytes = prepared.bytes;
      const prefix = textures.length ? modelTexturePrefix(pack.slug, name, prepared.textureFolder ?? "block") : "";
      if (prepared.kind === "model") bytes = withTexturePrefix(bytes, prefix);
      const blob = await svc.blobs.put(bytes);
      const row = await insertAsset(tx, {
        packId: pack.id,
        kind: prepared.kind,
        name,
        type: prepared.type,
        status: "ready",
        source: "uploaded",
        displayName: input.name ?? null,
        blob,
        sizeBytes: bytes.length,
        target: prepared.target,
        meta: { ...prepared.meta, ...(textures.length ? { textureSlots: textures.map(([s]) => s) } : {}) },
      });
      for (const [slot, png] of textures) {
        const [namespace, path] = (prefix + slot).split(":");
        await insertAsset(tx, {
          packId: pack.id,
          kind: "texture",
          name: await freeAssetName(tx, pack.id, "texture", modelTextureName(name, slot)),
          type: "model_texture",
          status: "ready",
          source: "uploaded",
          blob: await svc.blobs.put(png),
          sizeBytes: png.length,
          meta: { model: row.id, slot, namespace, path },
        });
      }
      return {
        id: `${pack.slug}:${prepared.kind}:${name}`,
        type: prepared.type,
        kind: prepared.kind,
        name,
        status: "ready" as const,
        pack: pack.slug,
      };
    });
  },
});
