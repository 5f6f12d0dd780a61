import { Type } from "@sinclair/typebox";
import { generationInput, generationOp } from "./accept.ts";
import { SketchSchema } from "./art-spec.ts";
import { checkSketch } from "./sketch.ts";
import { ApiError } from "../../core/errors.ts";
import { nameFrom } from "../../core/assets.ts";
import { faceTexture, hasFaces, isVanillaBlockTexture } from "../../pack/vanilla.ts";
import { referenceFields, taskReference } from "./reference.ts";
import { clampStrength } from "../../gen/look/steer.ts";
import { AnimationField, checkTextureAnimation } from "./animation.ts";
import { didYouMean } from "../../pack/suggest.ts";
import { vanillaNames } from "../../pack/game-data.ts";

const FaceSlot = Type.Union([Type.Literal("top"), Type.Literal("bottom"), Type.Literal("side")]);

export const generateTextureOp = generationOp({
  name: "generate_texture",
  cost: "texture",
  examples: [
    {
      summary: "Replace a vanilla texture",
      value: {
        pack: "castle-pack",
        mode: "vanilla",
        vanillaTarget: "stone_bricks",
        prompt: "mossy castle stone bricks with cracks",
        size: 16,
      },
    },
    {
      summary: "A new texture with a fixed seed",
      value: {
        pack: "castle-pack",
        mode: "custom",
        prompt: "polished blue marble with gold veins",
        description: "marble floor tile",
        name: "blue_marble",
        size: 32,
        seed: 42,
      },
    },
  ],
  path: "/packs/{pack}/textures",
  summary: "Generate a block texture",
  description:
    "Starts generating a tiling block texture (16 to 128 px) from a material description; answers at once with a job handle. mode 'vanilla' replaces the vanillaTarget texture (optionally one faceSlot of it); mode 'custom' makes a new texture described by description. sketch draws one tile from your own character grid, shaded so it tiles. Costs texture credits (refunded if it fails). Next: wait_for_job with the handle, then get_asset_file.",
  input: generationInput({
    prompt: Type.String({ minLength: 1, maxLength: 1000, description: "What to draw: material and wear, not pixels." }),
    size: Type.Integer({ minimum: 16, maximum: 128, description: "Edge length in pixels, 16 to 128." }),
    mode: Type.Union([Type.Literal("vanilla"), Type.Literal("custom")]),
    vanillaTarget: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: "Vanilla block texture to replace (mode vanilla), e.g. oak_log.",
      }),
    ),
    description: Type.Optional(
      Type.String({ minLength: 1, maxLength: 1000, description: "What the texture is (mode custom)." }),
    ),
    faceSlot: Type.Optional(FaceSlot),
    sketch: Type.Optional(SketchSchema),
    ...referenceFields,
    animation: Type.Optional(AnimationField),
  }),
  conflict: true,
  async run(ctx, input, accept) {
    checkSketch(input.sketch);
    if (input.mode === "vanilla" && !input.vanillaTarget)
      throw new ApiError("invalid_request", "vanillaTarget is required when mode is vanilla");
    if (input.mode === "custom" && !input.description)
      throw new ApiError("invalid_request", "description is required when mode is custom");
    if (input.mode === "custom" && input.vanillaTarget)
      throw new ApiError("invalid_request", "vanillaTarget is only for mode vanilla");
    const target = input.vanillaTarget;
    if (target && !isVanillaBlockTexture(target))
      throw new ApiError(
        "invalid_request",
        `vanillaTarget '${target}' is not a vanilla block texture${didYouMean(target, vanillaNames("block-texture"))}`,
      );
    let textureName = target ?? null;
    if (input.faceSlot) {
      if (!target) throw new ApiError("invalid_request", "faceSlot needs a vanillaTarget that has per-face textures");
      textureName = faceTexture(target, input.faceSlot);
      if (!textureName)
        throw new ApiError(
          "invalid_request",
          hasFaces(target)
            ? `'${target}' has no ${input.faceSlot} face texture`
            : `'${target}' has no per-face textures`,
        );
    }
    const reference = await taskReference(ctx, input);
    const animation = checkTextureAnimation(input.animation);
    return accept(input, () => ({
      kind: "texture",
      type: input.faceSlot ? "block_face" : "block",
      name: textureName ?? nameFrom(input.name ?? input.description ?? input.prompt, "texture"),
      reskin: !!textureName,
      target: target ?? null,
      displayName: input.name ?? null,
      meta: {
        size: input.size,
        faceSlot: input.faceSlot ?? null,
        texture: textureName,
        animated: !!animation,
        referenceId: input.referenceId ?? null,
        referenceStrength:
          reference?.strength ??
          (input.referenceStrength === undefined ? null : clampStrength(input.referenceStrength)),
      },
      task: (seed, style) => ({
        op: "texture",
        req: {
          prompt: input.prompt,
          size: input.size,
          mode: input.mode,
          vanillaTarget: target,
          description: input.description,
          faceSlot: input.faceSlot,
          ...(input.sketch ? { sketch: input.sketch } : {}),
          ...(animation ? { animation } : {}),
          seed,
          style,
        },
        ...(reference ? { reference } : {}),
      }),
    }));
  },
});
