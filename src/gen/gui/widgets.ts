/**
 * The small pictures on container sheets: the empty (background) and full (sprite) halves of
 * progress widgets, buttons and marks. An empty widget and its full sprite share one mask, because
 * the game draws the sprite over the background pixel for pixel as progress grows.
 */
import type { Rgba } from "../../media/png";
import { type Rgb, mix } from "../art/colour";
import { fill, hline, setPx, vline, type Rect } from "./raster";
import { arrowMask, maskFrom, onEdge, paintMask, raised, recess } from "./paint";
import type { DecorSpec, SpriteArt } from "./layouts";
import type { GuiTheme } from "./theme";

const FLAME = maskFrom([
  "......#.......",
  ".....##.......",
  ".....###......",
  "....####...#..",
  "....#####..#..",
  "...######.##..",
  "..##########..",
  "..###########.",
  ".############.",
  ".############.",
  ".############.",
  "..##########..",
  "...########...",
  "....######....",
]);

const FIRE: Rgb[] = [
  [0xb8, 0x2a, 0x0c],
  [0xf0, 0x6a, 0x10],
  [0xff, 0xb8, 0x1c],
  [0xff, 0xf0, 0x80],
];
const RED: Rgb = [0xd8, 0x24, 0x24];
const GREEN: Rgb = [0x38, 0xc0, 0x38];

/** Distance (in rings) of a mask cell from the mask's edge, capped: 0 on the edge. */
function depth(mask: Uint8Array, w: number, h: number, x: number, y: number, cap: number): number {
  for (let d = 0; d < cap; d++) {
    for (let j = -d; j <= d; j++)
      for (let i = -d; i <= d; i++) {
        const xx = x + i;
        const yy = y + j;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h || !mask[yy * w + xx]) return d;
      }
  }
  return cap;
}

