import { ApiError } from "../../core/errors.ts";
import { nameFrom } from "../../core/assets.ts";
import { decodePng, decodePngScaled, DEFAULT_PNG_LIMITS, PngError, pngInfo } from "../../media/png-decode.ts";
import { encodePng, type Rgba } from "../../media/png.ts";
import {
  faceTexture,
  hasFaces,
  isContainerScreen,
  isVanillaBlockTexture,
  isVanillaItemTexture,
  isArmorMaterial,
} from "../../pack/vanilla.ts";
import { HUD_SHEET, hudScale } from "../../pack/hud-layout.ts";
import type { PreparedAsset, PrepareContext } from "./types.ts";
import type { UploadFields } from "./fields.ts";
import { didYouMean } from "../../pack/suggest.ts";
import { vanillaNames } from "../../pack/game-data.ts";

const bad = (msg: string) => new ApiError("invalid_request", msg);

/** Upload rules for PNG types; PNGs are checked by decoding (never by extension) and stored re-encoded. */
export function prepareImage(f: UploadFields, bytes: Uint8Array, ctx: PrepareContext): PreparedAsset {
  const { width: w, height: h } = header(bytes);
  const icon = f.type === "icon" ? iconSize(f, w, h) : null;
  // A resampled upload decodes straight to its target size (decodePngScaled): a 4096x4096 picture made into a
  // 16 px icon never holds its 64 MB of pixels (issue 13: memory bounded while large uploads are checked).
  const target =
    icon && icon.height !== h
      ? icon
      : (f.type === "block" || f.type === "item") && f.size !== undefined
        ? { width: f.size, height: f.size }
        : null;
  const img = decode(bytes, target);
  const label = () => f.name ?? ctx.fileStem;
  switch (f.type) {
    case "block":
    case "item": {
      const min = f.type === "block" ? 1 : 8;
      // size only changes how the edge is reached, not which edges the type allows (items are 8 to 256).
      if (f.size !== undefined && f.size < min)
        throw bad(`a ${f.type} is ${min} to 256 px square; size ${f.size} is too small`);
      const out = img; // already resampled when size was given
      if (f.size === undefined) {
        if (w !== h) throw bad(`a ${f.type} image must be square (got ${w}x${h}); send size to resample it`);
        if (w < min || w > 256)
          throw bad(`a ${f.type} image must be ${min} to 256 px square (got ${w}x${h}); send size to resample it`);
      }
      const vanilla = f.type === "block" ? isVanillaBlockTexture : isVanillaItemTexture;
      if (f.target !== undefined && !vanilla(f.target))
        throw bad(
          `target '${f.target}' is not a vanilla ${f.type} texture${didYouMean(f.target, vanillaNames(f.type === "block" ? "block-texture" : "item-texture"))}`,
        );
      let name = f.target ?? null;
      if (f.faceSlot) {
        if (f.type !== "block" || !f.target)
          throw bad("faceSlot needs type block with a target that has per-face textures");
        name = faceTexture(f.target, f.faceSlot);
        if (!name)
          throw bad(
            hasFaces(f.target)
              ? `'${f.target}' has no ${f.faceSlot} face texture`
              : `'${f.target}' has no per-face textures`,
          );
      }
      if (!name && !label()) throw bad(`a custom ${f.type} (no target) needs name`);
      const base = name ?? nameFrom(label()!, f.type);
      return {
        kind: "texture",
        type: f.faceSlot ? "block_face" : f.type,
        name: f.type === "item" ? `item:${base}` : base,
        reskin: !!name,
        target: f.target ?? null,
        meta: { size: out.width, faceSlot: f.faceSlot ?? null, texture: name },
        bytes: encodePng(out),
      };
    }
    case "icon": {
      if (!label()) throw bad("an icon needs name");
      const { height } = icon!;
      const out = img; // already at the icon's height
      return {
        kind: "font",
        type: "icon",
        name: nameFrom(label()!, "icon"),
        reskin: false,
        target: null,
        meta: { char: f.char ?? null, height },
        bytes: encodePng(out),
      };
    }
    case "gui":
      if (w !== 256 || h !== 256) throw bad(`a gui sheet must be 256x256 (got ${w}x${h})`);
      if (!f.target || !isContainerScreen(f.target))
        throw bad(
          `gui needs target, a vanilla container screen such as generic_54 or furnace${f.target ? ` (got '${f.target}'${didYouMean(f.target, vanillaNames("gui-container"))})` : ""}`,
        );
      return {
        kind: "texture",
        type: "gui",
        name: `gui:${f.target}`,
        reskin: true,
        target: f.target,
        meta: {},
        bytes: encodePng(img),
      };
    case "hud": {
      const scale = hudScale(img);
      if (!scale)
        throw bad(
          `a hud sheet must be ${HUD_SHEET.width}x${HUD_SHEET.height} (or a whole multiple, for HD packs) in Packsmith's HUD layout; got ${w}x${h}`,
        );
      return {
        kind: "texture",
        type: "hud",
        name: `hud:${nameFrom(label() ?? "hud", "hud")}`,
        reskin: false,
        target: null,
        meta: { scale },
        bytes: encodePng(img),
      };
    }
    case "armor": {
      if (w !== 64 || h !== 32) throw bad(`an armor sheet must be 64x32 (got ${w}x${h})`);
      if (!f.target || !isArmorMaterial(f.target))
        throw bad(
          `armor needs target, a vanilla armour set (chainmail, diamond, gold, iron, leather, netherite, turtle)${f.target ? `; got '${f.target}'` : ""}`,
        );
      const layer = f.layer ?? 1;
      return {
        kind: "texture",
        type: "armor",
        name: `armor:${f.target}_layer_${layer}`,
        reskin: true,
        target: f.target,
        meta: { layer },
        bytes: encodePng(img),
      };
    }
    default:
      throw bad(`type ${f.type} is not an image type`);
  }
}

/** An icon's size: the height asked for (or its own up to 32, else 16) and the width that keeps its shape. */
function iconSize(f: UploadFields, w: number, h: number): { width: number; height: number } {
  const height = f.height ?? (h <= 32 ? h : 16);
  const width = Math.max(1, Math.round((w * height) / h));
  // A wide strip scaled up would otherwise allocate without bound (1024x1 at height 256 is 262144 wide).
  if (width > DEFAULT_PNG_LIMITS.maxEdge)
    throw bad(`this icon would be ${width} px wide at height ${height}; the most is ${DEFAULT_PNG_LIMITS.maxEdge}`);
  return { width, height };
}

const unusable = (e: unknown): never => {
  if (e instanceof PngError) throw bad(`the file is not a usable PNG: ${e.message}`);
  throw e;
};

function header(bytes: Uint8Array): { width: number; height: number } {
  try {
    return pngInfo(bytes);
  } catch (e) {
    return unusable(e);
  }
}

/** The whole picture, or straight at `size` (nearest neighbour) when it is to be resampled. */
function decode(bytes: Uint8Array, size: { width: number; height: number } | null): Rgba {
  try {
    return size ? decodePngScaled(bytes, size.width, size.height) : decodePng(bytes);
  } catch (e) {
    return unusable(e);
  }
}
