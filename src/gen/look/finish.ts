import type { Task, TaskResult } from "../task.ts";
import { decodePng } from "../../media/png-decode.ts";
import { encodePng, type Rgba } from "../../media/png.ts";
import { analyseReference, describeLook, type ReferenceLook } from "./reference.ts";
import { steerTowardReference } from "./steer.ts";
import { lockToPalette } from "./palette-lock.ts";
import { animateStill, animationMcmeta, fullAnimation } from "./animate.ts";

/** A reference was checked at upload (2048 px edge at most); the worker holds it to that again. */
const REFERENCE_DECODE_LIMITS = { maxEdge: 2048, maxPixels: 2048 * 2048 };

/** The tasks whose own file is a picture (a model's and a 3D item's are JSON, with pictures beside them). */
const PICTURE_MAIN = new Set<Task["op"]>(["texture", "item", "icon", "gui", "hud"]);

/**
 * The passes every generation's pictures go through after their painter, in one place (gen/run.ts calls it):
 * first a reference's look (textures and models that name one), then an animation (textures, items and icons
 * that ask for one: the still becomes a strip of frames, with its .png.mcmeta in the result's meta), then the
 * style guide's palette lock (every picture, frames included, when the task carries a guide with a palette).
 * Pure functions of the pixels, the task and its seed.
 */
export function finishLook(task: Task, result: TaskResult): TaskResult {
  if (task.op === "sound") return result;
  const reference = "reference" in task ? task.reference : undefined;
  const look = reference?.png ? analyseReference(decodePng(reference.png, REFERENCE_DECODE_LIMITS)) : null;
  const style = task.req.style;
  const palette = style?.palette.length ? style.palette : null;
  const animation = "animation" in task.req && task.req.animation ? fullAnimation(task.req.animation) : null;
  if (!look && !palette && !animation) return result;
  let frame = { width: 0, height: 0 };
  const pass = (png: Uint8Array, structure: boolean, main: boolean) => {
    let img: Rgba = decodePng(png);
    if (main) frame = { width: img.width, height: img.height };
    if (look && reference) img = steerTowardReference(img, look, reference.strength, structure);
    if (animation && main) img = animateStill(img, animation, task.req.seed);
    if (palette) img = lockToPalette(img, palette, style?.dither ?? "none");
    return encodePng(img);
  };
  // A model's textures take colour and value only: its faces are laid out by the model, not tiled.
  const main = PICTURE_MAIN.has(task.op) ? pass(result.main, task.op === "texture", true) : result.main;
  const textures = result.textures
    ? Object.fromEntries(Object.entries(result.textures).map(([slot, png]) => [slot, pass(png, false, false)]))
    : undefined;
  const meta = {
    ...(result.meta ?? {}),
    ...(look && reference
      ? { interpretation: { reference: takenFrom(look, reference.id, reference.strength, task.op === "texture") } }
      : {}),
    // The asset's sidecar, written beside the strip by the export (as an imported texture's is).
    ...(animation
      ? { animation: { ...animation, frameHeight: frame.height }, mcmeta: animationMcmeta(animation, frame) }
      : {}),
  };
  return { main, ...(textures ? { textures } : {}), ...(Object.keys(meta).length ? { meta } : {}) };
}

/** What the job's interpretation says was taken from the reference. */
function takenFrom(look: ReferenceLook, id: string, strength: number, structure: boolean) {
  const { structure: repeat, ...said } = describeLook(look);
  const used = structure && repeat ? { structure: repeat } : {};
  return {
    referenceId: id,
    strength,
    ...said,
    ...used,
    taken: ["palette", "value range", "contrast", ...(used.structure ? ["structure"] : [])],
  };
}
