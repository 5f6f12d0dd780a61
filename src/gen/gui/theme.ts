/**
 * Turns the prompt's material (art/material.ts) into the handful of colours a vanilla-style GUI
 * uses. The game writes container labels in fixed dark grey (#404040), so the panel body is lifted
 * to a light tone of the material whatever it is; the material shows in the hue, the frame, the
 * slot tint and the grain.
 */
import type { StyleHint } from "../types";
import { textureRgba } from "../texture";
import { type Rgb, hslToRgb, luminance, mix, rgbToHsl } from "../art/colour";
import { materialFromPrompt, readWords, type Material } from "../art/material";
import { shiftPalette } from "../art/flavour-paint.ts";
import { flavoursOf } from "../interpret/flavour.ts";
import { readGuiWords, SCREEN_WORDS } from "./words";
import { readOrnaments } from "./ornaments";
import { readWidgetWords } from "./widget-words";
import { VANILLA_COLOURS, vanillaWord } from "./vanilla";

export interface GuiTheme {
  outline: Rgb;
  light: Rgb;
  shadow: Rgb;
  body: Rgb;
  slotDark: Rgb;
  slotLight: Rgb;
  slotBody: Rgb;
  /** Recessed areas that carry light text (beacon headings) or buttons (enchanting rows). */
  insetBody: Rgb;
  /** The material's own ramp, dark to light, for accents (fills, icons, HUD art). */
  ramp: Rgb[];
  /** The second material or colour the prompt names ("deepslate and gold", "oak with brass trim"), if any. */
  trim: Rgb[] | null;
  /** How far grain moves the body colour, in 0..255 units. */
  grainStrength: number;
  material: Material;
  /** Widget sprites in a colour of their own ("a blue flame", "soul fire"): gui/widget-words.ts. */
  widgets?: Partial<Record<import("./widget-words").Widget, Rgb>>;
  /** The HUD's form (gui/form.ts: rounded, bold, flat, see-through); GUI sheets read theirs in gui.ts. */
  form?: import("./form").ScreenForm;
  /** HUD parts drawn in every hue ("a rainbow experience bar"): hud/parts.ts. */
  rainbow?: ReadonlySet<string>;
  /** HUD parts with a colour of their own ("purple hearts"): hud/parts.ts. */
  parts?: Partial<Record<import("../hud/parts").HudPart, Rgb>>;
}

const LABEL_GREY: Rgb = [0x40, 0x40, 0x40];

