import type { JobTask, Task, ProviderSettings, TaskResult } from "./task.ts";
import { generateTexture } from "./texture.ts";
import { generateItem } from "./item.ts";
import { generateIcon } from "./icon.ts";
import { generateGui } from "./gui.ts";
import { generateHud } from "./hud.ts";
import { generateSound } from "./sound.ts";
import { generateModel } from "./model.ts";
import { generateItem3d } from "./item3d.ts";
import { encodePng } from "../media/png.ts";
import { imageFromProvider } from "./providers/openai-images.ts";
import { promptWithSpec } from "./interpret/with-spec.ts";
import { finishLook } from "./look/finish.ts";
import { editPicture } from "./look/edit.ts";

/** Runs one task to bytes. Called inside a worker; pure apart from the optional external image provider. */
export async function runTask(task: JobTask, provider: ProviderSettings): Promise<TaskResult> {
  if (task.op === "edit") {
    if (!task.source.png) throw new Error("the picture to edit did not reach the worker");
    return editPicture(task.source.png, task.req);
  }
  return finishLook(task, await paint(task, provider));
}

/** The painter's own picture, before the passes every result goes through (gen/look/finish.ts). */
async function paint(given: Task, provider: ProviderSettings): Promise<TaskResult> {
  // A caller's spec reaches most painters as words put before the prompt (they take the first material,
  // colour and structure they meet, so the spec wins); item painters read the spec's parts themselves.
  const task =
    given.req.spec && given.op !== "item" && given.op !== "item3d"
      ? ({
          ...given,
          req: { ...given.req, prompt: promptWithSpec(given.req.prompt, given.req.spec) },
        } as Task)
      : given;
  const external =
    provider.name === "openai-images" &&
    (task.op === "texture" || task.op === "item" || task.op === "icon") &&
    // A sketch is the caller's own drawing: shaded here, never redrawn by an image model.
    !task.req.sketch;
  if (external) return { main: encodePng(await imageFromProvider(task, provider)), meta: { provider: provider.name } };
  switch (task.op) {
    case "texture":
      return { main: generateTexture(task.req) };
    case "item":
      return { main: generateItem(task.req) };
    case "icon":
      return { main: generateIcon(task.req) };
    case "gui":
      return { main: generateGui(task.req) };
    case "hud":
      return { main: generateHud(task.req) };
    case "sound":
      return { main: await generateSound(task.req) };
    case "model":
    case "item3d": {
      const textureId = (slot: string) => task.texturePrefix + slot;
      const out =
        task.op === "model" ? generateModel({ ...task.req, textureId }) : generateItem3d({ ...task.req, textureId });
      return { main: new TextEncoder().encode(JSON.stringify(out.model)), textures: out.textures };
    }
  }
}
