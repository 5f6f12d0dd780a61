/**
 * A thing no model template is near but the item painters draw (a family or an icon of the drawn library: a teddy
 * bear, a skull, an hourglass, a trophy, a telescope) is modelled as that picture standing up: the item painter's
 * sprite for the prompt, extruded into boxes the way the game makes its item models 3D (item3d-extrude.ts),
 * facing north on the middle of the block. Better than a broad kind's template (a thermos drawn as a barrel) or
 * stacked boxes: it is the thing, in the prompt's materials and colours. A statue of a thing the painters draw
 * ("marble statue of a cat", "golden dragon statue") is that picture in the statue's material on a plinth, and
 * anything said to stand on a pedestal stands on one.
 */
import type { GeneratedModel, ModelRequest } from "../types.ts";
import { chooseItemSubject, type ItemSubject } from "../interpret/subject.ts";
import { chosenTemplate, headOf } from "./index.ts";
import { itemRgba } from "../item.ts";
import { encodePng } from "../../media/png.ts";
import { SPRITE_SLOT, extrudeSprite } from "../item3d-extrude.ts";
import { column, displayForBounds, toElements, type Vec3 } from "./kit.ts";
import { supportWord } from "./pedestal.ts";
import { materialsIn } from "./materials.ts";
import { statue } from "./statue.ts";
import { isColour } from "./colours.ts";

/**
 * The item subject a model prompt is drawn as, or null: when no template is named, or when the template was only
 * reached through the lexicon from the same words the item painters draw more nearly (an hourglass is a picture of
 * itself, not a clock four steps away), or named only by a word beside the head ("ship's anchor" is an anchor, not
 * a boat; "skull on a table" a skull). The item subject must be near (its own name or one step), or a far cousin
 * would stand in for it.
 */
export function figureSubject(prompt: string): ItemSubject | null {
  const template = chosenTemplate(prompt);
  if (template?.head && template.steps === 0) return null;
  const subject = nearSubject(prompt);
  if (!subject) return null;
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

/** The item painters' subject for the prompt when they draw it as itself or one step away. */
function nearSubject(prompt: string): ItemSubject | null {
  const subject = chooseItemSubject(prompt);
  return subject && !subject.fallback && subject.words.size > 0 && (subject.steps ?? 0) <= 1 ? subject : null;
}

/**
 * What a statue is a statue of, when the item painters draw it ("statue of a knight", "cat statue"): the thing
 * with the statue's words left out; null for a plain statue or a thing nobody draws.
 */
export function statueOf(prompt: string): ItemSubject | null {
  if (chosenTemplate(prompt)?.template !== statue) return null;
  // Without the statue's words and its materials and colours ("marble" is a stone here, not a toy marble).
  const made = new Set(materialsIn(prompt).flatMap((m) => m.text.split(" ")));
  const rest = prompt
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(
      (w) =>
        w && !made.has(w) && !isColour(w) && !statue.words.includes(w) && !statue.words.includes(w.replace(/s$/, "")),
    )
    .join(" ");
  const subject = nearSubject(rest);
  return subject && !statue.words.includes(subject.subject) ? subject : null;
}

interface Figure {
  /** What the item painter is asked to draw. */
  sprite: string;
  /** The pedestal's material, when the figure stands on one. */
  pedestal: string | null;
}

/** The word a figure stands on ("on a stand"), read with its subject: it draws the plinth. */
export const figureSupport = (prompt: string): string | null => supportWord(prompt, statue);

/** The figure a model prompt is drawn as, or null for a template's model. */
export function figureOf(prompt: string): Figure | null {
  const of = statueOf(prompt);
  if (of) {
    // The statue's material (stone unless one is said), the thing in it, on a plinth of the same.
    const said = materialsIn(prompt).find((m) => m.kind === "stone" || m.kind === "metal" || m.kind === "crystal");
    const material = said?.text ?? "stone";
    return {
      sprite: `${material} ${[...of.words].join(" ")}`,
      pedestal: said?.kind === "stone" ? material : "stone bricks",
    };
  }
  if (!figureSubject(prompt)) return null;
  const support = figureSupport(prompt);
  if (!support) return { sprite: prompt, pedestal: null };
  // The pedestal is of the material said just before it ("on a marble pedestal"), else smooth stone.
  const before = new RegExp(`\\b([a-z]+)\\s+${support}\\b`).exec(prompt.toLowerCase())?.[1];
  const made = before ? materialsIn(before)[0]?.text : undefined;
  return { sprite: prompt, pedestal: made ?? "smooth stone" };
}

/** Paints a slot → material map as model textures (model.ts paintSlots). */
type Painter = (materials: Record<string, string>) => {
  textureMap: Record<string, string>;
  textures: Record<string, Uint8Array>;
};

/** The figure as a model: the item sprite extruded, standing up, on a plinth when it has one. */
export function figureModel(req: ModelRequest, figure: Figure, paint: Painter): GeneratedModel {
  const sprite = itemRgba({
    prompt: figure.sprite,
    spec: req.spec,
    seed: req.seed,
    style: req.style,
    size: 16,
    target: null,
  });
  const model = extrudeSprite(sprite, req.textureId(SPRITE_SLOT), false);
  let elements = model.elements as { from: Vec3; to: Vec3 }[];
  const textures: Record<string, Uint8Array> = { [SPRITE_SLOT]: encodePng(sprite) };
  const modelTextures = { ...(model.textures as Record<string, string>) };
  if (figure.pedestal) {
    // The picture at three quarters, standing on a plinth four pixels high.
    const h = 4;
    const q = (n: number) => Math.round(n * 4) / 4;
    const lift = (v: Vec3): Vec3 => [q(8 + (v[0] - 8) * 0.75), q(h + v[1] * 0.75), q(8 + (v[2] - 8) * 0.75)];
    const plinth = toElements(
      [column(8, 8, 12, 8, 0, 1, "pedestal"), column(8, 8, 10, 6, 1, h - 1, "pedestal")],
      req.minecraftVersion,
    ) as unknown as { from: Vec3; to: Vec3 }[];
    elements = [...plinth, ...elements.map((el) => ({ ...el, from: lift(el.from), to: lift(el.to) }))];
    const painted = paint({ pedestal: figure.pedestal });
    Object.assign(textures, painted.textures);
    modelTextures.pedestal = req.textureId(painted.textureMap.pedestal);
  }
  const min: Vec3 = [16, 16, 16];
  const max: Vec3 = [0, 0, 0];
  for (const el of elements)
    for (let i = 0; i < 3; i++) {
      min[i] = Math.min(min[i], el.from[i]);
      max[i] = Math.max(max[i], el.to[i]);
    }
  // Shown as a block's model is (turned in the inventory), not as a flat item; small ones without dark corners.
  const out: Record<string, unknown> = { textures: modelTextures, elements, display: displayForBounds(min, max) };
  if (req.carrierKind !== "full") out.ambientocclusion = false;
  return { model: out, textures };
}
