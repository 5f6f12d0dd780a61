/**
 * A pattern said as tiles ("black and white chessboard tiles", "checkered floor tiles", "hexagonal tiles"): its
 * pieces are laid tiles, so grout runs between them. The checkerboard's squares are a quarter of the tile
 * (art/patterns.ts paintCheckered), the grout on each square's right and bottom edge; a honeycomb's cell walls
 * (its darkest index, paintHoneycomb) become grout. Both follow the pattern's own period, so they tile exactly.
 */
import { hexToRgb } from "./colour.ts";
import type { Paint, PaintContext } from "./paint.ts";
import { STRUCTURE_WORDS } from "./vocabulary.ts";
import type { Token } from "../interpret/tokens.ts";

/** Patterns whose pieces "tiles" lays with grout. */
const TILED = new Set(["checkered", "honeycomb"]);
/** Grout between tiles of both colours: a mid grey that parts light squares from dark ones. */
const GROUT = hexToRgb("#8f8b84")!;

/**
 * The word that says a pattern is laid as tiles, when the structure drawn is such a pattern (the tokens are read
 * only then: reading them costs the lexicon's look-ups).
 */
export function tilesWord(
  structure: string | undefined,
  toks: readonly Token[] | (() => readonly Token[]),
): Token | undefined {
  if (!structure || !TILED.has(structure)) return undefined;
  return (typeof toks === "function" ? toks() : toks).find((t) => STRUCTURE_WORDS[t.word] === "tiles");
}

/** Grout between the pattern's pieces: a checkerboard's squares, a honeycomb's cells. */
export function groutBetweenPieces(ctx: PaintContext, p: Paint): void {
  if (ctx.m.structure === "honeycomb") {
    const k = p.colours.push(GROUT) - 1;
    p.joints = Uint8Array.from(p.idx, (v) => (v === 0 ? 1 : 0));
    p.joints.forEach((j, i) => j && (p.idx[i] = k));
    return;
  }
  const cell = ctx.size / 4;
  const j = Math.max(1, Math.round(ctx.unit));
  const k = p.colours.push(GROUT) - 1;
  p.joints = new Uint8Array(p.idx.length);
  for (let y = 0; y < ctx.size; y++)
    for (let x = 0; x < ctx.size; x++) {
      const onJoint = x % cell >= cell - j || y % cell >= cell - j;
      if (!onJoint || p.alpha[y * ctx.size + x] === 0) continue;
      p.idx[y * ctx.size + x] = k;
      p.joints[y * ctx.size + x] = 1;
    }
}
