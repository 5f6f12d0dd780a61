/**
 * The building blocks every model template shares: a template describes boxes ("parts") in block
 * pixels (0..16 is one block, y up, front facing north = -z); the kit turns them into legal model
 * elements (auto UVs inside the texture, snapped rotations) and picks display transforms.
 */
import type { Rng } from "../rng.ts";
import { legalRotation } from "../../pack/model-rules.ts";
import { atLeast, LIGHT_EMISSION } from "../../pack/versions.ts";

export type Vec3 = [number, number, number];
export type Axis = "x" | "y" | "z";
export type FaceDir = "north" | "south" | "east" | "west" | "up" | "down";
export const FACE_DIRS: FaceDir[] = ["north", "south", "east", "west", "up", "down"];

export interface Part {
  from: Vec3;
  to: Vec3;
  /** Texture slot name (a key of the template's `slots`). */
  slot: string;
  rot?: { axis: Axis; angle: number; origin: Vec3 };
  /** Only these faces (default all six); e.g. a flat sign board or crossed plant planes. */
  faces?: FaceDir[];
  /** Emits light on versions that know `light_emission` (1.21.2+). */
  glow?: boolean;
}

/** A texture slot: what it is made of unless the prompt names something of the same kind. */
export interface SlotSpec {
  kind: MaterialKind;
  material: string;
  /** Made of what this other slot is made of unless the prompt names its own ("white wardrobe": doors too). */
  like?: string;
}

export type MaterialKind = "wood" | "metal" | "stone" | "glass" | "cloth" | "plant" | "crystal" | "light" | "fungus";

export interface TemplateCtx {
  rng: Rng;
  /** Seeded integer in [lo, hi]. */
  int(lo: number, hi: number): number;
  /** Seeded value in [lo, hi] on a half-pixel grid. */
  half(lo: number, hi: number): number;
  chance(p: number): boolean;
  /** The prompt, lower-cased, for templates with optional details ("tall", "round", "hanging"). */
  words: string;
  /**
   * Whether the prompt says `word` (or a word it starts: "hang" in "hanging"): the way a template asks for an
   * optional detail, so the words that changed the build are known (`heard`) and read, not reported unmatched.
   */
  said(word: string): boolean;
  /** The words `said` found in the prompt. */
  heard: Set<string>;
}

export interface ModelTemplate {
  name: string;
  /** Words that pick this template; compounds like "bookshelf" are listed whole. */
  words: string[];
  /** Slot names in priority order: the first slot takes the first material the prompt names. */
  slots: Record<string, SlotSpec>;
  /** The slot that draws what the thing holds ("basket of apples"): painted in the held thing's colour (contents.ts). */
  holds?: string;
  build(ctx: TemplateCtx): Part[];
}

export function makeCtx(rng: Rng, prompt: string): TemplateCtx {
  const words = prompt.toLowerCase();
  const heard = new Set<string>();
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  return {
    rng,
    int,
    half: (lo, hi) => int(lo * 2, hi * 2) / 2,
    chance: (p) => rng() < p,
    words,
    said(word) {
      const hit = words.includes(word);
      if (hit) heard.add(word);
      return hit;
    },
    heard,
  };
}

/** A box from its centre-bottom footprint: the way furniture is easiest to describe. */
export function column(cx: number, cz: number, w: number, d: number, y0: number, h: number, slot: string): Part {
  return { from: [cx - w / 2, y0, cz - d / 2], to: [cx + w / 2, y0 + h, cz + d / 2], slot };
}

export function box(from: Vec3, to: Vec3, slot: string, extra: Partial<Part> = {}): Part {
  return { from, to, slot, ...extra };
}

export function bounds(parts: Part[]): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const p of parts)
    for (let i = 0; i < 3; i++) {
      min[i] = Math.min(min[i], p.from[i]);
      max[i] = Math.max(max[i], p.to[i]);
    }
  return { min, max };
}

const grid = (n: number) => Math.round(n * 4) / 4;

/**
 * Rescales and recentres the parts: "full" fills a block (largest side 16), "partial" stays under
 * 12 px, "item" keeps the template's own size. Always centred on x/z and standing on y = 0.
 */
export function fitParts(parts: Part[], kind: "full" | "partial" | "item"): Part[] {
  const { min, max } = bounds(parts);
  const size = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  let s = 1;
  if (kind === "full") s = 16 / size;
  else if (kind === "partial" && size > 12) s = 12 / size;
  else if (size > 16) s = 16 / size;
  const cx = (min[0] + max[0]) / 2;
  const cz = (min[2] + max[2]) / 2;
  const map = (v: Vec3): Vec3 => [grid(8 + (v[0] - cx) * s), grid((v[1] - min[1]) * s), grid(8 + (v[2] - cz) * s)];
  return parts.map((p) => {
    const from = map(p.from);
    const to = map(p.to);
    // Keep hair-thin parts visible after scaling; a zero-thickness plane stays a plane.
    for (let i = 0; i < 3; i++) if (p.to[i] > p.from[i] && to[i] - from[i] < 0.25) to[i] = from[i] + 0.25;
    return { ...p, from, to, rot: p.rot && { ...p.rot, origin: map(p.rot.origin) } };
  });
}

