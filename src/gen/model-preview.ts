/**
 * A small software renderer for block models: orthographic view from above one corner, textured
 * faces, per-direction shading like the game (top brightest, bottom darkest), depth buffer so
 * overlapping elements sort themselves. Used for contact sheets and the web studio's thumbnails.
 */
import { newRgba, type Rgba } from "../media/png.ts";

type V3 = [number, number, number];
type Dir = "north" | "south" | "east" | "west" | "up" | "down";

export interface PreviewOptions {
  /** Output edge in pixels (square), default 128. */
  size?: number;
  /** Camera azimuth in degrees; 45 (default) looks from the north-east so the front (north) shows. */
  yaw?: number;
  /** Camera elevation in degrees, default 30. */
  pitch?: number;
}

/** The game's directional shading factors. */

/**
 * Each face as a corner plus two edges: `o` is where uv (u1,v1) lands, `u` runs along the texture's
 * u axis, `v` along its v axis — the same orientation vanilla's automatic UVs assume.
 */
function faceFrame(dir: Dir, f: V3, t: V3): { o: V3; u: V3; v: V3 } {
  const [x1, y1, z1] = f;
  const [x2, y2, z2] = t;
  switch (dir) {
    case "north":
      return { o: [x2, y2, z1], u: [x1 - x2, 0, 0], v: [0, y1 - y2, 0] };
    case "south":
      return { o: [x1, y2, z2], u: [x2 - x1, 0, 0], v: [0, y1 - y2, 0] };
    case "west":
      return { o: [x1, y2, z1], u: [0, 0, z2 - z1], v: [0, y1 - y2, 0] };
    case "east":
      return { o: [x2, y2, z2], u: [0, 0, z1 - z2], v: [0, y1 - y2, 0] };
    case "up":
      return { o: [x1, y2, z1], u: [x2 - x1, 0, 0], v: [0, 0, z2 - z1] };
    case "down":
      return { o: [x1, y1, z2], u: [x2 - x1, 0, 0], v: [0, 0, z1 - z2] };
  }
}

const NORMAL: Record<Dir, V3> = {
  north: [0, 0, -1],
  south: [0, 0, 1],
  east: [1, 0, 0],
  west: [-1, 0, 0],
  up: [0, 1, 0],
  down: [0, -1, 0],
};

function rotateAbout(p: V3, axis: string, deg: number, origin: V3): V3 {
  if (!deg) return p;
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a),
    s = Math.sin(a);
  const x = p[0] - origin[0],
    y = p[1] - origin[1],
    z = p[2] - origin[2];
  let r: V3;
  if (axis === "x") r = [x, y * c - z * s, y * s + z * c];
  else if (axis === "y") r = [x * c + z * s, y, -x * s + z * c];
  else r = [x * c - y * s, x * s + y * c, z];
  return [r[0] + origin[0], r[1] + origin[1], r[2] + origin[2]];
}

/** Applies an element rotation (single-axis or the 1.21.11 x/y/z form) to a point or, with origin 0, a vector. */
function rotateElement(p: V3, rot: Record<string, unknown> | undefined, vector = false): V3 {
  if (!rot) return p;
  const origin: V3 = vector ? [0, 0, 0] : ((rot.origin as V3) ?? [8, 8, 8]);
  if (typeof rot.axis === "string") return rotateAbout(p, rot.axis, Number(rot.angle) || 0, origin);
  let q = p;
  for (const axis of ["x", "y", "z"]) q = rotateAbout(q, axis, Number(rot[axis]) || 0, origin);
  return q;
}

interface Quad {
  o: V3;
  u: V3;
  v: V3;
  uv: number[];
  turn: number;
  tex: Rgba | undefined;
  shade: number;
  normal: V3;
}

