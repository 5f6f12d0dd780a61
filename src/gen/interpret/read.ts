/**
 * Reads a prompt into an Interpretation: what the painters will draw from it, word by word, and the words
 * that change nothing. It asks the painters' own choosers (item family, texture structure, model template,
 * sound family, glyph), so it reports what is drawn, not what a separate parser guesses; and it reads the
 * words with the same tables and normalisation as the painters (art/vocabulary.ts, art/material.ts).
 *
 * What the painters honour, and so what counts as used:
 * - the subject word(s) of the kind's chooser;
 * - the first material of each class (substance, wood, mineral) and the first colour (items: three colours,
 *   art/item-colours.ts): later ones do not change the picture and are reported as unmatched;
 * - the first surface structure word (textures and GUIs), and every wear/tone word (mossy, cracked, dark…);
 * - items: `<material|colour> <part>` pairs ("gold hilt", "red ribbon"), each painted in its part's region.
 * Stop words (a, the, with, of…) are never reported.
 */
import type { ArtKind, ArtPart, ArtSpec, Interpretation } from "./spec.ts";
import { MINERALS, STRUCTURE_WORDS, WOODS } from "../art/vocabulary.ts";
import { BRICK_BONDS } from "../art/vocabulary-surfaces.ts";
import { broadTemplate, chosenTemplate, pickTemplate } from "../models/index.ts";
import { figureSubject, statueOf } from "../models/figure.ts";
import { markWords } from "../gui/marks.ts";
import { chooseSound, matchesWord } from "../sound/choose.ts";
import { GLYPHS, glyphFor } from "../art/glyphs.ts";
import { libraryIconOf, reach } from "./lexicon.ts";
import { isModifier, normalise, STOP_WORDS, tokens } from "./tokens.ts";
import { impliedOverlays, OVERLAY_WORDS, readOverlays } from "../art/layers.ts";
import { chooseItemSubject } from "./subject.ts";
import { withSpec } from "./with-spec.ts";
import { drawsFlavour, flavourOfWord, readFlavours, withSpecEffects } from "./flavour.ts";
import { FLAVOUR_OF } from "../art/flavours.ts";
import { JOINT_WORDS, namesMaterial } from "../art/material-colours.ts";
import { screenWords } from "./screens.ts";
import { isColour, isMaterial, reported } from "./word-class.ts";
import { scanParts } from "./scan-parts.ts";
import { notDrawnPattern, textureSubject } from "./texture-subject.ts";
import { styleFrames } from "./looks.ts";
import { withOwnedFlavours, withPartEffects } from "./part-flavours.ts";
import { ownedOf, partFamily, partLibrary } from "./part-flavour-words.ts";
import { yieldsToNoun } from "./material-adjectives.ts";
import { symbolWord } from "./symbol-words.ts";
import { severalOf } from "./quantities.ts";
import { emblemOrHeld, portionSaid } from "./portions.ts";
import { itemPatternOf } from "../art/item-patterns.ts";
import { intensified } from "./intensifiers.ts";

/** Texture structures painted in two colours (art/patterns.ts; laid ones: the second is the joints'). */
const TWO_COLOUR = new Set(["checkered", "stripes", "bookshelf", "bricks", "tiles", ...BRICK_BONDS]);