/** `target`: the container screen (its widgets take their own colours); none for the HUD. */
export function guiTheme(prompt: string, seed: number, style?: StyleHint | null, target = ""): GuiTheme {
  const words = readGuiWords(prompt, target);
  const trim = words.frame ? materialFromPrompt(words.frame.word, seed, style, "").palette : null;
  // "dark oak with purple accents", "stone with blue slots": those colours are the frame's and the slots', not
  // the panel's (unless they are all the prompt says).
  // The screen's own words (panel, background, slots) name pieces, not the panel's surface.
  let own = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => !SCREEN_WORDS.has(w))
    .join(" ");
  // And the colours of ornaments ("golden ornaments", gui/ornaments.ts): theirs, not the panel's.
  const ornamentColours = [...readOrnaments(prompt).map((o) => o.colour), ...readWidgetWords(prompt, target).taken];
  for (const w of [words.frame?.named ? words.frame.raw : null, words.slots?.raw, ...ornamentColours])
    if (w) own = own.replace(new RegExp(`\\b${w}\\b`, "g"), " ");
  const ownSays = readWords(own);
  const panelWords = ownSays.substance || ownSays.wood || ownSays.mineral || ownSays.colour ? own : prompt;
  const said = readWords(panelWords);
  const material = materialFromPrompt(
    said.wood && !said.structure ? `${panelWords} planks` : panelWords,
    seed,
    style,
    "",
  );
  // The prompt's flavours shift the theme's colours ("old oak": faded, "burnt": charred); art/flavours.ts.
  const ramp = shiftPalette(material.palette, flavoursOf(prompt));
  const mid = ramp[Math.floor(ramp.length / 2)];
  const [h, s0, l0] = rgbToHsl(mid);
  const s = Math.min(s0, 0.5);
  const at = (l: number, sat = s) => hslToRgb(h, sat, l);
  // A body light enough for the game's dark label text, keeping dark materials as dark as allowed.
  let bodyL = Math.max(0.5, Math.min(0.76, l0 + 0.22));
  let body = at(bodyL);
  while (luminance(body) - luminance(LABEL_GREY) < 88 && bodyL < 0.92) body = at((bodyL += 0.02));
  const darkest = ramp[0];
  const lightest = ramp[ramp.length - 1];
  const trimLight = trim ? trim[trim.length - 1] : null;
  // Slots in a colour of their own ("blue slots"): a recess of that colour, its rims dark and light.
  const slotRamp = words.slots ? materialFromPrompt(words.slots.word, seed, style, "").palette : null;
  const trimShadow = trim ? trim[Math.max(0, (trim.length >> 1) - 1)] : null;
  // "a vanilla-style hotbar": the game's own greys (gui/vanilla.ts); the slots' and frame's words never apply there.
  const vanilla = vanillaWord(prompt) ? VANILLA_COLOURS : {};
  return {
    outline: mix(darkest, [0, 0, 0], 0.6),
    light: trimLight ?? mix(mix(lightest, at(Math.min(0.95, bodyL + 0.18)), 0.5), [255, 255, 255], 0.3),
    shadow: trimShadow ?? mix(at(bodyL * 0.5), ramp[1] ?? darkest, 0.5),
    body,
    ...(slotRamp
      ? {
          slotDark: mix(slotRamp[0], [0, 0, 0], 0.45),
          slotLight: mix(slotRamp[slotRamp.length - 1], [255, 255, 255], 0.45),
          slotBody: slotRamp[slotRamp.length >> 1],
        }
      : {
          slotDark: mix(at(bodyL * 0.3, s * 0.8), darkest, 0.3),
          slotLight: mix(at(0.96, s * 0.4), [255, 255, 255], 0.5),
          slotBody: at(bodyL * 0.72, s * 0.8),
        }),
    insetBody: mix(at(bodyL * 0.42, s * 0.9), ramp[1] ?? darkest, 0.3),
    ramp,
    trim,
    widgets: readWidgetWords(prompt, target, seed).colours,
    grainStrength: grainFor(material),
    material,
    ...vanilla,
  };
}

/** Rough materials (planks, stone, bricks) show more grain than polished ones. */
function grainFor(m: Material): number {
  switch (m.structure) {
    case "panel":
    case "glass":
    case "crystal":
    case "wool":
      return 8;
    case "planks":
    case "bark":
    case "bricks":
    case "cobble":
    case "netherrack":
      return 22;
    default:
      return 15;
  }
}

/**
 * A grain field (0..1 per pixel) over a w*h area: the luminance of the prompt's own block texture
 * (gen/texture.ts), tiled, so plank seams, brick courses or stone mottling show faintly in the panel.
 */
export function grainField(
  prompt: string,
  _theme: GuiTheme,
  w: number,
  h: number,
  seed: number,
  style?: StyleHint | null,
): Float32Array {
  const tile = textureRgba({ prompt, seed, style, size: GRAIN_TILE, mode: "custom", description: prompt });
  const lum = new Float32Array(GRAIN_TILE * GRAIN_TILE);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < lum.length; i++) {
    const v = luminance(tile.data.subarray(i * 4, i * 4 + 3));
    lum[i] = v;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const span = hi - lo || 1;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) out[y * w + x] = (lum[(y % GRAIN_TILE) * GRAIN_TILE + (x % GRAIN_TILE)] - lo) / span;
  return out;
}

/** Tile size: 32 px draws the material at twice vanilla block scale, calmer behind slots. */
const GRAIN_TILE = 32;
