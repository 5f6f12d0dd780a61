/**
 * Font icons for chat: a glyph chosen from the icon's name/prompt, coloured by the prompt's material
 * or the glyph's own colour, drawn at its native 7-9 px height or scaled (Scale2x, never blurred) to
 * the requested height. Width follows the glyph's shape.
 */
import type { IconRequest } from "./types";
import { hashSeed, rngFrom } from "./rng";
import { encodePng, type Rgba } from "../media/png";
import { materialFromPrompt, readWords } from "./art/material";
import { hexToRgb, mix, ramp, type Rgb, rgbToHsl } from "./art/colour";
import { colourHex } from "./art/colour-names.ts";
import { GLYPHS, glyphFor } from "./art/glyphs";
import { gridFromMask, renderLabels, resizeLabels } from "./art/sprite";
import { flavouredSketchSprite } from "./sketch-flavours.ts";
import { iconItem, iconItemHeight, itemSpriteAt } from "./item.ts";
import { finishItem } from "./item-finish.ts";
import { crop } from "../media/image.ts";
import { flavourSprite } from "./art/flavour-paint.ts";
import { shapeGrid } from "./art/flavour-shape.ts";
import { flavoursToPaint } from "./interpret/flavour.ts";
import { interpret } from "./interpret/read.ts";
import { iconAccent, iconOutline, recolourOutline } from "./icon-accent.ts";

export const MAX_ICON_HEIGHT = 32;

export function iconRgba(req: IconRequest): Rgba {
  if (req.sketch) {
    const h = Math.max(1, Math.min(MAX_ICON_HEIGHT, Math.round(req.height ?? req.sketch.grid.length)));
    const w = Math.max(1, Math.round((req.sketch.grid[0].length * h) / req.sketch.grid.length));
    const side = Math.max(w, h);
    const rng = rngFrom(hashSeed("icon-sketch", req.seed, h));
    return cropToWidth(flavouredSketchSprite("icon", { ...req, sketch: req.sketch }, side, side, rng), w, h);
  }
  const key = glyphFor(req.name, req.prompt);
  const glyph = GLYPHS[key];
  if (!glyph) {
    // An item family (glyphs.ts): the item itself at the icon's height, square, from the prompt or the name.
    const h = iconItemHeight(req);
    const item = iconItem(req);
    // Finished as the item is: its portion or quantity ("a slice of cake"), pattern, emblem, several copies
    // (item-finish.ts, item-portions.ts).
    return finishItem(itemSpriteAt(item, h, h), item, itemSpriteAt);
  }
  const native = gridFromMask(glyph.mask);
  const height = req.height ? Math.max(1, Math.min(MAX_ICON_HEIGHT, Math.round(req.height))) : native.h;
  const width = Math.max(1, Math.round((native.w * height) / native.h));
  // The words the accent and the outline take ("with rubies", "a golden outline") are theirs, not the glyph's.
  const said = iconAccent(key, req.prompt, req.seed);
  const rim = iconOutline(req.prompt, req.seed);
  const taken = new Set([...(said?.words ?? []), ...(rim?.words ?? [])]);
  const body = req.prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w && !taken.has(w))
    .join(" ");
  const r = readWords(body);
  const named = r.substance || r.wood || r.mineral || r.colour;
  const own = hexToRgb(glyph.colour)!;
  // A colour word alone that the glyph already wears ("green check") keeps the glyph's own, brighter shade:
  // the dye colours are muted (the game's green is olive) and would read as another colour at icon size.
  const wearsIt =
    !(r.substance || r.wood || r.mineral) &&
    r.colour &&
    sameHue(own, hexToRgb(r.shades.get(r.colour) ?? colourHex(r.colour)!)!);
  const base = named && !wearsIt ? materialFromPrompt(body, req.seed, req.style).palette[2] : own;
  const main = ramp(base, 5, 0.5);
  // A second colour named ("red and white mushroom") is the glyph's accent, as are the accent's own words ("a
  // crown with rubies", "a skull with glowing eyes": icon-accent.ts).
  const accent = ramp(said?.rgb ?? hexToRgb(r.colour2 ? colourHex(r.colour2)! : glyph.accent)!, 3, 0.2);
  const regions = {
    M: { ramp: main, group: "M" },
    T: { ramp: main, tone: 1, group: "M" },
    D: { ramp: main, tone: -1, group: "M" },
    W: { ramp: [mix(main[4], [255, 255, 255], 0.6)], glint: true, group: "M" },
    A: { ramp: accent, group: "A" },
  };
  const rng = rngFrom(hashSeed("icon", req.seed, req.name, req.prompt, req.char ?? "", height));
  const flavours = flavoursToPaint(interpret("icon", req.prompt, req.spec, { name: req.name }));
  const img = renderLabels(resizeLabels(shapeGrid(native, flavours), width, height), regions, height / native.h, rng);
  const out = flavourSprite(img, flavours, rngFrom(hashSeed("flavour", req.seed, req.name, req.prompt)));
  // "a heart with a golden outline": the glyph's rim in that colour (icon-accent.ts).
  if (rim) recolourOutline(out, rim.rgb);
  return out;
}

/** The sketch is drawn centred in a square; a glyph is as wide as its drawing, so the square is cut to it. */
function cropToWidth(img: Rgba, w: number, h: number): Rgba {
  return crop(img, (img.width - w) >> 1, (img.height - h) >> 1, w, h);
}

/** Within 30 degrees of hue, both saturated: the same colour to a person at a glance (red is no gold). */
function sameHue(a: Rgb, b: Rgb): boolean {
  const [ha, sa, la] = rgbToHsl(a);
  const [hb, sb, lb] = rgbToHsl(b);
  const d = Math.abs(ha - hb) * 360;
  // A near-white (ivory, cream) is no tint of the glyph's colour, however its HSL hue reads.
  return sa > 0.25 && sb > 0.25 && la < 0.85 && lb < 0.85 && Math.min(d, 360 - d) <= 30;
}

export function generateIcon(req: IconRequest): Uint8Array {
  return encodePng(iconRgba(req));
}