export function paintSprite(img: Rgba, art: SpriteArt, r: Rect, t: GuiTheme): void {
  const top = t.ramp[t.ramp.length - 1];
  switch (art) {
    case "flame": {
      // A flame said in a colour ("blue flame", "soul fire": gui/widget-words.ts) burns in that colour's ramp.
      const own = t.widgets?.flame;
      const fire: Rgb[] = own
        ? [mix(own, [0, 0, 0], 0.45), own, mix(own, [255, 255, 255], 0.35), mix(own, [255, 255, 255], 0.7)]
        : FIRE;
      return paintMask(
        img,
        r.x,
        r.y,
        FLAME.w,
        FLAME.h,
        FLAME.mask,
        (x, y) => fire[Math.min(3, depth(FLAME.mask, FLAME.w, FLAME.h, x, y, 4))],
      );
    }
    case "burn_arrow": {
      const m = arrowMask(r.w, r.h);
      const own = t.widgets?.arrow;
      return paintMask(img, r.x, r.y, r.w, r.h, m, (x, y) =>
        onEdge(m, r.w, r.h, x, y)
          ? own
            ? mix(own, [0, 0, 0], 0.35)
            : mix(t.light, top, 0.3)
          : (own ?? mix([255, 255, 255], top, 0.15)),
      );
    }
    case "brew_arrow": {
      const m = downArrowMask(r.w, r.h);
      return paintMask(img, r.x, r.y, r.w, r.h, m, () => t.widgets?.arrow ?? mix([255, 255, 255], top, 0.2));
    }
    case "bubbles":
      for (const [cx, cy, rad] of [
        [3, 24, 2],
        [8, 17, 2.5],
        [4, 10, 2],
        [7, 3, 1.5],
        [9, 26, 1.5],
      ] as const)
        for (let y = 0; y < r.h; y++)
          for (let x = 0; x < r.w; x++) {
            const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
            if (d <= rad + 0.3)
              setPx(
                img,
                r.x + x,
                r.y + y,
                d > rad - 0.9
                  ? mix([255, 255, 255], t.widgets?.bubbles ?? top, 0.3)
                  : (t.widgets?.bubbles ?? mix(top, [120, 200, 255], 0.4)),
              );
          }
      return;
    case "fuel_bar": {
      // Blaze orange, or the fuel's colour said ("blue fuel": gui/widget-words.ts).
      const own = t.widgets?.flame;
      fill(img, r, own ?? [0xe0, 0x8a, 0x1a]);
      hline(img, r.x, r.y, r.w, own ? mix(own, [255, 255, 255], 0.4) : [0xff, 0xd0, 0x50]);
      hline(img, r.x, r.y + r.h - 1, r.w, own ? mix(own, [0, 0, 0], 0.35) : [0xa0, 0x50, 0x10]);
      return;
    }
    case "text_field":
      return recess(img, r, t.slotDark, t.slotLight, mix(t.outline, t.slotDark, 0.5));
    case "text_field_disabled":
      return recess(img, r, t.slotDark, t.slotLight, t.slotBody);
    case "error":
      return cross(img, r, RED, 3);
    case "confirm":
      return check(img, r, GREEN);
    case "cancel":
      return cross(img, { x: r.x + 3, y: r.y + 3, w: 12, h: 12 }, RED, 2);
    case "enchant_slot":
      // Buttons said in a colour ("purple buttons") take it on their face.
      return raised(img, r, t.outline, t.light, t.shadow, t.widgets?.buttons ?? mix(t.body, top, 0.25));
    case "enchant_slot_disabled":
      return raised(img, r, t.outline, t.slotBody, mix(t.slotBody, t.outline, 0.4), mix(t.slotBody, t.outline, 0.2));
    case "enchant_slot_highlighted":
      return raised(img, r, t.outline, [255, 255, 255], t.shadow, mix(t.light, top, 0.3));
    case "beacon_button":
      return raised(img, r, t.outline, t.light, t.shadow, t.widgets?.buttons ?? t.body);
    case "beacon_button_selected":
      return raised(img, r, t.outline, t.shadow, t.light, mix(t.body, t.shadow, 0.4));
    case "beacon_button_disabled":
      return raised(img, r, t.outline, t.slotBody, mix(t.slotBody, t.outline, 0.5), mix(t.slotBody, t.outline, 0.25));
    case "beacon_button_highlighted":
      return raised(img, r, [255, 255, 255], t.light, t.shadow, mix(t.body, [255, 255, 255], 0.3));
    default:
      return levelIcon(img, art, r, t);
  }
}

/** The brewing arrow: a 3-px shaft down to a head as wide as the box in its last rows. */
function downArrowMask(w: number, h: number): Uint8Array {
  const m = new Uint8Array(w * h);
  const head = Math.ceil(w / 2) + 1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const dx = Math.abs(x + 0.5 - w / 2);
      m[y * w + x] = (y < h - head ? dx < 1.6 : dx < (h - y) * (w / 2 / head) + 0.01) ? 1 : 0;
    }
  return m;
}

/** Enchanting level icons: a rune tablet with one to three pips; disabled ones are greyed. */
function levelIcon(img: Rgba, art: SpriteArt, r: Rect, t: GuiTheme): void {
  const n = Number(art.slice(6, 7));
  const off = art.endsWith("disabled");
  const glow: Rgb = off ? [0x70, 0x70, 0x70] : [0x80, 0xff, 0x20];
  recess(
    img,
    { x: r.x + 1, y: r.y + 1, w: 14, h: 14 },
    off ? t.slotDark : mix(glow, [0, 0, 0], 0.6),
    off ? t.slotBody : glow,
    off ? t.slotDark : mix(glow, [0, 0, 0], 0.8),
  );
  for (let i = 0; i < n; i++) {
    const cx = r.x + 8 - (n - 1) * 2 + i * 4;
    fill(img, { x: cx - 1, y: r.y + 6, w: 2, h: 4 }, glow);
  }
}

