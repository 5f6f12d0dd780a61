import { Type } from "@sinclair/typebox";
import { generationInput, generationOp } from "./accept.ts";
import { SketchSchema } from "./art-spec.ts";
import { checkSketch } from "./sketch.ts";
import { NameText } from "../schemas.ts";
import { ApiError } from "../../core/errors.ts";
import { nameFrom } from "../../core/assets.ts";
import { AnimationField } from "./animation.ts";
import { atLeast, CHAT_SPRITES } from "../../pack/versions.ts";

export const ICON_HEIGHT = { min: 5, max: 32, default: 9 };

export const generateIconOp = generationOp({
  name: "generate_icon",
  cost: "icon",
  examples: [
    {
      summary: "A coin icon for chat and titles",
      value: { pack: "castle-pack", prompt: "gold coin", name: "coin", height: 9 },
    },
  ],
  path: "/packs/{pack}/icons",
  summary: "Generate a font icon",
  description:
    "Starts generating a small bitmap glyph (hearts, stars, coins, gems, skulls, checks, arrows…) usable in chat and text through the pack's font. char is the character it replaces (a private-use character is assigned when omitted); height is the glyph height in px (5 to 32, default 9). sketch draws the glyph from your own character grid. Costs icon credits. Next: wait_for_job.",
  input: generationInput({
    name: NameText(100, "The icon's name."),
    char: Type.Optional(Type.String({ minLength: 1, maxLength: 2, description: "One character (one code point)." })),
    sketch: Type.Optional(SketchSchema),
    height: Type.Optional(
      Type.Integer({
        minimum: ICON_HEIGHT.min,
        maximum: ICON_HEIGHT.max,
        description: "Glyph height in px, 5 to 32 (default 9).",
      }),
    ),
    animation: Type.Optional(AnimationField),
  }),
  run(_ctx, input, accept) {
    checkSketch(input.sketch);
    if (input.char !== undefined && [...input.char].length !== 1)
      throw new ApiError("invalid_request", "char must be exactly one character");
    const height = input.height ?? ICON_HEIGHT.default;
    const animation = input.animation;
    return accept(input, (pack) => {
      // A font glyph never animates; from 1.21.9 text can show an atlas sprite, which does (export/fonts.ts).
      if (animation && !atLeast(pack.minecraftVersion, CHAT_SPRITES))
        throw new ApiError(
          "invalid_request",
          `an animated icon needs Minecraft ${CHAT_SPRITES} or newer: font glyphs never animate, and only from ${CHAT_SPRITES} can chat show an animated sprite. Pack '${pack.slug}' targets ${pack.minecraftVersion}; leave out animation or raise the pack's minecraftVersion`,
        );
      return {
        kind: "font",
        type: "icon",
        name: nameFrom(input.name, "icon"),
        displayName: input.name,
        meta: {
          char: input.char ?? null,
          height,
          animated: !!animation,
          ...(animation ? { requires: CHAT_SPRITES } : {}),
        },
        task: (seed, style) => ({
          op: "icon",
          req: {
            prompt: input.prompt,
            name: input.name,
            char: input.char,
            height,
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
