import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { AssetName, Kind, NameText, Pack, PackSlug, strict } from "./schemas.ts";
import { reachablePack } from "../core/packs.ts";
import { ApiError } from "../core/errors.ts";
import { deleteAsset, deletePack, requireOwner, updatePack } from "../core/pack-edit.ts";
import { assetView } from "../core/assets.ts";
import { packView } from "./views.ts";
import { minVersionOf } from "../core/min-version.ts";
import { isRelease } from "../pack/versions.ts";
import { planExport } from "../export/index.ts";
import { Asset } from "./schemas.ts";

const LeftOut = Type.Object({
  asset: Type.String(),
  reason: Type.String(),
  detail: Type.String(),
  requiredVersion: Type.Optional(Type.String()),
});

export const updatePackOp = defineOp({
  name: "update_pack",
  examples: [
    {
      summary: "Rename and move to 1.21.4",
      value: { pack: "castle-pack", name: "Castle Pack II", minecraftVersion: "1.21.4" },
    },
  ],
  method: "PATCH",
  path: "/packs/{pack}",
  pathParams: ["pack"],
  tag: "packs",
  summary: "Rename a pack or change its game version",
  description:
    "Changes the pack's name and/or minecraftVersion (owner only). The answer lists what the next export leaves out at the new version (`leftOut`: assets that need a newer game version, still generating, or failed). The slug never changes. Free. Next: export_pack.",
  input: Type.Object(
    {
      pack: PackSlug,
      name: Type.Optional(NameText(100, "Display name, 1 to 100 characters.")),
      minecraftVersion: Type.Optional(
        Type.String({ minLength: 1, maxLength: 20, description: "A Java release such as 1.21.11." }),
      ),
    },
    strict,
  ),
  access: "write",
  auth: "key",
  errors: ["invalid_request", "not_found", "forbidden"],
  output: Type.Object({ pack: Pack, leftOut: Type.Array(LeftOut) }),
  async run({ svc, caller }, input) {
    const { pack, role } = await reachablePack(svc.db, input.pack, caller.account.id);
    requireOwner(role, "rename it or change its version");
    if (input.name === undefined && input.minecraftVersion === undefined)
      throw new ApiError("invalid_request", "send name, minecraftVersion or both");
    if (input.minecraftVersion !== undefined && !isRelease(input.minecraftVersion))
      throw new ApiError("invalid_request", `minecraftVersion '${input.minecraftVersion}' is not a known Java release`);
    const updated = await updatePack(svc.db, pack, input);
    const { plan } = await planExport(svc, updated);
    return {
      pack: { ...(await packView(svc, updated, role)), minVersion: await minVersionOf(svc.db, updated) },
      leftOut: plan.report.leftOut,
    };
  },
});

export const deletePackOp = defineOp({
  name: "delete_pack",
  method: "DELETE",
  path: "/packs/{pack}",
  pathParams: ["pack"],
  tag: "packs",
  summary: "Delete a pack",
  description:
    "Deletes the pack with its assets, kept files, style guide, reference images and import record (owner only). Jobs still generating are refunded and their results dropped. Cannot be undone. Free. Next: list_packs.",
  input: Type.Object({ pack: PackSlug }, strict),
  access: "write",
  auth: "key",
  errors: ["not_found", "forbidden"],
  output: Type.Object({
    deleted: Type.String({ description: "The deleted pack's slug." }),
    assets: Type.Integer(),
    files: Type.Integer(),
    refunded: Type.Integer({ description: "Generating jobs refunded." }),
  }),
  async run({ svc, caller }, input) {
    const { pack, role } = await reachablePack(svc.db, input.pack, caller.account.id);
    requireOwner(role, "delete it");
    return { deleted: pack.slug, ...(await deletePack(svc.db, pack)) };
  },
});

export const deleteAssetOp = defineOp({
  name: "delete_asset",
  method: "DELETE",
  path: "/packs/{pack}/assets/{kind}/{name}",
  tailParam: "name",
  pathParams: ["pack", "kind", "name"],
  tag: "assets",
  summary: "Delete an asset",
  description:
    "Deletes one asset (a model with its own textures) so the next export leaves it out; the owner and collaborators may (read-only keys may not). An asset still generating is refused with still_generating: wait for its job. Free. Next: list_assets or export_pack.",
  input: Type.Object({ pack: PackSlug, kind: Kind, name: AssetName }, strict),
  access: "write",
  auth: "key",
  errors: ["not_found", "forbidden", "invalid_request", "still_generating"],
  output: Type.Object({ deleted: Asset }),
  async run({ svc, caller }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    return { deleted: assetView(pack.slug, await deleteAsset(svc.db, pack, input.kind, input.name)) };
  },
});