/** The kind's chooser: which subject it draws, and which words chose it. */
export function subjectOf(
  kind: ArtKind,
  prompt: string,
  ctx: InterpretContext,
): {
  subject: string;
  words: Set<string>;
  via?: string[];
  fallback?: string;
  paths?: string[][];
  wordPaths?: string[][];
} {
  const words = new Set<string>();
  const mark = (test: (w: string) => boolean) => {
    for (const t of tokens(prompt)) if (test(t.raw)) words.add(t.raw);
  };
  switch (kind) {
    case "item": {
      const chosen = chooseItemSubject(prompt, ctx.target);
      if (chosen) return chosen;
      return { subject: ctx.fallbackItem ?? "gem", words };
    }
    case "model": {
      // The template and the words that named it (models/choose.ts), with the path of one reached through WordNet.
      const t = pickTemplate(prompt);
      const by = chosenTemplate(prompt);
      // A thing the item painters draw more nearly than any template stands as its picture (models/figure.ts).
      const figure = figureSubject(prompt);
      if (figure) return { subject: figure.subject, words: figure.words, ...(figure.via ? { via: figure.via } : {}) };
      if (!by) return { subject: t.name, words };
      // A statue of a thing the painters draw ("statue of a knight") is drawn as that thing: its word is read.
      const of = statueOf(prompt);
      // Any other word of the same template names it too ("forge with an anvil").
      const own = (w: string) => t.words.some((tw) => new RegExp(`^${tw}(?:s|es)?$`).test(w));
      mark((w) => w.split("_").every((part) => by.words.includes(part)) || !!of?.words.has(w) || own(w));
      return { subject: t.name, words, ...(by.via ? { via: by.via } : {}) };
    }
    case "sound": {
      const { family } = chooseSound(prompt, ctx.event ?? "");
      mark((w) => family.words.some((fw) => matchesWord(w, fw)));
      return { subject: family.id, words };
    }
    case "icon": {
      const glyph = glyphFor(ctx.name ?? "", prompt);
      const fallbackGlyph = glyphFor("", "zzz");
      // An arrow's own word names it whichever way it points ("arrow pointing up"); a symbol's kind word names the
      // glyph drawn (interpret/symbol-words.ts: "warning sign", "check mark").
      const family = (g: string) => (g.startsWith("arrow_") ? "arrow" : g);
      // The fallback glyph (orb) is named only by its own name ("orb", "orbs"), not by any word that reaches nothing.
      const ownName = (w: string) => w === glyph || w === `${glyph}s`;
      mark((w) => family(glyphFor("", w)) === family(glyph) && (fallbackGlyph !== glyph || ownName(w)));
      if (glyph in GLYPHS) mark((w) => symbolWord(w, glyph));
      // A glyph reached through the lexicon (glyphFor asks it when no glyph word is said): its word and path.
      const by = tokens(`${ctx.name ?? ""} ${prompt}`)
        .map((tok) => ({ tok, hit: reach(tok.raw, ["g"]) }))
        .find(({ hit }) => hit?.target === glyph && hit.via.length > 1);
      if (by && !words.size) words.add(by.tok.raw);
      // A library subject is drawn as the item (icon.ts): the items' chooser says which words and what kind.
      // The prompt alone first, as glyphFor reads it, then with the name.
      const drawn =
        glyph in GLYPHS
          ? null
          : [chooseItemSubject(prompt), chooseItemSubject(`${ctx.name ?? ""} ${prompt}`)].find(
              (d) => (d?.icon && d.subject === glyph.replace(/_/g, " ")) || (d?.family === glyph && !d.icon && d.via),
            );
      if (drawn) return { subject: drawn.subject, words: drawn.words, ...(drawn.via ? { via: drawn.via } : {}) };
      // A library subject is said with spaces, as the items say it ("speech bubble").
      const said = !(glyph in GLYPHS) && libraryIconOf(glyph) ? glyph.replace(/_/g, " ") : glyph;
      return { subject: said, words, ...(by && words.has(by.tok.raw) ? { via: by.hit!.via } : {}) };
    }
    case "gui":
      return { subject: ctx.target ?? "container", words };
    case "hud":
      return { subject: "hud", words };
    case "texture": {
      // The structure or material the painter draws, and how the prompt's surface words reached it.
      const read = textureSubject(prompt, tokens(prompt), ctx.structure, ctx.surface);
      return { subject: read.subject, words: read.words, paths: read.via, wordPaths: read.wordPaths };
    }
  }
}

export interface InterpretContext {
  /** The vanilla target (item id, texture name, screen): it can decide the subject. */
  target?: string | null;
  name?: string;
  event?: string;
  /** The texture structure the painter settled on when the prompt names none. */
  structure?: string;
  /** The material the texture painter drew (its Material's name: "sandstone", "oak", "custom"). */
  surface?: string;
  /** The item family drawn when nothing in the prompt names one. */
  fallbackItem?: string;
  /** A sketch's legend part names: the parts a flavour may be said of instead of the family's (gen/sketch-flavours.ts). */
  sketchParts?: readonly string[];
}

