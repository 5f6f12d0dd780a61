/**
 * What is drawn around an item's own picture (item.ts), said by the words around its subject: several of it
 * ("a stack of pancakes": art/collections.ts), a pattern on it ("striped candy": art/item-patterns.ts) and
 * the emblem of a thing said before it ("coin pouch": art/emblems.ts). The part mask follows the same
 * placement, so every drawn pixel carries a part (the emblem's: "emblem").
 */
import type { Rgba } from "../media/png.ts";
import type { ItemRequest } from "./types";
import { interpret } from "./interpret/read.ts";
import { tokens } from "./interpret/tokens.ts";
import { severalOf } from "./interpret/quantities.ts";
import { severalCopies, severalLabels } from "./art/collections.ts";
import { withPatterns } from "./art/item-patterns.ts";
import { emblemLabels, withEmblem } from "./art/emblems.ts";
import { portionDrawn, portionPartLabels } from "./item-portions.ts";
import { hexToRgb, type Rgb } from "./art/colour.ts";
import { colourHex } from "./art/colour-names.ts";

type Request = Omit<ItemRequest, "size">;
/** item.ts itemSpriteAt, passed in (this module sits below item.ts). */
type DrawAt = (req: Request, width: number, height: number) => Rgba;

/** The request for one of several ("a stack of pancakes" → "a of pancakes"), or null when one is asked for. */
function oneOf(req: Request): Request | null {
  const several = severalOf(tokens(req.prompt));
  return several ? { ...req, prompt: req.prompt.replace(new RegExp(`\\b${several.raw}\\b`, "i"), "") } : null;
}

/** The emblem comes from the prompt's words: a caller's own `details` are parts the item draws (item.ts). */
const emblemDetails = (req: Request, details: string[]) => (req.spec?.details ? [] : details);

const emblemDraw = (req: Request, drawAt: DrawAt) => (subject: string, side: number) =>
  drawAt({ prompt: subject, seed: req.seed, target: null }, side, side);

/** The finished picture: several copies, the pattern, the emblem. */
export function finishItem(drawn: Rgba, req: Request, drawAt: DrawAt): Rgba {
  const read = interpret("item", req.prompt, req.spec, { target: req.target });
  const one = oneOf(req);
  const img = one
    ? severalCopies(drawn.width, drawn.height, (side) => drawAt(one, side, side))
    : (portionDrawn(req, drawn.width, drawn.height, drawAt) ?? drawn);
  const patterned = withPatterns(img, read.patterns ?? [], patternColour(read.colours ?? []));
  return withEmblem(patterned, emblemDetails(req, read.details), emblemDraw(req, drawAt));
}

/** "Red and yellow striped scarf": the second colour named is the pattern's, the first the thing's own. */
function patternColour(colours: readonly string[]): Rgb | null {
  const said = colours[1];
  return said ? hexToRgb(said.startsWith("#") ? said : (colourHex(said) ?? "")) : null;
}

/** The finished part labels, placed as `finishItem` places what it draws. */
export function finishLabels(
  parts: (string | null)[],
  width: number,
  height: number,
  req: Request,
  drawAt: DrawAt,
  labelAt: (req: Request, width: number, height: number) => (string | null)[],
): (string | null)[] {
  const read = interpret("item", req.prompt, req.spec, { target: req.target });
  const one = oneOf(req);
  const placed = one
    ? severalLabels(width, height, (side) => labelAt(one, side, side))
    : (portionPartLabels(req, width, height, labelAt) ?? parts);
  return emblemLabels(placed, width, height, emblemDetails(req, read.details), emblemDraw(req, drawAt));
}
