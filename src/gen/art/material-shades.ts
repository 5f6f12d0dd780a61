/**
 * Shade arithmetic of material palettes (art/material.ts paletteFor): rims, contrasts, a colour word's tint on a
 * material, the modifier words (dark, pale, rusty, oxidized…) and a hashed colour for words nothing names.
 */
import type { Modifier } from "./vocabulary";
import { hashSeed } from "../rng";
import { type Rgb, hslToRgb, rgbToHsl } from "./colour";

/** A darker shade of `c`, for a rim. */
export function shadeDown(c: Rgb): Rgb {
  const [h, s, l] = rgbToHsl(c);
  return hslToRgb(h, s, l * 0.55);
}

/** A colour that stands apart from `c`: near-black on light colours, near-white on dark ones. */
export function contrastOf(c: Rgb): Rgb {
  const [, , l] = rgbToHsl(c);
  return l > 0.5 ? [38, 36, 40] : [232, 230, 222];
}

/** Dyeable materials take the colour word's hue outright; others are only tinted toward it. */
export function tint(base: Rgb, colour: Rgb, replace: boolean): Rgb {
  const [hb, sb, lb] = rgbToHsl(base);
  const [hc, sc, lc] = rgbToHsl(colour);
  if (replace) return hslToRgb(hc, sc, lb > 0.8 && lc < 0.7 ? lc : (lc + lb) / 2);
  // White, black and grey have no hue to lend: they move the lightness ("white stone", "black iron"); black all
  // but the way, so "black marble" reads black, not grey.
  if (sc < 0.15) return hslToRgb(hb, sb * 0.5, lb + (lc - lb) * (lc < 0.15 ? 0.85 : 0.7));
  // A near-white stone takes a colour's depth as well as its hue ("green marble", "pink quartz"): at its own
  // lightness it would be a pastel the eye reads as white.
  return hslToRgb(sb < 0.08 ? hc : mixHue(hb, hc, 0.6), Math.max(sb, sc * 0.6), lb > 0.8 ? (lb + lc) / 2 : lb);
}

function mixHue(a: number, b: number, t: number): number {
  let d = b - a;
  if (d > 0.5) d -= 1;
  if (d < -0.5) d += 1;
  return a + d * t;
}

/** `copper`: the surface is copper, which weathering greens (weathered oak only fades). */
export function applyModifiers(c: Rgb, mods: Modifier[], copper = false): Rgb {
  let [h, s, l] = rgbToHsl(c);
  if (mods.includes("dark")) l *= 0.7;
  if (mods.includes("light")) l = l + (1 - l) * 0.3;
  if (mods.includes("pale")) {
    l = l + (1 - l) * 0.3;
    s *= 0.6;
  }
  if (mods.includes("weathered")) s *= 0.6;
  // Rust turns any metal orange-brown; copper greens through exposed and weathered to oxidized teal.
  const toward = (hue: number, t: number, sat: number) => {
    h = mixHue(h, hue, t);
    s = Math.max(s, sat);
  };
  // Rust is a dark orange-brown: a light metal (iron, steel) rusts darker, not pink, and a grey's faint hue (steel's
  // blue) lends none (mixed round the wheel it would turn magenta).
  if (mods.includes("rusty")) {
    if (s < 0.2) h = 18 / 360;
    toward(18 / 360, 0.75, 0.5);
    l = Math.min(l, 0.5);
  }
  if (mods.includes("exposed")) toward(160 / 360, 0.35, 0.25);
  if (mods.includes("weathered") && copper && isCopperish(h)) toward(165 / 360, 0.6, 0.3);
  if (mods.includes("oxidized")) toward(168 / 360, 0.9, 0.35);
  // Glowing veins carry the light; a glowing surface without veins is lit as a whole.
  if (mods.includes("glowing") && !mods.includes("veined")) l = l + (1 - l) * 0.2;
  return hslToRgb(h, s, l);
}

/** Copper's orange (a hue near 15-30 degrees) is what weathering turns green. */
const isCopperish = (h: number) => h > 10 / 360 && h < 40 / 360;

/** Unknown words still get a colour of their own, so different prompts look different. */
export function hashedColour(text: string): Rgb {
  const h = hashSeed("hue", text);
  return hslToRgb((h % 360) / 360, 0.32 + ((h >>> 9) % 20) / 100, 0.42 + ((h >>> 17) % 16) / 100);
}