function cross(img: Rgba, r: Rect, c: Rgb, thick: number): void {
  for (let y = 0; y < r.h; y++)
    for (let x = 0; x < r.w; x++) {
      const u = (x + 0.5) / r.w;
      const v = (y + 0.5) / r.h;
      const d = Math.min(Math.abs(u - v), Math.abs(u + v - 1)) * Math.min(r.w, r.h);
      if (d < thick / 2 + 0.2) setPx(img, r.x + x, r.y + y, d < thick / 2 - 0.6 ? c : mix(c, [0, 0, 0], 0.4));
    }
}

function check(img: Rgba, r: Rect, c: Rgb): void {
  const pts: [number, number][] = [];
  for (let i = 0; i <= 4; i++) pts.push([3 + i, 9 + i]);
  for (let i = 0; i <= 8; i++) pts.push([7 + i, 13 - i * 1.1]);
  for (const [x, y] of pts) fill(img, { x: r.x + Math.round(x), y: r.y + Math.round(y) - 1, w: 2, h: 3 }, c);
}

/** Background-only art. */
export function paintDecor(img: Rgba, d: DecorSpec, t: GuiTheme): void {
  const r = d.at;
  switch (d.kind) {
    case "arrow": {
      const m = arrowMask(r.w, r.h);
      return paintMask(img, r.x, r.y, r.w, r.h, m, (x, y) => (onEdge(m, r.w, r.h, x, y) ? t.shadow : t.slotBody));
    }
    case "down_arrow": {
      const m = downArrowMask(r.w, r.h);
      return paintMask(img, r.x, r.y, r.w, r.h, m, (x, y) => (onEdge(m, r.w, r.h, x, y) ? t.shadow : t.slotBody));
    }
    case "flame":
      return paintMask(img, r.x, r.y, FLAME.w, FLAME.h, FLAME.mask, (x, y) =>
        onEdge(FLAME.mask, FLAME.w, FLAME.h, x, y) ? t.shadow : t.slotBody,
      );
    case "plus":
      fill(img, { x: r.x, y: r.y + 5, w: r.w, h: 3 }, t.shadow);
      fill(img, { x: r.x + 5, y: r.y, w: 3, h: r.h }, t.shadow);
      return;
    case "trough":
      return recess(
        img,
        { x: r.x - 1, y: r.y - 1, w: r.w + 2, h: r.h + 2 },
        t.slotDark,
        t.slotLight,
        mix(t.slotBody, t.slotDark, 0.35),
      );
    case "inset":
      return recess(img, r, t.slotDark, t.slotLight, t.insetBody);
    case "tubes":
      // Glass pipes from the ingredient down to the three bottles.
      for (const c of [t.shadow, t.slotBody]) {
        const o = c === t.shadow ? 0 : 1;
        hline(img, r.x + 4, r.y + 5 + o, r.w - 8, c);
        vline(img, r.x + 4 + o, r.y + 5, 10, c);
        vline(img, r.x + r.w - 5 - o, r.y + 5, 10, c);
        vline(img, r.x + 26 + o, r.y, 16, c);
      }
      return;
    case "hammer":
      raised(
        img,
        { x: r.x + 4, y: r.y + 4, w: 24, h: 10 },
        t.outline,
        t.light,
        t.shadow,
        mix(t.slotBody, t.ramp[2] ?? t.slotBody, 0.5),
      );
      raised(
        img,
        { x: r.x + 13, y: r.y + 14, w: 6, h: 16 },
        t.outline,
        t.light,
        t.shadow,
        mix(t.ramp[1] ?? t.shadow, [120, 80, 40], 0.5),
      );
      return;
    case "pyramid":
      // Four tiers of the beacon base, one per row of effect buttons, then the payment row.
      for (let tier = 0; tier < 3; tier++) {
        const base = r.y + tier * 25 + 19;
        for (let step = 0; step <= tier + 1; step++) {
          const w = 6 + 7 * (tier + 1 - step);
          const x = r.x + Math.round(17 - w / 2);
          fill(img, { x, y: base - (step + 1) * 4, w, h: 4 }, mix(t.ramp[t.ramp.length - 1], t.light, 0.3));
          hline(img, x, base - step * 4 - 1, w, t.shadow);
        }
      }
      return;
  }
}
