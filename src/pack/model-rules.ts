/**
 * What the game accepts in a Java block/item model JSON (FORMAT-NOTES.md "Block/item model JSON
 * constraints", mcdoc model.mcdoc). The game drops a whole model over one bad number, so generators,
 * the .bbmodel converter and uploads all run through this before anything reaches a pack.
 */

export interface ModelRuleOptions {
  minecraftVersion: string;
  /**
   * A model with a `parent` may leave `#slot`s for the parent to fill; "must-resolve" forbids that too
   * (for models whose parent is known to bring no textures). Without a parent every slot must resolve.
   */
  textureSlots?: "must-resolve";
}

import { ANY_ROTATION, FREE_ROTATION, ON_SHELF_DISPLAY, atLeast, LIGHT_EMISSION } from "./versions.ts";

const FACES = ["north", "south", "east", "west", "up", "down"] as const;
const AXES = ["x", "y", "z"] as const;
const OLD_ANGLES = [-45, -22.5, 0, 22.5, 45];
const DISPLAY_CONTEXTS = [
  "thirdperson_righthand",
  "thirdperson_lefthand",
  "firstperson_righthand",
  "firstperson_lefthand",
  "gui",
  "head",
  "ground",
  "fixed",
];

/** The display contexts a model made for `version` may name (on_shelf from 1.21.9); bbmodel conversion reads it too. */
export const displayContextsFor = (version: string): readonly string[] =>
  atLeast(version, ON_SHELF_DISPLAY) ? [...DISPLAY_CONTEXTS, "on_shelf"] : DISPLAY_CONTEXTS;

export type RotationRule = "steps" | "free45" | "any";

/** Which element rotations a version accepts: 22.5° steps, any angle within ±45, or any angle (multi-axis too). */
export function rotationRule(version: string): RotationRule {
  if (atLeast(version, ANY_ROTATION)) return "any";
  if (atLeast(version, FREE_ROTATION)) return "free45";
  return "steps";
}

/** Folds an angle into (-180, 180]. */
function wrapAngle(angle: number): number {
  let a = angle % 360;
  if (a <= -180) a += 360;
  if (a > 180) a -= 360;
  return a;
}

/**
 * The nearest angle the version accepts. Beyond ±45 (before 1.21.11) the angle clamps to ±45: a
 * bigger turn cannot be expressed by one element there, so callers that care warn about it.
 */
export function legalRotation(angle: number, version: string): number {
  const rule = rotationRule(version);
  if (!Number.isFinite(angle)) return 0;
  const a = wrapAngle(angle);
  if (rule === "any") return a;
  const clamped = Math.max(-45, Math.min(45, a));
  if (rule === "free45") return clamped;
  let best = 0;
  for (const c of OLD_ANGLES) if (Math.abs(c - clamped) < Math.abs(best - clamped)) best = c;
  return best;
}

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function numbers(v: unknown, n: number): number[] | null {
  return Array.isArray(v) && v.length === n && v.every(isNum) ? (v as number[]) : null;
}

function checkRotation(rot: unknown, where: string, version: string, out: string[]): void {
  if (!isObj(rot)) return void out.push(`${where}.rotation must be an object`);
  if (!numbers(rot.origin, 3)) out.push(`${where}.rotation.origin must be 3 numbers`);
  const rule = rotationRule(version);
  const multi = AXES.some((a) => a in rot) && !("axis" in rot);
  if (multi) {
    if (rule !== "any")
      return void out.push(`${where}.rotation uses the x/y/z form, which needs 1.21.11 or newer (target ${version})`);
    for (const a of AXES) if (a in rot && !isNum(rot[a])) out.push(`${where}.rotation.${a} must be a number`);
    return;
  }
  if (!AXES.includes(rot.axis as never)) out.push(`${where}.rotation.axis must be one of x, y, z`);
  const angle = rot.angle;
  if (!isNum(angle)) return void out.push(`${where}.rotation.angle must be a number`);
  if (rule === "steps" && !OLD_ANGLES.includes(angle))
    out.push(
      `${where}.rotation.angle ${angle} is not one of -45, -22.5, 0, 22.5, 45 (needed before 1.21.6; target ${version})`,
    );
  if (rule === "free45" && (angle < -45 || angle > 45))
    out.push(`${where}.rotation.angle ${angle} is outside -45..45 (needed before 1.21.11; target ${version})`);
  if ("rescale" in rot && typeof rot.rescale !== "boolean") out.push(`${where}.rotation.rescale must be true or false`);
}

function checkFace(face: unknown, where: string, resolves: (slot: string) => boolean, out: string[]): void {
  if (!isObj(face)) return void out.push(`${where} must be an object`);
  const tex = face.texture;
  if (typeof tex !== "string" || tex.length === 0) out.push(`${where}.texture must be a "#slot" string`);
  else if (tex.startsWith("#") && !resolves(tex.slice(1)))
    out.push(`${where}.texture ${tex} names no texture in "textures"`);
  if ("uv" in face) {
    const uv = numbers(face.uv, 4);
    if (!uv) out.push(`${where}.uv must be 4 numbers`);
    else if (uv.some((n) => n < 0 || n > 16)) out.push(`${where}.uv [${uv.join(", ")}] leaves 0..16`);
  }
  if ("rotation" in face && ![0, 90, 180, 270].includes(face.rotation as number))
    out.push(`${where}.rotation must be 0, 90, 180 or 270`);
  if (
    "cullface" in face &&
    !(FACES as readonly string[]).includes(face.cullface as string) &&
    face.cullface !== "bottom"
  )
    out.push(`${where}.cullface must name a face direction`);
  if ("tintindex" in face && !Number.isInteger(face.tintindex)) out.push(`${where}.tintindex must be an integer`);
}

