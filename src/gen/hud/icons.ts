/**
 * The 9x9 status icons: hearts, drumsticks, chestplates and air bubbles. Each is a small hand-drawn
 * mask (outline, highlight, fill, shade keys) recoloured per state and nudged toward the prompt's
 * material, so the HUD matches the theme while a poisoned heart still reads as poisoned.
 */
import type { Rgba } from "../../media/png";
import { type Rgb, mix } from "../art/colour";
import { setPx, stamp } from "../gui/raster";
import type { GuiTheme } from "../gui/theme";

// o outline, h highlight, f fill, d shade.
const HEART = [
  ".oo...oo.",
  "ohfo.ohfo",
  "ohffoffdo",
  "offffffdo",
  ".offffdo.",
  "..offdo..",
  "...odo...",
  "....o....",
  ".........",
];
// b bone, w bone highlight.
const DRUMSTICK = [
  "....oooo.",
  "...ohhffo",
  "..ohfffdo",
  "..offffdo",
  "..offfddo",
  ".obodddo.",
  "obwo.oo..",
  "owbo.....",
  ".oo......",
];
const CHESTPLATE = [
  ".ooo.ooo.",
  "ohhfofffo",
  "ohffffddo",
  ".ohfffdo.",
  ".ohfffdo.",
  ".offffdo.",
  ".offfddo.",
  ".ooooooo.",
  ".........",
];
const BUBBLE = [
  "..ooooo..",
  ".offfffo.",
  "ofhhfffdo",
  "ofhffffdo",
  "offffffdo",
  "offfffddo",
  "ofdddddo.",
  ".offfffo.",
  "..ooooo..",
];
const BUBBLE_BURST = [
  "..o...o..",
  ".o.....o.",
  "o.......o",
  "...h.....",
  ".........",
  ".........",
  "o.......o",
  ".o.....o.",
  "..o...o..",
];

interface Tones {
  o: Rgb;
  h: Rgb;
  f: Rgb;
  d: Rgb;
}

function tones(fill: Rgb, theme: GuiTheme, pull: number, outline: Rgb = [0, 0, 0]): Tones {
  const accent = theme.ramp[Math.floor(theme.ramp.length / 2)];
  const f = mix(fill, accent, pull);
  // A frame colour said of the HUD (hud/parts.ts: "a silver outline") is the icons' outline outright.
  const o = theme.parts?.frame ?? mix(outline, theme.outline, 0.3);
  return { o, h: mix(f, [255, 255, 255], 0.55), f, d: mix(f, [0, 0, 0], 0.35) };
}

/** Keeps only the left half (x <= 4) of a mask: the game's "half" icons. */
const leftHalf = (rows: string[]) => rows.map((row) => row.slice(0, 5) + ".".repeat(row.length - 5));

const HEART_FILL: Record<string, Rgb> = {
  "": [0xe8, 0x1c, 0x1c],
  poisoned: [0x8c, 0xa8, 0x14],
  withered: [0x2e, 0x2a, 0x2a],
  absorbing: [0xf0, 0xc0, 0x18],
  frozen: [0x7c, 0xc8, 0xf4],
  vehicle: [0xe8, 0x86, 0x1c],
};

/**
 * `heart/<state>[_hardcore][_full|_half][_blinking]`, `heart/container*`, `heart/vehicle_*`. Blinking
 * hearts flash: a white outline. Hardcore hearts carry two light "eyes" on the lobes, as vanilla's do.
 */
