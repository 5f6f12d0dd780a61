/**
 * An item said as a portion or a quantity of a thing (interpret/portions.ts): "a bar of soap" is drawn as the
 * bar shape in soap's colours (art/portions.ts), "a handful of seeds" as several seeds, "a pair of gloves" as
 * two gloves. The thing itself is the picture of the prompt without the portion or quantity word, drawn by
 * item.ts (passed in, as item-finish.ts does).
 */
import type { Rgba } from "../media/png.ts";
import type { ItemRequest } from "./types";
import { tokens } from "./interpret/tokens.ts";
import { portionSaid } from "./interpret/portions.ts";
import { chooseItemSubject } from "./interpret/subject.ts";
import { portionLabels, portionPicture, pairCopies, pairLabels } from "./art/portions.ts";
import { severalCopies, severalLabels } from "./art/collections.ts";

type Request = Omit<ItemRequest, "size">;
type DrawAt = (req: Request, width: number, height: number) => Rgba;

/** The request with one word said taken out ("a bar of soap" → "a of soap"). */
const without = (req: Request, raw: string): Request => ({
  ...req,
  prompt: req.prompt.replace(new RegExp(`\\b${raw}\\b`, "i"), ""),
});

/** The portion or quantity the request says, if the subject does not draw it already. */
function said(req: Request) {
  const chosen = chooseItemSubject(req.prompt);
  return portionSaid(tokens(req.prompt), chosen?.subject ?? "", chosen?.words ?? new Set());
}

/** The portion or quantity picture of the request, or null when none is said. */
export function portionDrawn(req: Request, width: number, height: number, drawAt: DrawAt): Rgba | null {
  const what = said(req);
  if (!what) return null;
  if ("shape" in what)
    return portionPicture(what.shape, drawAt(without(req, what.raw), 16, 16), width, height, req.seed);
  const one = without(req, what.raw);
  const copies = what.copies === 2 ? pairCopies : severalCopies;
  return copies(width, height, (side) => drawAt(one, side, side));
}

/** The part labels of `portionDrawn`'s picture, or null when none is said. */
export function portionPartLabels(
  req: Request,
  width: number,
  height: number,
  labelAt: (req: Request, width: number, height: number) => (string | null)[],
): (string | null)[] | null {
  const what = said(req);
  if (!what) return null;
  if ("shape" in what) return portionLabels(what.shape, width, height);
  const one = without(req, what.raw);
  const labels = what.copies === 2 ? pairLabels : severalLabels;
  return labels(width, height, (side) => labelAt(one, side, side));
}
