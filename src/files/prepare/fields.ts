import { Type, type Static } from "@sinclair/typebox";
import { CARRIER_KINDS } from "../../gen/types.ts";
import { SOUND_CATEGORIES } from "../../pack/sound-event.ts";
import { FileSource } from "../source.ts";
import { PLAIN_TEXT_PATTERN } from "../../pack/naming.ts";

/** The volume slider a sound belongs to; generate_sound takes it too. */
export const SoundCategory = Type.Union(
  SOUND_CATEGORIES.map((c) => Type.Literal(c)),
  { description: "Volume slider the sound belongs to." },
);

/** What carries a model in game; generate_model takes it too. */
export const CarrierKind = Type.Union(CARRIER_KINDS.map((k) => Type.Literal(k)));

const UPLOAD_TYPES = ["block", "item", "icon", "model", "sound", "gui", "hud", "armor", "armor3d"] as const;

/**
 * The body of an upload (spec "POST /packs/{pack}/assets"): upload_asset's input is this plus the pack,
 * and the per-type rules here below read it, so their type is derived from this schema, never copied.
 */
export const UploadBody = Type.Object({
  type: Type.Union(UPLOAD_TYPES.map((t) => Type.Literal(t))),
  file: FileSource,
  name: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: PLAIN_TEXT_PATTERN,
      description: "Label and name of an own texture, item or icon (default: the file name).",
    }),
  ),
  target: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  size: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 256,
      description: "Resamples a block or item image to this square edge (nearest neighbour).",
    }),
  ),
  height: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 256,
      description: "Icon height in pixels; width follows the picture's shape.",
    }),
  ),
  faceSlot: Type.Optional(Type.Union([Type.Literal("top"), Type.Literal("bottom"), Type.Literal("side")])),
  event: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  category: Type.Optional(SoundCategory),
  carrierKind: Type.Optional(CarrierKind),
  char: Type.Optional(Type.String({ minLength: 1, maxLength: 2 })),
  layer: Type.Optional(
    Type.Union([Type.Literal(1), Type.Literal(2)], {
      description: "Armour layer: 1 (helmet, chestplate, boots; default) or 2 (leggings).",
    }),
  ),
});

/** The upload body fields the per-type rules read: all but the file, which is resolved to bytes first. */
export type UploadFields = Omit<Static<typeof UploadBody>, "file">;