export function paintHeart(img: Rgba, id: string, x: number, y: number, t: GuiTheme): void {
  const name = id.slice("heart/".length);
  const blinking = name.endsWith("_blinking");
  const hardcore = name.includes("hardcore");
  const white: Rgb = [255, 255, 255];
  if (name.startsWith("container") || name === "vehicle_container") {
    const c = tones(mix([0x30, 0x30, 0x30], t.outline, 0.4), t, 0);
    stamp(img, x, y, HEART, { o: blinking ? white : c.o, h: c.f, f: c.f, d: c.d });
    return;
  }
  const state = name.replace(/_?(hardcore|full|half|blinking)/g, "").replace(/_$/, "");
  const fill = (state === "" ? t.parts?.hearts : undefined) ?? HEART_FILL[state] ?? HEART_FILL[""];
  const named = state === "" && !!t.parts?.hearts;
  const c = tones(fill, t, named ? 0 : state === "" || state === "vehicle" ? 0.2 : 0.1);
  const rows = name.includes("half") ? leftHalf(HEART) : HEART;
  stamp(img, x, y, rows, { o: blinking ? white : c.o, h: blinking ? white : c.h, f: c.f, d: c.d });
  if (hardcore) {
    setPx(img, x + 2, y + 3, mix(c.h, white, 0.5));
    if (!name.includes("half")) setPx(img, x + 6, y + 3, mix(c.h, white, 0.5));
    setPx(img, x + 1, y, c.o);
    if (!name.includes("half")) setPx(img, x + 7, y, c.o);
  }
}

export function paintFood(img: Rgba, id: string, x: number, y: number, t: GuiTheme): void {
  const hunger = id.endsWith("_hunger");
  const meat: Rgb = hunger ? [0x70, 0x8c, 0x28] : (t.parts?.food ?? [0xb8, 0x6a, 0x30]);
  const bone: Rgb = hunger ? [0xb0, 0xc0, 0x90] : [0xe8, 0xe0, 0xd0];
  if (id.startsWith("food_empty")) {
    const o = hunger ? mix([0x30, 0x40, 0x10], t.outline, 0.3) : mix([0x20, 0x20, 0x20], t.outline, 0.3);
    const inner = hunger ? mix(meat, [0, 0, 0], 0.6) : mix(t.slotDark, [0x30, 0x30, 0x30], 0.5);
    stamp(img, x, y, DRUMSTICK, { o, h: inner, f: inner, d: inner, b: inner, w: inner });
    return;
  }
  const c = tones(meat, t, 0.15);
  const rows = id.includes("half") ? leftHalf(DRUMSTICK) : DRUMSTICK;
  stamp(img, x, y, rows, { ...c, b: bone, w: [255, 255, 255] });
}

export function paintArmor(img: Rgba, id: string, x: number, y: number, t: GuiTheme): void {
  // Armour takes the material outright (a gold prompt gets gold plates); empty is a dim outline.
  const plate = t.parts?.armor ?? t.ramp[Math.max(0, t.ramp.length - 2)];
  const rim = t.parts?.frame ?? mix([0x10, 0x10, 0x10], t.outline, 0.4);
  const full = {
    o: rim,
    h: mix(plate, [255, 255, 255], 0.5),
    f: plate,
    d: mix(plate, [0, 0, 0], 0.35),
  };
  const emptyTone = mix(t.slotDark, [0x40, 0x40, 0x40], 0.4);
  const empty = { o: rim, h: emptyTone, f: emptyTone, d: emptyTone };
  if (id === "armor_empty") return stamp(img, x, y, CHESTPLATE, empty);
  if (id === "armor_full") return stamp(img, x, y, CHESTPLATE, full);
  stamp(img, x, y, CHESTPLATE, empty);
  stamp(img, x, y, leftHalf(CHESTPLATE), full);
}

export function paintAir(img: Rgba, id: string, x: number, y: number, t: GuiTheme): void {
  const water = tones(t.parts?.air ?? [0x40, 0x90, 0xf0], t, 0.15, [0x10, 0x28, 0x60]);
  if (id === "air")
    return stamp(img, x, y, BUBBLE, {
      o: water.o,
      h: [255, 255, 255],
      f: mix(water.f, [255, 255, 255], 0.3),
      d: water.f,
    });
  if (id === "air_bursting") return stamp(img, x, y, BUBBLE_BURST, { o: water.f, h: [255, 255, 255] });
  // air_empty: the dim ring left where a bubble was.
  stamp(img, x, y, BUBBLE, { o: mix(water.o, [0x60, 0x60, 0x60], 0.5) });
}