/** Brings a coordinate span into the 0..16 texture space (wrapping by whole blocks) for auto-UVs. */
function texSpan(a: number, b: number): [number, number] {
  if (b - a >= 16) return [0, 16];
  const shift = Math.floor(a / 16) * 16;
  let lo = a - shift;
  let hi = b - shift;
  if (hi > 16) {
    lo = Math.max(0, 16 - (b - a));
    hi = 16;
  }
  return [lo, hi];
}

/** Vanilla's automatic UVs: each face shows the part of the texture it would cover on a full cube. */
export function autoUv(dir: FaceDir, from: Vec3, to: Vec3): [number, number, number, number] {
  const [x1, x2] = texSpan(from[0], to[0]);
  const [y1, y2] = texSpan(from[1], to[1]);
  const [z1, z2] = texSpan(from[2], to[2]);
  const r = (n: number) => Math.round(n * 1000) / 1000;
  const uv: Record<FaceDir, number[]> = {
    up: [x1, z1, x2, z2],
    down: [x1, 16 - z2, x2, 16 - z1],
    north: [16 - x2, 16 - y2, 16 - x1, 16 - y1],
    south: [x1, 16 - y2, x2, 16 - y1],
    west: [z1, 16 - y2, z2, 16 - y1],
    east: [16 - z2, 16 - y2, 16 - z1, 16 - y1],
  };
  return uv[dir].map(r) as [number, number, number, number];
}

const CULL: Partial<Record<FaceDir, (from: Vec3, to: Vec3) => boolean>> = {
  down: (f) => f[1] === 0,
  up: (_, t) => t[1] === 16,
  north: (f) => f[2] === 0,
  south: (_, t) => t[2] === 16,
  west: (f) => f[0] === 0,
  east: (_, t) => t[0] === 16,
};

/** Parts to model elements for one game version: rotations snapped to what it accepts. */
export function toElements(parts: Part[], version: string): Record<string, unknown>[] {
  const lightOk = atLeast(version, LIGHT_EMISSION);
  return parts.map((p) => {
    const faces: Record<string, unknown> = {};
    for (const dir of p.faces ?? FACE_DIRS) {
      const face: Record<string, unknown> = { uv: autoUv(dir, p.from, p.to), texture: `#${p.slot}` };
      if (!p.rot && CULL[dir]!(p.from, p.to)) face.cullface = dir;
      faces[dir] = face;
    }
    const el: Record<string, unknown> = { from: p.from, to: p.to };
    if (p.rot) {
      const angle = legalRotation(p.rot.angle, version);
      if (angle !== 0) el.rotation = { angle, axis: p.rot.axis, origin: p.rot.origin };
    }
    if (p.glow && lightOk) el.light_emission = 15;
    el.faces = faces;
    return el;
  });
}

const t = (rotation: Vec3, translation: Vec3, s: number) => ({ rotation, translation, scale: [s, s, s] });

/**
 * Display transforms after vanilla's block/block.json, with the scale raised for models smaller than
 * a block so a lantern is not a speck in the hotbar; `head` lifts small models onto the head.
 */
export function blockDisplay(parts: Part[]): Record<string, unknown> {
  const { min, max } = bounds(parts);
  return displayForBounds(min, max);
}

/** The same transforms for any model's bounding box (the .bbmodel converter uses it when a project has none). */
export function displayForBounds(min: Vec3, max: Vec3): Record<string, unknown> {
  const size = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2], 1);
  const k = Math.min(1.6, Math.max(1, 14 / size));
  const g = (n: number) => Math.round(n * k * 1000) / 1000;
  return {
    gui: t([30, 225, 0], [0, 0, 0], g(0.625)),
    ground: t([0, 0, 0], [0, 3, 0], g(0.25)),
    fixed: t([0, 0, 0], [0, 0, 0], g(0.5)),
    head: t([0, 0, 0], [0, 0, 0], 1),
    thirdperson_righthand: t([75, 45, 0], [0, 2.5, 0], g(0.375)),
    thirdperson_lefthand: t([75, 225, 0], [0, 2.5, 0], g(0.375)),
    firstperson_righthand: t([0, 45, 0], [0, 0, 0], g(0.4)),
    firstperson_lefthand: t([0, 225, 0], [0, 0, 0], g(0.4)),
  };
}
