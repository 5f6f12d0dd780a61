/**
 * Font icons for chat: a glyph chosen from the icon's name/prompt, coloured by the prompt's material
 * or the glyph's own colour, drawn at its native 7-9 px height or scaled (Scale2x, never blurred) to
 * the requested height. Width follows the glyph's shape.
 */
import type { IconRequest } from "./types";
import { hashSeed, rngFrom } from "./rng";
import { encodePng, type Rgba } from "../media/png";
import { materialFromPrompt, readWords } from "./art/material";
import { hexToRgb, mix, ramp } from "./art/colour";
import { GLYPHS, glyphFor } from "./art/glyphs";
import { gridFromMask, renderLabels, resizeLabels } from "./art/sprite";

export const MAX_ICON_HEIGHT = 32;

export function iconRgba(req: IconRequest): Rgba {
  const key = glyphFor(req.name, req.prompt);
  const glyph = GLYPHS[key];
  const native = gridFromMask(glyph.mask);
  const height = req.height ? Math.max(1, Math.min(MAX_ICON_HEIGHT, Math.round(req.height))) : native.h;
  const width = Math.max(1, Math.round((native.w * height) / native.h));
  const r = readWords(req.prompt);
  const named = r.substance || r.wood || r.mineral || r.colour;
  const base = named ? materialFromPrompt(req.prompt, req.seed, req.style).palette[2] : hexToRgb(glyph.colour)!;
  const main = ramp(base, 5, 0.5);
  const accent = ramp(hexToRgb(glyph.accent)!, 3, 0.2);
  const regions = {
    M: { ramp: main, group: "M" },
    T: { ramp: main, tone: 1, group: "M" },
    D: { ramp: main, tone: -1, group: "M" },
    W: { ramp: [mix(main[4], [255, 255, 255], 0.6)], glint: true, group: "M" },
    A: { ramp: accent, group: "A" },
  };
  const rng = rngFrom(hashSeed("icon", req.seed, req.name, req.prompt, req.char ?? "", height));
  return renderLabels(resizeLabels(native, width, height), regions, height / native.h, rng);
}

export function generateIcon(req: IconRequest): Uint8Array {
  return encodePng(iconRgba(req));
}