/** Follows "#slot" through the model's texture variables; a slot's own picture wins, then the id it holds. */
function resolveTexture(ref: string, vars: Record<string, unknown>, textures: Record<string, Rgba>): Rgba | undefined {
  let key = ref;
  for (let i = 0; i < 8 && key.startsWith("#"); i++) {
    const slot = key.slice(1);
    if (textures[slot]) return textures[slot];
    const next = vars[slot];
    if (typeof next !== "string") return undefined;
    key = next;
  }
  // Two slots of one material share one picture, filed under the first slot's name: the id ends with it.
  return textures[key] ?? textures[key.slice(key.lastIndexOf("/") + 1)];
}

function collectQuads(model: Record<string, unknown>, textures: Record<string, Rgba>): Quad[] {
  const vars = (model.textures ?? {}) as Record<string, unknown>;
  const quads: Quad[] = [];
  for (const el of (model.elements ?? []) as Record<string, any>[]) {
    const rot = el.rotation as Record<string, unknown> | undefined;
    for (const [dir, face] of Object.entries((el.faces ?? {}) as Record<string, any>)) {
      const fr = faceFrame(dir as Dir, el.from, el.to);
      const o = rotateElement(fr.o, rot);
      const u = rotateElement(fr.u, rot, true);
      const v = rotateElement(fr.v, rot, true);
      const n = rotateElement(NORMAL[dir as Dir], rot, true);
      // Shade a turned face by the direction it ends up closest to, as the game does.
      const lit = n[1] > 0.5 ? 1 : n[1] < -0.5 ? 0.5 : Math.abs(n[2]) >= Math.abs(n[0]) ? 0.8 : 0.6;
      const uv = Array.isArray(face.uv) ? face.uv : autoFaceUv(dir as Dir, el.from, el.to);
      quads.push({
        o,
        u,
        v,
        uv,
        turn: Number(face.rotation) || 0,
        tex: resolveTexture(String(face.texture ?? ""), vars, textures),
        shade: el.shade === false ? 1 : lit,
        normal: n,
      });
    }
  }
  return quads;
}

function autoFaceUv(dir: Dir, f: V3, t: V3): number[] {
  switch (dir) {
    case "north":
      return [16 - t[0], 16 - t[1], 16 - f[0], 16 - f[1]];
    case "south":
      return [f[0], 16 - t[1], t[0], 16 - f[1]];
    case "west":
      return [f[2], 16 - t[1], t[2], 16 - f[1]];
    case "east":
      return [16 - t[2], 16 - t[1], 16 - f[2], 16 - f[1]];
    case "up":
      return [f[0], f[2], t[0], t[2]];
    case "down":
      return [f[0], 16 - t[2], t[0], 16 - f[2]];
  }
}

/** Renders the model's elements; textures are keyed by texture variable name (slot) or by the id a slot holds. */
export function renderModelPreview(model: object, textures: Record<string, Rgba>, opts: PreviewOptions = {}): Rgba {
  const size = opts.size ?? 128;
  const yaw = ((opts.yaw ?? 45) * Math.PI) / 180;
  const pitch = ((opts.pitch ?? 30) * Math.PI) / 180;
  const quads = collectQuads(model as Record<string, unknown>, textures);
  // Camera basis: `back` points from the model toward the camera.
  const back: V3 = [Math.cos(pitch) * Math.sin(yaw), Math.sin(pitch), -Math.cos(pitch) * Math.cos(yaw)];
  const right: V3 = [-Math.cos(yaw), 0, -Math.sin(yaw)];
  const up: V3 = [
    right[1] * -back[2] - right[2] * -back[1],
    right[2] * -back[0] - right[0] * -back[2],
    right[0] * -back[1] - right[1] * -back[0],
  ];
  const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const project = (p: V3): V3 => [dot(p, right), -dot(p, up), dot(p, back)];
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (const q of quads)
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]) {
      const s = project([
        q.o[0] + a * q.u[0] + b * q.v[0],
        q.o[1] + a * q.u[1] + b * q.v[1],
        q.o[2] + a * q.u[2] + b * q.v[2],
      ]);
      minX = Math.min(minX, s[0]);
      maxX = Math.max(maxX, s[0]);
      minY = Math.min(minY, s[1]);
      maxY = Math.max(maxY, s[1]);
    }
  const img = newRgba(size, size);
  if (!quads.length) return img;
  const span = Math.max(maxX - minX, maxY - minY, 1e-6);
  const scale = (size * 0.9) / span;
  const offX = size / 2 - ((minX + maxX) / 2) * scale;
  const offY = size / 2 - ((minY + maxY) / 2) * scale;
  const depth = new Float32Array(size * size).fill(-Infinity);
  // Faces are one-sided in the game: a face turned away from the camera is not drawn.
  for (const q of quads) if (dot(q.normal, back) > 1e-6) drawQuad(img, depth, q, project, scale, offX, offY);
  return img;
}

