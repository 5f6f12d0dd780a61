import { Type } from "@sinclair/typebox";
import { acceptGeneration, generationInput, generationOp } from "./accept.ts";
import { ApiError } from "../../core/errors.ts";
import { nameFrom } from "../../core/assets.ts";
import { isVanillaItemId } from "../../pack/vanilla.ts";
import { modelTexturePrefix } from "../../pack/naming.ts";
import { checkReference } from "./reference.ts";

export const CarrierKind = Type.Union([Type.Literal("item"), Type.Literal("full"), Type.Literal("partial")]);

/** Vanilla blocks whose blockstates carry a `facing`, so a model standing in for them must turn with it. */
const FACING =
  /(furnace|smoker|dispenser|dropper|observer|piston|chest|barrel|carved_pumpkin|jack_o_lantern|loom|stonecutter|beehive|bee_nest|lectern|glazed_terracotta|anvil|stairs|door|trapdoor|fence_gate|hopper|grindstone|bell|campfire|crafter|repeater|comparator|button|ladder|lever|wall_torch|_bed|banner|sign|skull|head|end_rod|lightning_rod|amethyst_cluster|_bud|vault|trial_spawner|decorated_pot|chiseled_bookshelf|smithing_table)/;

export const isDirectionalCarrier = (blockId: string) => FACING.test(blockId);

export function checkCarrierBlock(id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  const bare = id.startsWith("minecraft:") ? id.slice(10) : id;
  if (!isVanillaItemId(bare) || bare === "air")
    throw new ApiError("invalid_request", `carrierBlockId '${id}' is not a vanilla block`);
  return bare;
}

export const generateModelOp = generationOp({
  name: "generate_model",
  path: "/packs/{pack}/models",
  summary: "Generate a 3D model",
  description:
    "Starts generating a Java block model (furniture and props: table, chair, lamp, lantern, crate, barrel, pot, pillar, shelf, sign, rail, mushroom, crystal cluster, statue…) with its own textures. carrierKind says what carries it in game: 'item' (a custom item, default), 'full' (a full block) or 'partial'; carrierBlockId names the vanilla block it stands in for (directional is then decided from that block). Slower and costs model credits (refunded on failure). Next: wait_for_job (back off), then get_asset_file.",
  input: generationInput({
    carrierKind: Type.Optional(CarrierKind),
    directional: Type.Optional(Type.Boolean()),
    carrierBlockId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    referenceId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  }),
  run(ctx, input) {
    const carrierKind = input.carrierKind ?? "item";
    const carrierBlockId = checkCarrierBlock(input.carrierBlockId);
    if (carrierBlockId && carrierKind === "item")
      throw new ApiError("invalid_request", "carrierBlockId is for carrierKind full or partial");
    const directional = carrierBlockId ? isDirectionalCarrier(carrierBlockId) : (input.directional ?? false);
    checkReference(ctx, input.referenceId);
    return acceptGeneration(ctx, "model", input, () => ({
      kind: "model",
      type: "model",
      name: nameFrom(input.name ?? input.prompt, "model"),
      displayName: input.name ?? null,
      target: carrierBlockId ?? null,
      meta: { carrierKind, carrierBlockId: carrierBlockId ?? null, directional },
      task: (seed, style, pack, finalName) => ({
        op: "model",
        req: {
          prompt: input.prompt,
          carrierKind,
          directional,
          carrierBlockId,
          seed,
          style,
          minecraftVersion: pack.minecraftVersion,
        },
        texturePrefix: modelTexturePrefix(pack.slug, finalName, "block"),
      }),
    }));
  },
});
