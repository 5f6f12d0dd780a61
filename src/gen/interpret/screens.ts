/**
 * The words of GUIs, HUDs and models that their painters read apart from the material and colour: a GUI's
 * frame, slot and screen words (gui/words.ts), a HUD's parts (hud/parts.ts), a model's slot colours
 * (models/colours.ts). `used`: every such word; `taken`: the describing words they take, which are then not
 * the panel's, the theme's or the model's own colour in the interpretation.
 */
import type { ArtKind } from "./spec.ts";
import { readGuiWords } from "../gui/words.ts";
import { readHudParts } from "../hud/parts.ts";
import { pickTemplate } from "../models/index.ts";
import { assignMaterials } from "../models/materials.ts";
import { isColour, slotColours } from "../models/colours.ts";
import { joinColourPhrases } from "../art/colour-names.ts";

export function screenWords(
  kind: ArtKind,
  prompt: string,
  target: string,
): { used: Set<string>; taken: Set<string> } | null {
  if (kind === "gui") return readGuiWords(prompt, target);
  if (kind === "hud") return readHudParts(prompt, 0);
  if (kind === "model") return modelColourWords(prompt);
  return null;
}

/**
 * The words a model's slot colours use ("yellow cushions"), read against the template's default materials. The
 * first colour in the prompt is reported as the model's colour (interpret's own loop); the later ones are taken.
 */
function modelColourWords(prompt: string): { used: Set<string>; taken: Set<string> } {
  const t = pickTemplate(prompt);
  const { used } = slotColours(prompt, t.slots, assignMaterials(prompt, t.slots));
  const words = joinColourPhrases(
    prompt
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean),
  );
  const first = words.find((w) => used.has(w) && isColour(w));
  return { used, taken: new Set([...used].filter((w) => w !== first)) };
}
