import { Type } from "@sinclair/typebox";
import { generationInput, generationOp } from "./accept.ts";
import { SketchSchema } from "./art-spec.ts";
import { checkSketch } from "./sketch.ts";
import { ApiError } from "../../core/errors.ts";
import { nameFrom } from "../../core/assets.ts";
import { isVanillaItemTexture } from "../../pack/vanilla.ts";
import { atLeast, ITEM_DEFINITIONS } from "../../pack/versions.ts";
import { modelTexturePrefix } from "../../pack/naming.ts";
import { didYouMean } from "../../pack/suggest.ts";
import { vanillaNames } from "../../pack/game-data.ts";
import { AnimationField } from "./animation.ts";

export const generateItemOp = generationOp({
  name: "generate_item",
  cost: "item",
  costNote: "a 3D item too",
  examples: [
    {
      summary: "A custom item",
      value: { pack: "castle-pack", prompt: "ruby sword with a gold hilt", name: "ruby_sword" },
    },
    {
      summary: "Draw it yourself: a sketch",
      value: {
        pack: "castle-pack",
        prompt: "ruby dagger",
        name: "ruby_dagger",
        sketch: {
          grid: ["....R", "...R.", "GGR..", ".H...", "H...."],
          legend: {
            R: { part: "blade", material: "ruby" },
            G: { part: "guard", material: "gold" },
            H: { part: "grip", colour: "brown" },
          },
        },
      },
    },
    {
      summary: "Reskin a vanilla item",
      value: { pack: "castle-pack", prompt: "glowing golden apple", target: "apple" },
    },
  ],
  path: "/packs/{pack}/items",
  summary: "Generate an item",
  description:
    "Starts generating an item: a 2D sprite (shape 'sprite', stored as texture item:<name>) or a 3D item model (shape '3d', stored as a model). With target (a vanilla item texture such as diamond_sword) it reskins that item, keeping its silhouette family; without, it is a custom item. sketch draws it from your own character grid (see its description). variant adds a selectable variant of target (game 1.21.4+). Costs item credits (refunded on failure). Next: wait_for_job, then get_asset_file.",
  input: generationInput({
    target: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], {
        description: "Vanilla item to reskin; omit or null for a custom item.",
      }),
    ),
    variant: Type.Optional(
      Type.String({
        pattern: "^[a-z0-9_]{1,40}$",
        description: "a variant name of 1-40 lower-case letters, digits or _",
      }),
    ),
    shape: Type.Optional(Type.Union([Type.Literal("sprite"), Type.Literal("3d")], { default: "sprite" })),
    sketch: Type.Optional(SketchSchema),
    size: Type.Optional(
      Type.Integer({
        minimum: 16,
        maximum: 128,
        default: 16,
        description: "Sprite edge in pixels, 16 to 128 (default 16).",
      }),
    ),
    animation: Type.Optional(AnimationField),
  }),
  conflict: true,
  run(_ctx, input, accept) {
    checkSketch(input.sketch);
    const target = input.target ?? null;
    if (target && !isVanillaItemTexture(target))
      throw new ApiError(
        "invalid_request",
        `target '${target}' is not a vanilla item texture${didYouMean(target, vanillaNames("item-texture"))}`,
      );
    const shape = input.shape ?? "sprite";
    const size = input.size ?? 16;
    const animation = input.animation;
    if (animation && shape === "3d")
      throw new ApiError(
        "invalid_request",
        "animation is for sprites: a 3D item's textures are laid out by its model; ask for shape 'sprite'",
      );
    return accept(input, (pack) => {
      if (input.variant !== undefined) {
        if (!target) throw new ApiError("invalid_request", "variant requires target");
        if (!atLeast(pack.minecraftVersion, ITEM_DEFINITIONS))
          throw new ApiError(
            "invalid_request",
            `variant needs game version ${ITEM_DEFINITIONS} or newer; pack '${pack.slug}' targets ${pack.minecraftVersion}`,
          );
      }
      const base = target
        ? input.variant
          ? `${target}.${input.variant}`
          : target
        : nameFrom(input.name ?? input.prompt, "item");
      const name = `item:${base}`;
      const meta = { shape, size, variant: input.variant ?? null, carrierKind: "item", animated: !!animation };
      if (shape === "3d")
        return {
          kind: "model",
          type: "item3d",
          name,
          reskin: !!target,
          target,
          displayName: input.name ?? null,
          meta,
          shape: "3d",
          task: (seed, style, p, finalName) => ({
            op: "item3d",
            req: {
              prompt: input.prompt,
              size,
              target,
              seed,
              style,
              minecraftVersion: p.minecraftVersion,
              ...(input.sketch ? { sketch: input.sketch } : {}),
            },
            texturePrefix: modelTexturePrefix(p.slug, finalName, "item"),
          }),
        };
      return {
        kind: "texture",
        type: "item",
        name,
        reskin: !!target,
        target,
        displayName: input.name ?? null,
        meta,
        shape: "sprite",
        task: (seed, style) => ({
          op: "item",
          req: {
            prompt: input.prompt,
            size,
            target,
            variant: input.variant,
            ...(animation ? { animation } : {}),
            seed,
            style,
            ...(input.sketch ? { sketch: input.sketch } : {}),
          },
        }),
      };
    });
  },
});