function checkElement(
  el: unknown,
  where: string,
  opts: ModelRuleOptions,
  resolves: (s: string) => boolean,
  out: string[],
): void {
  if (!isObj(el)) return void out.push(`${where} must be an object`);
  const from = numbers(el.from, 3);
  const to = numbers(el.to, 3);
  if (!from) out.push(`${where}.from must be 3 numbers`);
  if (!to) out.push(`${where}.to must be 3 numbers`);
  for (const [name, v] of [
    ["from", from],
    ["to", to],
  ] as const)
    if (v?.some((n) => n < -16 || n > 32)) out.push(`${where}.${name} [${v.join(", ")}] leaves -16..32`);
  if (from && to && from.some((n, i) => n > to[i])) out.push(`${where}.from is greater than .to on some axis`);
  if ("rotation" in el) checkRotation(el.rotation, where, opts.minecraftVersion, out);
  if (!isObj(el.faces) || Object.keys(el.faces).length === 0)
    return void out.push(`${where}.faces must list at least one face`);
  for (const [dir, face] of Object.entries(el.faces)) {
    if (!(FACES as readonly string[]).includes(dir)) out.push(`${where}.faces.${dir} is not a face direction`);
    else checkFace(face, `${where}.faces.${dir}`, resolves, out);
  }
  if ("shade" in el && typeof el.shade !== "boolean") out.push(`${where}.shade must be true or false`);
  if ("light_emission" in el) {
    const l = el.light_emission;
    if (!Number.isInteger(l) || (l as number) < 0 || (l as number) > 15)
      out.push(`${where}.light_emission must be an integer 0..15`);
    else if (!atLeast(opts.minecraftVersion, LIGHT_EMISSION))
      out.push(`${where}.light_emission needs ${LIGHT_EMISSION} or newer`);
  }
}

function checkDisplay(display: unknown, version: string, out: string[]): void {
  if (!isObj(display)) return void out.push(`display must be an object`);
  const contexts = displayContextsFor(version);
  for (const [ctx, t] of Object.entries(display)) {
    const where = `display.${ctx}`;
    if (!contexts.includes(ctx)) {
      out.push(`${where} is not a display context${ctx === "on_shelf" ? ` before ${ON_SHELF_DISPLAY}` : ""}`);
      continue;
    }
    if (!isObj(t)) {
      out.push(`${where} must be an object`);
      continue;
    }
    for (const key of ["rotation", "translation", "scale"]) {
      if (!(key in t)) continue;
      const v = numbers(t[key], 3);
      if (!v) out.push(`${where}.${key} must be 3 numbers`);
      else if (key === "translation" && v.some((n) => n < -80 || n > 80))
        out.push(`${where}.translation leaves -80..80`);
      else if (key === "scale" && v.some((n) => n < -4 || n > 4)) out.push(`${where}.scale leaves -4..4`);
    }
  }
}

/** Every problem the game (or a careful exporter) would have with this model; empty means valid. */
export function checkBlockModel(model: unknown, opts: ModelRuleOptions): string[] {
  const out: string[] = [];
  if (!isObj(model)) return ["a model must be a JSON object"];
  const textures = model.textures ?? {};
  if (!isObj(textures)) out.push(`textures must be an object`);
  const tex = isObj(textures) ? textures : {};
  for (const [slot, v] of Object.entries(tex)) {
    const ok =
      typeof v === "string" || (isObj(v) && typeof v.sprite === "string" && atLeast(opts.minecraftVersion, "26.1"));
    if (!ok) out.push(`textures.${slot} must be a texture path or "#slot"`);
  }
  const hasParent = typeof model.parent === "string" && model.parent.length > 0;
  if ("parent" in model && typeof model.parent !== "string") out.push(`parent must be a string`);
  // A slot may point at another slot ("#wood"); follow the chain so a cycle or dead end is caught.
  const resolves = (slot: string): boolean => {
    const seen = new Set<string>();
    let cur = slot;
    while (!seen.has(cur)) {
      seen.add(cur);
      const v = tex[cur];
      if (v === undefined) return hasParent && opts.textureSlots !== "must-resolve";
      if (typeof v === "string" && v.startsWith("#")) cur = v.slice(1);
      else return true;
    }
    return false;
  };
  for (const [slot, v] of Object.entries(tex))
    if (typeof v === "string" && v.startsWith("#") && !resolves(slot))
      out.push(`textures.${slot} (${v}) never resolves to a texture`);
  if ("elements" in model) {
    if (!Array.isArray(model.elements)) out.push(`elements must be a list`);
    else model.elements.forEach((el, i) => checkElement(el, `elements[${i}]`, opts, resolves, out));
  }
  if (!hasParent && !("elements" in model)) out.push(`a model needs "elements" or a "parent"`);
  if ("display" in model) checkDisplay(model.display, opts.minecraftVersion, out);
  if ("ambientocclusion" in model && typeof model.ambientocclusion !== "boolean")
    out.push(`ambientocclusion must be true or false`);
  return out;
}
