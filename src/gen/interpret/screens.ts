/**
 * The words of GUIs, HUDs and models that their painters read apart from the material and colour: a GUI's
 * frame, slot and screen words (gui/words.ts), a HUD's parts (hud/parts.ts), a model's slot colours
 * (models/colours.ts). `used`: every such word; `taken`: the describing words they take, which are then not
 * the panel's, the theme's or the model's own colour in the interpretation.
 */
import type { ArtKind } from "./spec.ts";
import { readGuiWords } from "../gui/words.ts";
import { readHudParts } from "../hud/parts.ts";
import { optionWords, pickTemplate } from "../models/index.ts";
import { assignMaterials, materialWordsUsed } from "../models/materials.ts";
import { proportionOf } from "../models/proportions.ts";
import { contentsOf } from "../models/contents.ts";
import { figureSubject, figureSupport } from "../models/figure.ts";
import { isColour, slotColours } from "../models/colours.ts";
import { joinColourPhrases } from "../art/colour-names.ts";
import { foldWord } from "./lexicon.ts";
import { readForm } from "../gui/form.ts";
import { readOrnaments } from "../gui/ornaments.ts";
import { readWidgetWords } from "../gui/widget-words.ts";
import { vanillaWord } from "../gui/vanilla.ts";
import { hudOrnaments } from "../hud/marks.ts";
import { iconAccent, iconOutline } from "../icon-accent.ts";
import { GLYPHS, glyphFor } from "../art/glyphs.ts";

/** An icon's accent words (icon-accent.ts): drawn in the glyph's accent pixels, so read and not the main colour. */
function iconAccentWords(prompt: string, name: string): { used: Set<string>; taken: Set<string> } {
  const glyph = glyphFor(name, prompt);
  // The outline is drawn on glyphs only (icon.ts); an item icon reads its parts as the items do.
  const rim = glyph in GLYPHS ? (iconOutline(prompt)?.words ?? []) : [];
  const words = [...(iconAccent(glyph, prompt)?.words ?? []), ...rim];
  return { used: new Set(words), taken: new Set(words) };
}
import { flavoursOf } from "./flavour.ts";

/**
 * A GUI's or HUD's form words (gui/form.ts: rounded, minimalist, transparent, monochrome) and a GUI's ornaments
 * with the colour words they take (gui/ornaments.ts: "golden ornaments", "iron hinges", "starry"): drawn, so read.
 */
function withScreenForm<T extends { used: Set<string>; taken: Set<string> }>(
  read: T,
  prompt: string,
  gui: boolean,
  target = "",
): T {
  for (const w of readForm(prompt, flavoursOf(prompt)).words) read.used.add(w);
  const vanilla = vanillaWord(prompt);
  if (vanilla) read.used.add(vanilla);
  if (gui) {
    const widgets = readWidgetWords(prompt, target);
    for (const w of widgets.used) read.used.add(w);
    for (const w of widgets.taken) read.taken.add(w);
  }
  if (gui)
    for (const o of readOrnaments(prompt)) {
      read.used.add(o.word);
      if (o.colour) read.used.add(o.colour), read.taken.add(o.colour);
    }
  else for (const o of hudOrnaments(prompt)) for (const w of o.words) read.used.add(w), read.taken.add(w);
  return read;
}

export function screenWords(
  kind: ArtKind,
  prompt: string,
  target: string,
): { used: Set<string>; taken: Set<string> } | null {
  if (kind === "gui") return withScreenForm(readGuiWords(prompt, target), prompt, true, target);
  if (kind === "hud") return withScreenForm(readHudParts(prompt, 0), prompt, false);
  if (kind === "model") return modelColourWords(prompt);
  if (kind === "icon") return iconAccentWords(prompt, target);
  return null;
}

/**
 * The words a model's slot colours use ("yellow cushions"), read against the template's default materials. The
 * first colour in the prompt is reported as the model's colour (interpret's own loop); the later ones are taken.
 */
function modelColourWords(prompt: string): { used: Set<string>; taken: Set<string> } {
  // A figure (models/figure.ts) is the item painters' picture: no template's slots, options or contents are read;
  // its plinth and proportion are.
  if (figureSubject(prompt)) {
    const used = new Set<string>();
    const on = figureSupport(prompt);
    if (on) used.add(on);
    const proportion = proportionOf(prompt);
    if (proportion) used.add(proportion.word);
    return { used, taken: new Set() };
  }
  const t = pickTemplate(prompt);
  const materials = assignMaterials(prompt, t.slots);
  const { used } = slotColours(prompt, t.slots, materials);
  // A material a slot took (models/materials.ts) that the texture painter reads through the lexicon ("fabric": a
  // cloth) is read; one it cannot paint as itself ("paper") stays unmatched.
  for (const [slot, m] of Object.entries(materials))
    if (m !== t.slots[slot].material)
      for (const w of m.split(" ")) if (["s", "m", "w"].includes(foldWord(w)?.category ?? "")) used.add(w);
  // And the material words said that changed a slot, also where the painter draws their kind's plain material.
  for (const w of materialWordsUsed(prompt, t.slots)) if (!isColour(w)) used.add(w);
  const words = joinColourPhrases(
    prompt
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean),
  );
  const first = words.find((w) => used.has(w) && isColour(w));
  const taken = new Set([...used].filter((w) => w !== first));
  // The words the template built a detail for ("hanging lantern", "clock on the wall") are read too.
  const options = [...optionWords(prompt)];
  for (const w of words) if (options.some((o) => w.startsWith(o))) used.add(w);
  // The thing it holds, painted in its own colour (models/contents.ts: "basket of apples").
  const held = contentsOf(prompt, t);
  if (held) used.add(held.word);
  const proportion = proportionOf(prompt);
  if (proportion) used.add(proportion.word);
  return { used, taken };
}