function drawQuad(
  img: Rgba,
  depth: Float32Array,
  q: Quad,
  project: (p: V3) => V3,
  scale: number,
  offX: number,
  offY: number,
): void {
  const o = project(q.o);
  const pu = project(q.u);
  const pv = project(q.v);
  const ox = o[0] * scale + offX,
    oy = o[1] * scale + offY;
  const ux = pu[0] * scale,
    uy = pu[1] * scale,
    vx = pv[0] * scale,
    vy = pv[1] * scale;
  const det = ux * vy - uy * vx;
  if (Math.abs(det) < 1e-9) return; // edge-on: invisible
  const size = img.width;
  const xs = [ox, ox + ux, ox + vx, ox + ux + vx],
    ys = [oy, oy + uy, oy + vy, oy + uy + vy];
  const x0 = Math.max(0, Math.floor(Math.min(...xs))),
    x1 = Math.min(size - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys))),
    y1 = Math.min(size - 1, Math.ceil(Math.max(...ys)));
  const [u1, v1, u2, v2] = q.uv;
  for (let py = y0; py <= y1; py++)
    for (let px = x0; px <= x1; px++) {
      const dx = px + 0.5 - ox,
        dy = py + 0.5 - oy;
      const s = (dx * vy - dy * vx) / det;
      const t = (ux * dy - uy * dx) / det;
      if (s < 0 || s > 1 || t < 0 || t > 1) continue;
      const z = o[2] + s * pu[2] + t * pv[2];
      const i = py * size + px;
      if (z <= depth[i] + 1e-4) continue;
      let rgba: [number, number, number, number] = [255, 0, 255, 255];
      if (q.tex) {
        // Nudge inside the face so an edge pixel never samples the neighbouring texel.
        const [ss, tt] = turnUv(Math.min(0.999, Math.max(0.001, s)), Math.min(0.999, Math.max(0.001, t)), q.turn);
        const tu = (u1 + (u2 - u1) * ss) / 16,
          tv = (v1 + (v2 - v1) * tt) / 16;
        const tx = Math.min(q.tex.width - 1, Math.max(0, Math.floor(tu * q.tex.width)));
        const ty = Math.min(q.tex.height - 1, Math.max(0, Math.floor(tv * q.tex.height)));
        const k = (ty * q.tex.width + tx) * 4;
        rgba = [q.tex.data[k], q.tex.data[k + 1], q.tex.data[k + 2], q.tex.data[k + 3]];
      }
      if (rgba[3] < 128) continue; // cutout, like the game's cutout layer
      depth[i] = z;
      const j = i * 4;
      img.data[j] = Math.round(rgba[0] * q.shade);
      img.data[j + 1] = Math.round(rgba[1] * q.shade);
      img.data[j + 2] = Math.round(rgba[2] * q.shade);
      img.data[j + 3] = 255;
    }
}

/** Face texture rotation (0/90/180/270, clockwise) as a remap of the face coordinates. */
function turnUv(s: number, t: number, turn: number): [number, number] {
  switch (((turn % 360) + 360) % 360) {
    case 90:
      return [t, 1 - s];
    case 180:
      return [1 - s, 1 - t];
    case 270:
      return [1 - t, s];
    default:
      return [s, t];
  }
}
