/**
 * The interpretation of a generation task, as its painter will draw it: computed when the job is accepted
 * (answered at once and kept on the asset) from the same pure functions the worker runs.
 */
import type { Task } from "../task.ts";
import type { Interpretation } from "./spec.ts";
import { interpret } from "./read.ts";
import { promptWithSpec } from "./with-spec.ts";
import { textureMaterial } from "../texture.ts";
import { itemFamily } from "../item.ts";
import type { Sketch } from "../art/sketch.ts";
import { sketchedInterpretation, sketchParts } from "../sketch-flavours.ts";

/** A sketched task's parts are its legend's (gen/sketch-flavours.ts): flavours said of them land there. */
const sketched = (sketch: Sketch | undefined) => (sketch ? { sketchParts: sketchParts(sketch) } : {});

export function interpretTask(task: Task): Interpretation {
  const read = readTask(task);
  // A sketch draws its legend's colours: the answer keeps what it paints (gen/sketch-flavours.ts).
  return "sketch" in task.req && task.req.sketch ? sketchedInterpretation(read) : read;
}

function readTask(task: Task): Interpretation {
  const { req } = task;
  switch (task.op) {
    case "texture": {
      const words = [task.req.prompt, task.req.description ?? ""].join(" ").trim();
      const m = textureMaterial({ ...task.req, prompt: promptWithSpec(task.req.prompt, req.spec) });
      return interpret("texture", words, req.spec, {
        target: task.req.vanillaTarget,
        structure: m.structure,
        surface: m.substance,
        ...sketched(task.req.sketch),
      });
    }
    case "item":
    case "item3d":
      return interpret("item", req.prompt, req.spec, {
        target: task.req.target,
        fallbackItem: itemFamily({ prompt: promptWithSpec(req.prompt, req.spec), target: task.req.target }),
        ...sketched(task.req.sketch),
      });
    case "icon":
      return interpret("icon", req.prompt, req.spec, { name: task.req.name, ...sketched(task.req.sketch) });
    case "gui":
      return interpret("gui", req.prompt, req.spec, { target: task.req.target });
    case "hud":
      return interpret("hud", req.prompt, req.spec);
    case "sound":
      return interpret("sound", req.prompt, req.spec, { event: task.req.event });
    case "model":
      return interpret("model", req.prompt, req.spec);
  }
}
