/**
 * Sprite extrusion for 3D items: edge pixels are one unit thick and inner pixels two, so blades and
 * handles get a bevelled profile; pixels of the same thickness merge into rectangles so a 16x16
 * sprite stays at a few dozen elements. Faces between touching boxes of equal depth are left out.
 */
import type { Rgba } from "../media/png.ts";

export const SPRITE_SLOT = "sprite";
const SLOT = SPRITE_SLOT;

type Face = "north" | "south" | "east" | "west" | "up" | "down";

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  depth: number;
}

/** 0 transparent, 1 edge, 2 inner: an opaque pixel with four opaque neighbours is inner. */
function depthMap(img: Rgba): Uint8Array {
  const { width: w, height: h, data } = img;
  const solid = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && data[(y * w + x) * 4 + 3] >= 128;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (solid(x, y))
        out[y * w + x] = solid(x - 1, y) && solid(x + 1, y) && solid(x, y - 1) && solid(x, y + 1) ? 2 : 1;
  return out;
}

/** Greedy rectangles of equal depth: grow right along the row, then down while the whole span matches. */
export function mergeRuns(depth: Uint8Array, w: number, h: number): Rect[] {
  const done = new Uint8Array(w * h);
  const rects: Rect[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const d = depth[y * w + x];
      if (!d || done[y * w + x]) continue;
      let rw = 1;
      while (x + rw < w && depth[y * w + x + rw] === d && !done[y * w + x + rw]) rw++;
      let rh = 1;
      grow: while (y + rh < h) {
        for (let i = 0; i < rw; i++) if (depth[(y + rh) * w + x + i] !== d || done[(y + rh) * w + x + i]) break grow;
        rh++;
      }
      for (let j = 0; j < rh; j++) for (let i = 0; i < rw; i++) done[(y + j) * w + x + i] = 1;
      rects.push({ x, y, w: rw, h: rh, depth: d });
    }
  return rects;
}

/** Whether any pixel just outside this side of the rectangle is thinner (so the side shows). */
function sideShows(r: Rect, face: Face, depth: Uint8Array, w: number, h: number): boolean {
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 0 : depth[y * w + x]);
  const cells: [number, number][] = [];
  if (face === "east") for (let j = 0; j < r.h; j++) cells.push([r.x + r.w, r.y + j]);
  if (face === "west") for (let j = 0; j < r.h; j++) cells.push([r.x - 1, r.y + j]);
  if (face === "up") for (let i = 0; i < r.w; i++) cells.push([r.x + i, r.y - 1]);
  if (face === "down") for (let i = 0; i < r.w; i++) cells.push([r.x + i, r.y + r.h]);
  return cells.some(([x, y]) => at(x, y) < r.depth);
}

const round = (n: number) => Math.round(n * 1000) / 1000;

function elementFor(r: Rect, p: number, depth: Uint8Array, w: number, h: number): Record<string, unknown> {
  const half = r.depth === 2 ? 1 : 0.5;
  const [x0, x1] = [r.x * p, (r.x + r.w) * p].map(round);
  const [y0, y1] = [r.y * p, (r.y + r.h) * p].map(round);
  const tex = `#${SLOT}`;
  // South shows the sprite as drawn; north mirrors it; each side shows the outermost pixel strip.
  const faces: Record<string, unknown> = {
    south: { uv: [x0, y0, x1, y1], texture: tex },
    north: { uv: [x1, y0, x0, y1], texture: tex },
  };
  const strips: Record<Exclude<Face, "north" | "south">, number[]> = {
    east: [x1 - p, y0, x1, y1],
    west: [x0, y0, x0 + p, y1],
    up: [x0, y0, x1, y0 + p],
    down: [x0, y1 - p, x1, y1],
  };
  for (const [face, uv] of Object.entries(strips) as [Face, number[]][])
    if (sideShows(r, face, depth, w, h)) faces[face] = { uv: uv.map(round), texture: tex };
  return { from: [x0, round(16 - y1), 8 - half], to: [x1, round(16 - y0), 8 + half], faces };
}

const t = (rotation: number[], translation: number[], s: number) => ({ rotation, translation, scale: [s, s, s] });

/** Vanilla's item/handheld transforms for tools, item/generated ones for everything else. */
function itemDisplay(handheld: boolean): Record<string, unknown> {
  const base = {
    ground: t([0, 0, 0], [0, 2, 0], 0.5),
    head: t([0, 180, 0], [0, 13, 7], 1),
    fixed: t([0, 180, 0], [0, 0, 0], 1),
    gui: t([0, 0, 0], [0, 0, 0], 1),
  };
  if (handheld)
    return {
      ...base,
      thirdperson_righthand: t([0, -90, 55], [0, 4, 0.5], 0.85),
      thirdperson_lefthand: t([0, 90, -55], [0, 4, 0.5], 0.85),
      firstperson_righthand: t([0, -90, 25], [1.13, 3.2, 1.13], 0.68),
      firstperson_lefthand: t([0, 90, -25], [1.13, 3.2, 1.13], 0.68),
    };
  return {
    ...base,
    thirdperson_righthand: t([0, 0, 0], [0, 3, 1], 0.55),
    thirdperson_lefthand: t([0, 0, 0], [0, 3, 1], 0.55),
    firstperson_righthand: t([0, -90, 25], [1.13, 3.2, 1.13], 0.68),
    firstperson_lefthand: t([0, 90, -25], [1.13, 3.2, 1.13], 0.68),
  };
}

/** Extrudes any sprite (also used for uploaded item art) into a model referencing `#sprite`. */
export function extrudeSprite(sprite: Rgba, textureId: string, handheld: boolean): Record<string, unknown> {
  const { width: w, height: h } = sprite;
  const depth = depthMap(sprite);
  const p = 16 / Math.max(w, h);
  const elements = mergeRuns(depth, w, h).map((r) => elementFor(r, p, depth, w, h));
  return {
    textures: { [SLOT]: textureId, particle: `#${SLOT}` },
    elements,
    display: itemDisplay(handheld),
    gui_light: "front",
  };
}
