/**
 * A thing no model template is near but the item painters draw (a family or an icon of the drawn library: a teddy
 * bear, a skull, an hourglass, a trophy, a telescope) is modelled as that picture standing up: the item painter's
 * sprite for the prompt, extruded into boxes the way the game makes its item models 3D (item3d-extrude.ts),
 * facing north on the middle of the block. Better than a broad kind's template (a thermos drawn as a barrel) or
 * stacked boxes: it is the thing, in the prompt's materials and colours.
 */
import type { GeneratedModel, ModelRequest } from "../types.ts";
import { chooseItemSubject, type ItemSubject } from "../interpret/subject.ts";
import { chosenTemplate, headOf } from "./index.ts";
import { itemRgba } from "../item.ts";
import { encodePng } from "../../media/png.ts";
import { SPRITE_SLOT, extrudeSprite } from "../item3d-extrude.ts";
import { displayForBounds, type Vec3 } from "./kit.ts";

/**
 * The item subject a model prompt is drawn as, or null: when no template is named, or when the template was only
 * reached through the lexicon from the same words the item painters draw more nearly (an hourglass is a picture of
 * itself, not a clock four steps away), or named only by a word beside the head ("ship's anchor" is an anchor, not
 * a boat; "skull on a table" a skull). The item subject must be near
 * (its own name or one step), or a far cousin would stand in for it.
 */
export function figureSubject(prompt: string): ItemSubject | null {
  const template = chosenTemplate(prompt);
  if (template?.head && template.steps === 0) return null;
  const subject = chooseItemSubject(prompt);
  if (!subject || subject.fallback || subject.words.size === 0 || (subject.steps ?? 0) > 1) return null;
  if (!template) {
    // Only a word in front of the head named it ("garden gnome" is no garden): not the thing.
    const { head, before } = headOf(prompt);
    const modifier = [...subject.words].every((w) => before.includes(w) && !head.includes(w));
    return modifier ? null : subject;
  }
  // A word a template calls its own is that template's, whatever the item painters make of it ("oil lamp").
  if (subject.subject === template.template.name || [...subject.words].some((w) => chosenTemplate(w)?.steps === 0))
    return null;
  // A template said only in front of the head or after it ("ship's anchor", "skull on a table") stands aside
  // for the head noun drawn as itself.
  if (!template.head) return [...subject.words].some((w) => template.headWords.includes(w)) ? subject : null;
  const same = [...subject.words].every((w) => template.words.includes(w));
  return same && (subject.steps ?? 0) < template.steps ? subject : null;
}

/** The item sprite for the prompt as a standing model, its one texture under the sprite slot. */
export function figureModel(req: ModelRequest): GeneratedModel {
  const sprite = itemRgba({
    prompt: req.prompt,
    spec: req.spec,
    seed: req.seed,
    style: req.style,
    size: 16,
    target: null,
  });
  const model = extrudeSprite(sprite, req.textureId(SPRITE_SLOT), false);
  const elements = model.elements as { from: Vec3; to: Vec3 }[];
  const min: Vec3 = [16, 16, 16];
  const max: Vec3 = [0, 0, 0];
  for (const el of elements)
    for (let i = 0; i < 3; i++) {
      min[i] = Math.min(min[i], el.from[i]);
      max[i] = Math.max(max[i], el.to[i]);
    }
  // Shown as a block's model is (turned in the inventory), not as a flat item; small ones without dark corners.
  const out: Record<string, unknown> = { textures: model.textures, elements, display: displayForBounds(min, max) };
  if (req.carrierKind !== "full") out.ambientocclusion = false;
  return { model: out, textures: { [SPRITE_SLOT]: encodePng(sprite) } };
}
