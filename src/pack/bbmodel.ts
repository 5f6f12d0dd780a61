/**
 * Blockbench projects (.bbmodel) to Java block models. Any cube-based format converts (java_block,
 * free, entity formats): cubes become elements, per-face UVs are rescaled from the texture's pixel
 * size to 0..16, box-UV cubes get their faces from the box layout, embedded textures come along as
 * PNG bytes, groups are flattened and rotations made legal for the target version (with warnings).
 * Things a block model cannot hold are refused with invalid() (a DomainError, invalid_request) saying why.
 */
import { invalid } from "../domain-error.ts";
import { DEFAULT_PNG_LIMITS, decodePng } from "../media/png-decode.ts";
import { displayForBounds } from "../gen/models/kit.ts";
import { decompressBlockbench } from "./bbmodel-lz.ts";
import { jsonDepth, MAX_JSON_DEPTH } from "./json-depth.ts";
import { displayContextsFor, legalRotation, rotationRule } from "./model-rules.ts";
import { placeElements, type Vec3 } from "./bbmodel-geometry.ts";

export interface BbmodelOptions {
  minecraftVersion: string;
  textureId: (slot: string) => string;
}

export interface BbmodelResult {
  model: Record<string, unknown>;
  /** PNG bytes by texture slot name (the keys of model.textures, minus "particle"). */
  textures: Record<string, Uint8Array>;
  warnings: string[];
}

type Json = Record<string, any>;
type Dir = "north" | "south" | "east" | "west" | "up" | "down";
const DIRS: Dir[] = ["north", "east", "south", "west", "up", "down"];

