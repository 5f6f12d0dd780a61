/**
 * Items drawn from the library (art/library.ts): a subject no family draws, its main colour from the prompt's
 * material or colour, its named parts where the picture has a place for them (art/library-parts.ts: the body,
 * or a part derived from its shape), and the prompt's flavours. Null everywhere when a family draws the subject.
 */
import type { ItemRequest } from "./types.ts";
import type { Rgba } from "../media/png.ts";
import type { Rgb } from "./art/colour.ts";
import { materialFromPrompt, readWords } from "./art/material.ts";
import { interpret, withoutParts } from "./interpret/read.ts";
import { promptWithSpec } from "./interpret/with-spec.ts";
import { tokens } from "./interpret/tokens.ts";
import { chooseItemSubject } from "./interpret/subject.ts";
import { flavoursToPaint } from "./interpret/flavour.ts";
import { flavourSprite } from "./art/flavour-paint.ts";
import { shapeImage } from "./art/flavour-shape.ts";
import { splitColours } from "./art/item-colours.ts";
import { type PartFlavours, splitPartFlavours } from "./item-part-flavours.ts";
import { hashSeed, rngFrom } from "./rng.ts";
import {
  type LibraryPart,
  type LibraryPicture,
  libraryPartsRgba,
  libraryPicture,
  libraryPlace,
  partMaskOf,
  placePixels,
} from "./art/library-parts.ts";
import { flavourRng, partRamp } from "./item.ts";
import { BARE_PARTS } from "./art/assembly.ts";

type Req = Omit<ItemRequest, "size">;

/**
 * The library picture for a request, or null when a family draws it. The words that named the subject are not
 * its colour ("chess" is also a grass); a second and third colour ("blue and white vase") and the colours of
 * parts the picture has no place for ("a teapot with a blue lid") take the icon's next colour groups.
 */
export function librarySubject(
  req: Req,
  flavoured: readonly PartFlavours[] = [],
): (LibraryPicture & { icon: string }) | null {
  const painted = {
    ...req,
    prompt: promptWithSpec(withoutParts(req.prompt, req.target), req.spec && { ...req.spec, parts: [] }),
  };
  const chosen = chooseItemSubject(painted.prompt, req.target);
  if (!chosen?.icon) return null;
  const describing = tokens(painted.prompt).filter((t) => !(t.via && chosen.words.has(t.raw)));
  const { main: bodyWords, extras } = splitColours(describing.map((t) => t.raw).join(" "));
  const shade = (w: string): Rgb | null => {
    const shades = partRamp(w.startsWith("#") ? { part: "", colour: w } : { part: "", material: w }, {
      ...req,
      size: 16,
    });
    return shades ? shades[shades.length >> 1] : null;
  };
  const placed: LibraryPart[] = [];
  const more: string[] = [...extras];
  for (const p of interpret("item", req.prompt, req.spec, { target: req.target }).parts) {
    const said = p.material ?? p.colour;
    if (!said) continue;
    const place = libraryPlace(p.part);
    const colour = shade(said);
    if (place && colour) placed.push({ part: p.part, place, colour });
    else more.push(said);
  }
  // A derived part said only with a flavour ("a balloon with glowing stars") is drawn in its usual colour, as the
  // families draw a bare one (assembly.ts BARE_PARTS), so the flavour has a part to land on.
  for (const p of flavoured) {
    const place = libraryPlace(p.part);
    const usual = BARE_PARTS[p.part] ? shade(BARE_PARTS[p.part]) : null;
    if (place && place !== "body" && usual && !placed.some((q) => q.part === p.part))
      placed.push({ part: p.part, place, colour: usual });
  }
  const others = more.map(shade).filter((c): c is Rgb => !!c);
  const main = namedColour({ ...painted, prompt: bodyWords });
  return { icon: chosen.icon, ...libraryPicture(chosen.icon, main, others, placed) };
}

/** The middle shade of the material or colour the prompt names for the whole item, or null. */
function namedColour(req: Req): Rgb | null {
  const r = readWords(req.prompt);
  if (!(r.substance || r.wood || r.mineral || r.colour)) return null;
  const m = materialFromPrompt(req.prompt, req.seed, req.style);
  return m.palette[m.palette.length >> 1];
}

/** A library picture with the prompt's flavours: reshaped as a picture (it has no label grid), then painted. */
function flavouredLibrary(req: Req, img: Rgba): Rgba {
  const flavours = flavoursToPaint(interpret("item", req.prompt, req.spec, { target: req.target }));
  return flavours.length ? flavourSprite(shapeImage(img, flavours), flavours, flavourRng(req)) : img;
}

/**
 * The request's library picture at `width`×`height` with its flavours, or null when a family draws it. Flavours
 * said of a part ("a vase with a rusty trim") are painted on the part's pixels first, over the picture of the
 * prompt without their words; then the whole's, which may reshape the picture.
 */
export function libraryItemRgba(req: Req, width: number, height: number): Rgba | null {
  const { base, parts } = splitPartFlavours(req);
  const library = librarySubject(base, parts);
  if (!library) return null;
  const img = libraryPartsRgba(library, width, height);
  for (const p of flavouredPlaces(library, parts, width, height))
    flavourSprite(img, p.flavours, rngFrom(hashSeed("part-flavour", req.seed, req.prompt, p.part)), p.only);
  return flavouredLibrary(base, img);
}

/** Each part flavour said of a place the picture has, with that place's pixels. */
function flavouredPlaces(library: LibraryPicture, parts: readonly PartFlavours[], width: number, height: number) {
  return parts.flatMap((p) => {
    const place = libraryPlace(p.part);
    return place ? [{ ...p, only: placePixels(library, place, width, height) }] : [];
  });
}

/**
 * The part under every pixel of the library picture at `width`×`height` (a flavoured part's pixels carry its
 * name), or null when a family draws it.
 */
export function libraryItemMask(req: Req, width: number, height: number): (string | null)[] | null {
  const { base, parts } = splitPartFlavours(req);
  const library = librarySubject(base, parts);
  if (!library) return null;
  const mask = partMaskOf(library, width, height);
  for (const p of flavouredPlaces(library, parts, width, height))
    p.only.forEach((v, i) => v && mask[i] !== null && (mask[i] = p.part));
  return mask;
}
