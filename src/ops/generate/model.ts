import { Type } from "@sinclair/typebox";
import { generationInput, generationOp } from "./accept.ts";
import { ApiError } from "../../core/errors.ts";
import { nameFrom } from "../../core/assets.ts";
import { blockInfo, vanillaNames } from "../../pack/game-data.ts";
import { facingsOf } from "../../export/models.ts";
import { modelTexturePrefix } from "../../pack/naming.ts";
import { referenceFields, taskReference } from "./reference.ts";
import { didYouMean } from "../../pack/suggest.ts";
import { CarrierKind } from "../../files/prepare/fields.ts";

/** A carrier block turns with the player's placement when its blockstate has a `facing` (game data). */
export const isDirectionalCarrier = (blockId: string) => facingsOf(blockId).length > 0;

/**
 * A carrier must be a vanilla block. A partial model (not a full cube) may only stand in for a block that does not
 * hide its neighbours' faces: on an opaque full cube (note_block, stone) the faces behind the model are culled and
 * players see through the world.
 */
export function checkCarrierBlock(id: string | undefined, kind: "item" | "full" | "partial"): string | undefined {
  if (id === undefined) return undefined;
  const bare = id.startsWith("minecraft:") ? id.slice(10) : id;
  const block = bare === "air" ? null : blockInfo(bare);
  if (!block)
    throw new ApiError(
      "invalid_request",
      `carrierBlockId '${id}' is not a vanilla block${didYouMean(bare, vanillaNames("block"))}`,
    );
  if (kind === "partial" && block.occludes)
    throw new ApiError(
      "invalid_request",
      `carrierBlockId '${id}' is an opaque full block: its neighbours hide their faces against it, so a partial model on it would let players see through the world. Use carrierKind 'full', or a block that is not a full opaque cube (e.g. a glass pane, fence or barrier)`,
    );
  return bare;
}

export const generateModelOp = generationOp({
  name: "generate_model",
  cost: "model",
  examples: [
    {
      summary: "A furniture model",
      value: { pack: "castle-pack", prompt: "oak bookshelf with red books", name: "tall_bookshelf" },
    },
  ],
  path: "/packs/{pack}/models",
  summary: "Generate a 3D model",
  description:
    "Starts generating a Java block model (furniture and props: table, chair, lamp, lantern, crate, barrel, pot, pillar, shelf, sign, rail, mushroom, crystal cluster, statue…) with its own textures. carrierKind says what carries it in game: 'item' (a custom item, default), 'full' (a full block) or 'partial'; carrierBlockId names the vanilla block it stands in for (directional is then decided from that block). Slower and costs model credits (refunded on failure). Next: wait_for_job (back off), then get_asset_file.",
  input: generationInput({
    carrierKind: Type.Optional(CarrierKind),
    directional: Type.Optional(Type.Boolean()),
    carrierBlockId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    ...referenceFields,
  }),
  async run(ctx, input, accept) {
    const carrierKind = input.carrierKind ?? "item";
    const carrierBlockId = checkCarrierBlock(input.carrierBlockId, carrierKind);
    if (carrierBlockId && carrierKind === "item")
      throw new ApiError("invalid_request", "carrierBlockId is for carrierKind full or partial");
    const directional = carrierBlockId ? isDirectionalCarrier(carrierBlockId) : (input.directional ?? false);
    const reference = await taskReference(ctx, input);
    return accept(input, () => ({
      kind: "model",
      type: "model",
      name: nameFrom(input.name ?? input.prompt, "model"),
      displayName: input.name ?? null,
      target: carrierBlockId ?? null,
      meta: {
        carrierKind,
        carrierBlockId: carrierBlockId ?? null,
        directional,
        referenceId: reference?.id ?? null,
        referenceStrength: reference?.strength ?? null,
      },
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
        ...(reference ? { reference } : {}),
      }),
    }));
  },
});