/** Parses (and decompresses) the project text; anything that is not a Blockbench project is refused. */
export function parseBbmodel(text: string): Json {
  let body = text.replace(/^\uFEFF/, "").trimStart();
  if (body.startsWith("<lz>")) body = decompressBlockbench(body);
  if (jsonDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw invalid(`not a Blockbench project we can read: it nests more than ${MAX_JSON_DEPTH} levels deep`);
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (e) {
    throw invalid(`not a Blockbench project: the file is not JSON (${(e as Error).message})`, e);
  }
  if (typeof doc !== "object" || doc === null || typeof (doc as Json).meta !== "object")
    throw invalid('not a Blockbench project: it has no "meta" section');
  return doc as Json;
}

interface Tex {
  slot: string;
  png: Uint8Array;
  uvW: number;
  uvH: number;
  particle: boolean;
}

/** Embedded textures by every key a face may use (index, id, uuid). Unembedded ones are refused. */
function readTextures(doc: Json): { byRef: Map<unknown, Tex>; list: Tex[] } {
  const res = doc.resolution ?? {};
  const byRef = new Map<unknown, Tex>();
  const list: Tex[] = [];
  const used = new Set<string>();
  (Array.isArray(doc.textures) ? doc.textures : []).forEach((t: Json, index: number) => {
    const name = String(t.name ?? `texture_${index}`);
    const src = typeof t.source === "string" ? t.source : "";
    const m = /^data:image\/png;base64,(.*)$/s.exec(src);
    if (!m)
      throw invalid(
        `texture "${name}" is not embedded in the project (only a path on the author's disk); save the .bbmodel with textures embedded`,
      );
    const png = Uint8Array.from(Buffer.from(m[1], "base64"));
    let info: { width: number; height: number };
    try {
      // Decoded within the limits a directly uploaded PNG gets: a declared 100000x100000 or a data bomb
      // inside a project file is refused the same way (issue 13).
      info = decodePng(png, DEFAULT_PNG_LIMITS);
    } catch (e) {
      throw invalid(`texture "${name}" is not a usable PNG: ${(e as Error).message}`, e);
    }
    let slot =
      name
        .replace(/\.png$/i, "")
        .toLowerCase()
        .replace(/[^a-z0-9_]+/g, "_")
        .replace(/^_+|_+$/g, "") || `texture_${index}`;
    while (used.has(slot)) slot += "_";
    used.add(slot);
    const tex: Tex = {
      slot,
      png,
      // Face UVs are in the texture's UV space: uv_width/uv_height when given, else the project resolution.
      uvW: Number(t.uv_width) || Number(res.width) || info.width || 16,
      uvH: Number(t.uv_height) || Number(res.height) || info.height || 16,
      particle: t.particle === true || t.particle === "true",
    };
    list.push(tex);
    for (const key of [index, String(index), t.id, t.uuid])
      if (key !== undefined && !byRef.has(key)) byRef.set(key, tex);
  });
  return { byRef, list };
}

/** Walks the outliner (nested groups, or 5.0's uuid references into `groups`), keeping each cube's group chain. */
function flattenOutliner(doc: Json, warnings: string[]): { uuid: string; chain: Json[] }[] {
  const groups = new Map<string, Json>((Array.isArray(doc.groups) ? doc.groups : []).map((g: Json) => [g.uuid, g]));
  const out: { uuid: string; chain: Json[] }[] = [];
  const walk = (nodes: unknown[], chain: Json[]) => {
    for (const node of nodes) {
      if (typeof node === "string") out.push({ uuid: node, chain });
      else if (node && typeof node === "object") {
        const g = { ...(groups.get((node as Json).uuid) ?? {}), ...(node as Json) };
        if (g.export === false) {
          warnings.push(`group "${g.name ?? "?"}" is marked not to export; left out`);
          continue;
        }
        walk(Array.isArray(g.children) ? g.children : [], [...chain, g]);
      }
    }
  };
  walk(Array.isArray(doc.outliner) ? doc.outliner : [], []);
  return out;
}

/** Box-UV layout (Blockbench/entity convention) when a box-UV cube carries no per-face UVs. */
export function boxUvFaces(from: Vec3, to: Vec3, offset: [number, number], mirror: boolean): Record<Dir, number[]> {
  const [dx, dy, dz] = [0, 1, 2].map((i) => Math.floor(to[i] - from[i] + 1e-6));
  const [u, v] = offset;
  const faces: Record<Dir, number[]> = {
    east: [u, v + dz, u + dz, v + dz + dy],
    north: [u + dz, v + dz, u + dz + dx, v + dz + dy],
    west: [u + dz + dx, v + dz, u + 2 * dz + dx, v + dz + dy],
    south: [u + 2 * dz + dx, v + dz, u + 2 * dz + 2 * dx, v + dz + dy],
    up: [u + dz + dx, v + dz, u + dz, v],
    down: [u + dz + 2 * dx, v, u + dz + dx, v + dz],
  };
  if (!mirror) return faces;
  const flip = (f: number[]) => [f[2], f[1], f[0], f[3]];
  return {
    ...Object.fromEntries(DIRS.map((d) => [d, flip(faces[d])])),
    east: flip(faces.west),
    west: flip(faces.east),
  } as Record<Dir, number[]>;
}

const round = (n: number) => Math.round(n * 10000) / 10000;

function convertFaces(
  cube: Json,
  textures: Map<unknown, Tex>,
  boxUv: boolean,
  used: Set<Tex>,
  warn: (w: string) => void,
): Json {
  const from = cube.from as Vec3,
    to = cube.to as Vec3;
  const layout =
    boxUv && Array.isArray(cube.uv_offset)
      ? boxUvFaces(from, to, [Number(cube.uv_offset[0]), Number(cube.uv_offset[1])], !!cube.mirror_uv)
      : null;
  const faces: Json = {};
  for (const dir of DIRS) {
    const f = cube.faces?.[dir];
    if (!f || f.texture === null || f.enabled === false) continue; // null: the face was removed in Blockbench
    const tex = textures.get(f.texture) ?? (f.texture === undefined ? undefined : textures.get(String(f.texture)));
    if (!tex) {
      warn(`a face of cube "${cube.name ?? "cube"}" has no texture; left out`);
      continue;
    }
    used.add(tex);
    const raw = Array.isArray(f.uv) && f.uv.length === 4 ? f.uv : layout?.[dir];
    const out: Json = { texture: `#${tex.slot}` };
    if (raw) {
      const uv = raw.map((n: number, i: number) => round((Number(n) * 16) / (i % 2 ? tex.uvH : tex.uvW)));
      if (uv.some((n: number) => n < 0 || n > 16))
        warn(`cube "${cube.name ?? "cube"}" ${dir} face UVs run outside the texture; clamped`);
      out.uv = uv.map((n: number) => Math.min(16, Math.max(0, n)));
    }
    if ([90, 180, 270].includes(f.rotation)) out.rotation = f.rotation;
    if (typeof f.cullface === "string" && DIRS.includes(f.cullface as Dir)) out.cullface = f.cullface;
    if (Number.isInteger(f.tint) && f.tint >= 0) out.tintindex = f.tint;
    faces[dir] = out;
  }
  return faces;
}

/** The cube's rotation (its own, or its only rotated group's) made legal for the version, with warnings. */
function convertRotation(cube: Json, chain: Json[], version: string, warn: (w: string) => void): Json | undefined {
  const nz = (r: unknown) => (Array.isArray(r) ? (r as number[]).map(Number) : [0, 0, 0]);
  let rot = nz(cube.rotation);
  let origin = (cube.origin ?? [8, 8, 8]) as Vec3;
  const rotatedGroups = chain.filter((g) => nz(g.rotation).some((a) => a !== 0));
  if (rotatedGroups.length) {
    if (rot.every((a) => a === 0) && rotatedGroups.length === 1) {
      rot = nz(rotatedGroups[0].rotation);
      origin = (rotatedGroups[0].origin ?? origin) as Vec3;
    } else
      warn(
        `rotation of group "${rotatedGroups[0].name}" cannot combine with its cubes' own rotation in a block model; dropped`,
      );
  }
  const axes = (["x", "y", "z"] as const).filter((_, i) => rot[i] !== 0);
  if (axes.length === 0) return undefined;
  if (axes.length > 1) {
    if (rotationRule(version) === "any") return { origin, x: rot[0], y: rot[1], z: rot[2] };
    const keep = axes.reduce((a, b) => (Math.abs(rot["xyz".indexOf(a)]) >= Math.abs(rot["xyz".indexOf(b)]) ? a : b));
    warn(
      `cube "${cube.name ?? "cube"}" turns on ${axes.length} axes; before 1.21.11 only one is allowed, kept ${keep}`,
    );
    axes.splice(0, axes.length, keep);
  }
  const axis = axes[0];
  const angle = rot["xyz".indexOf(axis)];
  const legal = legalRotation(angle, version);
  if (legal !== angle)
    warn(`cube "${cube.name ?? "cube"}" rotation ${angle}° is not allowed in ${version}; snapped to ${legal}°`);
  if (legal === 0) return undefined;
  const out: Json = { origin, axis, angle: legal };
  if (cube.rescale === true) out.rescale = true;
  return out;
}

/** Display transforms that the target accepts, clamped into range; unknown contexts dropped. */
function convertDisplay(display: unknown, version: string, warn: (w: string) => void): Json | undefined {
  if (!display || typeof display !== "object") return undefined;
  const out: Json = {};
  for (const [ctx, t] of Object.entries(display as Json)) {
    if (!displayContextsFor(version).includes(ctx)) {
      warn(`display "${ctx}" is not known to ${version}; left out`);
      continue;
    }
    const clamp = (v: unknown, lo: number, hi: number) =>
      Array.isArray(v) && v.length === 3 ? v.map((n) => Math.min(hi, Math.max(lo, Number(n) || 0))) : undefined;
    const entry: Json = {};
    if (t?.rotation) entry.rotation = clamp(t.rotation, -360, 360);
    if (t?.translation) entry.translation = clamp(t.translation, -80, 80);
    if (t?.scale) entry.scale = clamp(t.scale, -4, 4);
    out[ctx] = entry;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Converts a Blockbench project into a Java block model plus its embedded textures. */
export function convertBbmodel(text: string, opts: BbmodelOptions): BbmodelResult {
  return convertProject(parseBbmodel(text), opts);
}

/** Converts an already parsed project, optionally only the cubes under some groups (armour pieces). */
export function convertProject(doc: Json, opts: BbmodelOptions, keep?: (chain: Json[]) => boolean): BbmodelResult {
  const warnings: string[] = [];
  const warn = (w: string) => void (warnings.includes(w) || warnings.push(w));
  const format = String(doc.meta.model_format ?? "unknown");
  const all: Json[] = Array.isArray(doc.elements) ? doc.elements : [];
  const cubes = all.filter(
    (e) => (e.type ?? "cube") === "cube" && Array.isArray(e.from) && Array.isArray(e.to) && e.export !== false,
  );
  if (all.length > cubes.length)
    warn(
      `${all.length - cubes.length} non-cube element(s) (meshes, locators) cannot be part of a block model; left out`,
    );
  if (!cubes.length)
    throw invalid(
      `the Blockbench project (${format}) has no cubes to convert${all.length ? " (only meshes or other non-cube elements)" : ""}`,
    );
  const { byRef, list } = readTextures(doc);
  if (!list.length)
    throw invalid(
      `the Blockbench project has no embedded textures, so every face would show the missing-texture pattern; add a texture in Blockbench and save again`,
    );
  const chains = new Map(flattenOutliner(doc, warnings).map((o) => [o.uuid, o.chain]));
  const inOutliner = chains.size > 0;
  if (format !== "java_block" && format !== "free")
    warn(`converted from a "${format}" project: the geometry becomes a static block model`);
  if (Array.isArray(doc.animations) && doc.animations.length)
    warn(`${doc.animations.length} animation(s) cannot be part of a block model; left out`);
  const used = new Set<Tex>();
  const elements: Json[] = [];
  for (const cube of cubes) {
    const chain = chains.get(cube.uuid);
    if (inOutliner && !chain) continue; // not in the outliner: inside a group that does not export
    if (keep && !keep(chain ?? [])) continue;
    const inflate = Number(cube.inflate) || 0;
    const from = (cube.from as number[]).map((n) => Number(n) - inflate) as Vec3;
    const to = (cube.to as number[]).map((n) => Number(n) + inflate) as Vec3;
    const faces = convertFaces({ ...cube, from, to }, byRef, cube.box_uv ?? doc.meta.box_uv ?? false, used, warn);
    if (!Object.keys(faces).length) continue;
    const el: Json = { from, to };
    const rotation = convertRotation(cube, chain ?? [], opts.minecraftVersion, warn);
    if (rotation) el.rotation = rotation;
    if (cube.shade === false) el.shade = false;
    el.faces = faces;
    elements.push(el);
  }
  if (!elements.length) throw invalid("none of the project's cubes has a textured face to convert");
  const placed = placeElements(elements, warn);
  const textures: Record<string, Uint8Array> = {};
  const modelTextures: Record<string, string> = {};
  for (const t of list)
    if (used.has(t)) {
      textures[t.slot] = t.png;
      modelTextures[t.slot] = opts.textureId(t.slot);
    }
  const particle = list.find((t) => t.particle && used.has(t)) ?? [...used][0];
  modelTextures.particle = `#${particle.slot}`;
  const model: Json = { textures: modelTextures, elements };
  if (doc.front_gui_light === true) model.gui_light = "front";
  if (doc.ambientocclusion === false) model.ambientocclusion = false;
  model.display = convertDisplay(doc.display, opts.minecraftVersion, warn) ?? displayForBounds(placed.min, placed.max);
  return { model, textures, warnings };
}