/** Reads `prompt` for `kind`; `spec` (the caller's own structured words) wins field by field. */
export function interpret(
  kind: ArtKind,
  prompt: string,
  spec: ArtSpec = {},
  ctx: InterpretContext = {},
): Interpretation {
  const toks = tokens(prompt);
  // An icon that draws an item is finished as one (icon.ts: patterns, emblems, several copies).
  const itemLike = kind === "item" || (kind === "icon" && !(glyphFor(ctx.name ?? "", prompt) in GLYPHS));
  const chosen = subjectOf(kind, prompt, ctx);
  const { subject, words: subjectWords } = chosen;
  const used = new Set<string>(subjectWords);
  const parts: ArtPart[] = [];
  let material: string | undefined;
  const colours: string[] = [];
  const patterns: string[] = [];
  const wear: string[] = [];
  let tone: "light" | "dark" | undefined;
  const classes = new Set<string>();
  // Flavours said of one part ("a sword with a rusty blade"): that part's, not the whole subject's (part-flavours.ts).
  const owned = ownedOf(kind, prompt, toks, chosen, ctx);
  const ownedAt = new Set(owned.map((o) => o.at));
  for (const o of owned) used.add(o.word).add(toks[o.partAt].raw);
  // "a sword whose blade is rusty": "whose" said the flavour was the blade's. The words that tie a flavour after
  // its part ("covered in", "dripping with") are no flavour of the whole.
  if (owned.length) used.add("whose");
  const links = new Set(owned.flatMap((o) => o.links ?? []));
  const scanned =
    kind === "item" ? scanParts(toks, subjectWords, subject, ownedAt) : { parts: [], taken: new Set<number>() };
  parts.push(...scanned.parts);
  for (const i of scanned.taken) used.add(toks[i].raw);
  // Texture overlays (art/layers.ts) the painter draws: their words and the colour words they take are used.
  const details: string[] = [];
  if (kind === "texture") {
    const raw = prompt
      .toLowerCase()
      .replace(/[^a-z]+/g, " ")
      .trim()
      .split(" ")
      .filter(Boolean);
    const { overlays, taken } = readOverlays(prompt);
    const drawn = new Set(overlays.map((o) => o.overlay));
    const overlayWords = new Set([...taken].map((k) => raw[k]));
    for (const w of raw) if (OVERLAY_WORDS[w] && drawn.has(OVERLAY_WORDS[w])) overlayWords.add(w);
    toks.forEach((t, i) => {
      if (overlayWords.has(t.raw)) {
        used.add(t.raw);
        scanned.taken.add(i);
      }
    });
    // And those the material carries (marble's veins), drawn as well.
    details.push(...drawn, ...impliedOverlays(ctx.surface ?? "", overlays).map((o) => o.overlay));
  }
  // GUI and HUD words (gui/words.ts, hud/parts.ts): the screen's pieces, and the colours the frame, slots and
  // HUD parts take, which are not the panel's; a model's colours and the slots they name (models/colours.ts).
  const screen = screenWords(kind, prompt, (kind === "icon" ? ctx.name : ctx.target) ?? "");
  for (const w of screen?.used ?? []) used.add(w);
  // A GUI panel's marks in their own colours (gui/marks.ts: moss, petals, runes, lava cracks) and their colours.
  if (kind === "gui") for (const w of markWords(prompt)) used.add(w);
  for (let i = 0; i < toks.length; i++) {
    if (scanned.taken.has(i) || ownedAt.has(i) || screen?.taken.has(toks[i].raw)) continue;
    const { raw, word } = toks[i];
    // "white grout", "black mortar": the joints' colour (art/material.ts), and the joint word with it.
    if (kind === "texture" && isColour(word) && JOINT_WORDS.has(toks[i + 1]?.raw ?? "")) {
      used.add(raw).add(toks[i + 1].raw);
      i++;
      continue;
    }
    // A word that named a library subject is that thing, not a material the lexicon also files it under
    // ("chess" is also a grass): the library painter leaves it out of its colour too (item.ts).
    if (toks[i].via && subjectWords.has(raw) && kind === "item") continue;
    // A material said by an adjective yields to one a noun names (art/material.ts); on a texture it still lies
    // on the surface in patches ("muddy cobblestone"), elsewhere it is not drawn.
    if (isMaterial(word) && yieldsToNoun(toks, i)) {
      if (kind === "texture") used.add(raw);
      continue;
    }
    if (isMaterial(word)) {
      const cls = word in MINERALS ? "mineral" : word in WOODS ? "wood" : "substance";
      if (!classes.has(cls)) {
        classes.add(cls);
        material ??= word;
        used.add(raw);
      }
    } else if (isColour(word) && classes.size > 0 && namesMaterial(toks[i + 1]?.raw)) {
      // "oak door with black iron bands": a colour before a later material is that material's (readWords), and
      // the material keeps its own colour: the word changes nothing.
    } else if (isColour(word)) {
      // Two-colour patterns paint a second colour; everything else only the first.
      // Items paint up to three (art/item-colours.ts: the later ones on parts of their own).
      // A glyph with an accent takes a second colour there (icon.ts).
      const glyphAccent = kind === "icon" && !!GLYPHS[subject]?.mask.some((row) => row.includes("A"));
      const room = kind === "item" ? 3 : (kind === "texture" && TWO_COLOUR.has(subject)) || glyphAccent ? 2 : 1;
      if (colours.length < room && !colours.includes(reported(word))) {
        colours.push(reported(word));
        used.add(raw);
      }
    } else if (
      ((word in STRUCTURE_WORDS && (kind === "texture" || kind === "gui")) ||
        ((itemLike || kind === "model") && itemPatternOf(word))) &&
      !notDrawnPattern(kind, raw, word, ctx.structure)
    ) {
      if (patterns.length === 0) {
        patterns.push(((itemLike || kind === "model") && itemPatternOf(word)) || STRUCTURE_WORDS[word]);
        used.add(raw);
      }
    } else if (isModifier(word)) {
      if (word === "dark" || word === "light" || word === "pale") tone ??= word === "dark" ? "dark" : "light";
      else wear.push(word);
      used.add(raw);
    }
  }
  // Flavour words (art/flavours.ts) the kind's painter draws: the table's own, or reached through the lexicon.
  // Wear words stay wear; a table word the vocabulary also reads as a material ("frozen": ice) is both.
  // A texture's place word lays its surface and gives its look too ("dungeon floor": tiles, sinister).
  const placeLook = (f: { raw: string; look?: string }) => kind === "texture" && !!f.look && subjectWords.has(f.raw);
  const flavoured = readFlavours(prompt, undefined, kind === "item" || kind === "icon").filter(
    (f) =>
      (!subjectWords.has(f.raw) || placeLook(f)) &&
      !owned.some((o) => o.word === f.raw) &&
      !links.has(f.raw) &&
      drawsFlavour(kind, f.flavour) &&
      !isModifier(normalise(f.raw)) &&
      (!used.has(f.raw) || FLAVOUR_OF.has(f.raw) || placeLook(f)),
  );
  for (const f of flavoured) used.add(f.raw);
  for (const w of styleFrames(
    toks.map((t) => t.raw),
    (w) => used.has(w) || subjectWords.has(w),
  ))
    used.add(w);
  // "Extremely sharp": the flavour a degree word comes before is painted twice (interpret/intensifiers.ts).
  const stronger = intensified(kind, toks, flavoured);
  for (const s of stronger) used.add(s.raw);
  const effects = [...new Set(flavoured.map((f) => f.flavour)), ...new Set(stronger.map((s) => s.flavour))];
  const unmatched = toks
    .filter((t) => !used.has(t.raw) && !STOP_WORDS.has(t.raw) && !subjectWords.has(t.raw))
    .map((t) => t.raw);
  // "A stack of pancakes": the thing drawn three times (interpret/quantities.ts).
  const several = itemLike ? severalOf(toks) : null;
  while (several && unmatched.includes(several.raw)) unmatched.splice(unmatched.indexOf(several.raw), 1);
  // A drawn thing said before an item's subject ("coin pouch") is drawn as its emblem (interpret/emblems.ts).
  const drawnFamily = (chosen as { family?: string }).family ?? subject;
  // Else what a holder is "of" ("a sack of potatoes"); "a bar of soap", "a pair of gloves" (interpret/portions.ts).
  const emblem = itemLike ? emblemOrHeld(toks, subject, subjectWords, unmatched, drawnFamily) : null;
  // An icon draws a portion only where it draws the item (icon.ts): a glyph is drawn as itself.
  const portion = itemLike && !several ? portionSaid(toks, subject, subjectWords) : null;
  while (portion && unmatched.includes(portion.raw)) unmatched.splice(unmatched.indexOf(portion.raw), 1);
  while (emblem && unmatched.includes(emblem.raw)) unmatched.splice(unmatched.indexOf(emblem.raw), 1);
  if (emblem) details.push(emblem.subject);
  // How each word the painters use was reached when it is not their own word: subject first, then in prompt order.
  const via: string[][] = chosen.via ? [chosen.via] : [];
  // Texture paths: the subject's, then each overlay or wear word's that the painter used.
  via.push(...(chosen.paths ?? []), ...(chosen.wordPaths ?? []).filter((path) => used.has(path[0])));
  // A subject word the painters' lists file under another name is reached too: a goblet is drawn as the trophy
  // family, tiles as a panel, a keg as the barrel template. Plurals and the name itself say nothing new.
  if (!chosen.via && !chosen.paths)
    for (const w of subjectWords) {
      const same = subject.split(" ").includes(w) || w.startsWith(subject) || subject.startsWith(w.replace(/e?s$/, ""));
      if (!same && !via.some((v) => v[0] === w)) via.push([w, subject]);
    }
  // A texture word an overlay took was read by the overlay ("patches of snow"), not folded: no path of its own.
  const byOverlay = (i: number) => kind === "texture" && scanned.taken.has(i);
  toks.forEach((t, i) => {
    // A model's part and option words are read as themselves (interpret/screens.ts), not through the lexicon.
    const asItself = kind === "model" && screen?.used.has(t.raw) && !isColour(t.word);
    if (
      t.via &&
      used.has(t.raw) &&
      !asItself &&
      ((kind !== "item" && kind !== "model") || !subjectWords.has(t.raw)) &&
      !via.some((v) => v[0] === t.raw)
    )
      if (!byOverlay(i)) via.push(t.via);
  });
  for (const f of flavoured) if (f.via && !via.some((v) => v[0] === f.raw)) via.push(f.via);
  if (emblem?.via) via.push(emblem.via);
  if (several) via.push(several.via);
  if (portion) via.push(portion.via);
  for (const o of owned) {
    const path = flavourOfWord(o.word)?.via;
    if (path && !via.some((v) => v[0] === o.word)) via.push(path);
  }
  const read: Interpretation = {
    subject,
    ...(material ? { material } : {}),
    ...(colours.length ? { colours } : {}),
    parts: withOwnedFlavours(parts, owned),
    ...(patterns.length ? { patterns } : {}),
    details,
    ...(effects.length ? { effects } : {}),
    ...(wear.length ? { wear: [...new Set(wear)] } : {}),
    ...(tone ? { tone } : {}),
    unmatched: [...new Set(unmatched)],
    ...(via.length ? { via } : {}),
  };
  if (chosen.fallback) read.fallback = chosen.fallback;
  else if (kind === "item" && subjectWords.size === 0 && !ctx.target)
    read.fallback = `no item subject in the prompt: drawn as ${subject}`;
  if (kind === "model" && subjectWords.size === 0) {
    const broad = broadTemplate(prompt);
    if (broad?.template.name === subject) {
      read.via = [broad.via, ...(read.via ?? [])];
      read.fallback = `no '${broad.word}' template: drawn as the nearest, ${subject} (${broad.via.join(" → ")})`;
      read.unmatched = read.unmatched.filter((w) => w !== broad.word);
    } else if (subject === "boxes") read.fallback = "no model subject in the prompt: drawn as stacked boxes";
  }
  const family = partFamily(kind, prompt, chosen, ctx);
  return withPartEffects(withSpecEffects(kind, withSpec(read, spec), spec, read.effects), {
    kind,
    prompt,
    family,
    sketchParts: ctx.sketchParts,
    library: partLibrary(kind, prompt, chosen, ctx),
  });
}

/** The prompt without the words its parts took: what is left describes the item's main material. */
export function withoutParts(prompt: string, target?: string | null): string {
  const toks = tokens(prompt);
  const chosen = subjectOf("item", prompt, { target });
  const { taken } = scanParts(toks, chosen.words, chosen.subject);
  return toks
    .filter((_, i) => !taken.has(i))
    .map((t) => t.raw)
    .join(" ");
}
