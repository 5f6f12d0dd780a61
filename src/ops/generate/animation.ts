import { Type, type Static } from "@sinclair/typebox";
import { ApiError } from "../../core/errors.ts";
import {
  ANIMATION_EFFECTS,
  ANIMATION_FRAMES,
  ANIMATION_FRAMETIME,
  type AnimationRequest,
} from "../../gen/look/animate.ts";

/** The `animation` body field of textures, items and icons (and of edits). */
export const AnimationField = Type.Object(
  {
    effect: Type.Union(
      ANIMATION_EFFECTS.map((e) => Type.Literal(e)),
      {
        description:
          "flow (liquids slide down), pulse (glowing ores, runes), flicker (flames, torches), shimmer (a band of light across enchanted things), drip, spin (coins turning; sprites only).",
      },
    ),
    frames: Type.Optional(
      Type.Integer({
        minimum: ANIMATION_FRAMES.min,
        maximum: ANIMATION_FRAMES.max,
        description: `Frames in the strip, ${ANIMATION_FRAMES.min} to ${ANIMATION_FRAMES.max} (default ${ANIMATION_FRAMES.default}).`,
      }),
    ),
    frametime: Type.Optional(
      Type.Integer({
        minimum: ANIMATION_FRAMETIME.min,
        maximum: ANIMATION_FRAMETIME.max,
        description: `Game ticks each frame shows (20 a second), ${ANIMATION_FRAMETIME.min} to ${ANIMATION_FRAMETIME.max} (default ${ANIMATION_FRAMETIME.default}).`,
      }),
    ),
    interpolate: Type.Optional(Type.Boolean({ description: "The game blends between frames (default false)." })),
  },
  {
    additionalProperties: false,
    description:
      "Makes the result animated: a vertical strip of frames (each the still's size) plus its .png.mcmeta, both written by the export.",
  },
);

export type AnimationInput = Static<typeof AnimationField>;

/** `spin` turns a sprite about its edge: a block texture has to cover its face in every frame. */
export function checkTextureAnimation(a: AnimationInput | undefined): AnimationRequest | undefined {
  if (a?.effect === "spin")
    throw new ApiError(
      "invalid_request",
      "animation effect 'spin' turns a sprite (an item or icon); a block texture must cover its whole face in every frame: use flow, pulse, flicker, shimmer or drip",
    );
  return a;
}
