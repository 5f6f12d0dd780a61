/**
 * Block textures: the prompt's material words (falling back to the vanilla target's name) pick a
 * palette and a structure; one painter draws it on an indexed canvas, overlays add ore, moss or
 * cracks. Every painter wraps, so every texture tiles.
 */
import { paintBookshelf } from "./art/books.ts";
import { flavouredSketchTile } from "./sketch-flavours.ts";
import { layoutPainter } from "./art/layouts.ts";
import {
  coatingOverlays,
  drawWithFlavours,
  impliedOverlays,
  keepingColours,
  limitColours,
  type Overlay,
  type OverlaySpec,
  OVERLAY_WORDS,
  paintOverlays,
  readOverlays,
  withoutOverlayColours,
} from "./art/layers.ts";
import type { TextureRequest } from "./types";
import { hashSeed, rngFrom } from "./rng";
import { encodePng, type Rgba } from "../media/png";
import { type Face, materialFromPrompt, type Material, type Structure } from "./art/material";
import { type PaintContext, type Painter, toRgba } from "./art/paint";
import {
  paintCobble,
  paintCrystal,
  paintGrainy,
  paintGravel,
  paintIce,
  paintLiquid,
  paintNetherrack,
  paintStone,
  paintStrata,
} from "./art/rock";
import {
  paintBark,
  paintBricks,
  paintGlass,
  paintGrass,
  paintGrassSide,
  paintLeaves,
  paintPanel,
  paintPlanks,
  paintRings,
  paintWool,
} from "./art/built";
import { cracks, engraving, rivets, spots, veins, mossPatches, oreSpecks } from "./art/overlays";
import { paintCheckered, paintHoneycomb, paintSculk, paintStripes } from "./art/patterns.ts";
import { flavourTexture } from "./art/flavour-paint.ts";
import { overlayFlavours } from "./texture-part-flavours.ts";
import { groutBetweenPieces, tilesWord } from "./art/tiled-patterns.ts";
import { litOwnVeins, seedText, withLitVeins } from "./art/lit-wear.ts";
import { shadesOf } from "./art/overlay-shapes.ts";
import { flavoursOf } from "./interpret/flavour.ts";
import { familyFinish } from "./art/material-families.ts";
import { paintOwner, surfaceOwner } from "./art/surface-owners.ts";
import { tokens } from "./interpret/tokens.ts";

const PAINTERS: Record<Structure, Painter> = {
  stone: paintStone,
  grainy: paintGrainy,
  strata: paintStrata,
  cobble: (ctx) => paintCobble(ctx),
  gravel: paintGravel,
  bricks: paintBricks,
  planks: paintPlanks,
  bark: paintBark,
  rings: paintRings,
  ore: paintOre,
  leaves: paintLeaves,
  wool: paintWool,
  glass: paintGlass,
  panel: paintPanel,
  crystal: paintCrystal,
  netherrack: paintNetherrack,
  liquid: paintLiquid,
  ice: paintIce,
  grass: paintGrass,
  grass_side: paintGrassSide,
  checkered: paintCheckered,
  stripes: paintStripes,
  bookshelf: paintBookshelf,
  honeycomb: paintHoneycomb,
  sculk: (ctx) => paintSculk(ctx, paintStone),
  stack_bond: layoutPainter("stack_bond"),
  herringbone: layoutPainter("herringbone"),
  basketweave: layoutPainter("basketweave"),
  flemish_bond: layoutPainter("flemish_bond"),
  english_bond: layoutPainter("english_bond"),
  straw: layoutPainter("straw"),
  tiles: layoutPainter("tiles"),
  column: layoutPainter("column"),
  column_top: layoutPainter("column_top"),
  grate: layoutPainter("grate"),
  crate: layoutPainter("crate"),
  door: layoutPainter("door"),
  barrel: layoutPainter("barrel"),
  shingles: layoutPainter("shingles"),
  slab: layoutPainter("slab"),
  scales: layoutPainter("scales"),
};

/** The ore's rock is painted by its own painter (stone, netherrack...), then specks go on top. */
function paintOre(ctx: PaintContext) {
  const rockPainter = ctx.m.substance === "netherrack" ? paintNetherrack : paintStone;
  const p = rockPainter(ctx);
  oreSpecks(ctx, p);
  return p;
}

const FACE_SUFFIX = /_(top|bottom|side|front|back|end)$/;

/** Which face to draw: the explicit slot, else the target name's suffix (oak_log_top -> top). */
export function faceOf(req: Pick<TextureRequest, "faceSlot" | "vanillaTarget">): Face {
  if (req.faceSlot) return req.faceSlot;
  const m = req.vanillaTarget ? FACE_SUFFIX.exec(req.vanillaTarget) : null;
  if (!m) return null;
  return m[1] === "end" ? "end" : m[1] === "top" || m[1] === "bottom" ? m[1] : "side";
}

/** A face the prompt names in words ("birch log top", "grass block top"), when the request names none. */
export const FACE_WORDS = /\b(top|bottom|end|side)\b/;

export function textureMaterial(req: TextureRequest): Material {
  const text = [req.prompt, req.description ?? ""].join(" ");
  // The words that colour an overlay ("pink blossoms") describe the overlay, not the surface; the words that only
  // light cracks or veins are read apart too, so the lit tile is the plain one lit there.
  const words = withoutOverlayColours(seedText(text));
  const target = req.mode === "vanilla" ? (req.vanillaTarget ?? "") : "";
  const said = FACE_WORDS.exec(words.toLowerCase())?.[1] as Face | undefined;
  const m = materialFromPrompt(
    words,
    req.seed,
    req.style,
    target.replace(FACE_SUFFIX, ""),
    faceOf(req) ?? said ?? null,
  );
  return withLitVeins(m, text);
}

export const textureRgba = (req: TextureRequest): Rgba => paintTexture(req);

/**
 * Which overlay a flavour said of it ("mossy cracks", "rusty bolts") was painted over, per pixel (row-major, null
 * elsewhere): the pixels that overlay drew, for checking that the flavour landed there only.
 */
export function texturePartMask(req: TextureRequest): { width: number; height: number; parts: (string | null)[] } {
  const sink: Record<string, Uint8Array> = {};
  const img = paintTexture(req, sink);
  const parts: (string | null)[] = Array(img.width * img.height).fill(null);
  for (const [overlay, only] of Object.entries(sink)) only.forEach((v, i) => v && (parts[i] = overlay));
  return { width: img.width, height: img.height, parts };
}

function paintTexture(full: TextureRequest, sink?: Record<string, Uint8Array>): Rgba {
  // Flavours said of one overlay ("mossy cracks") go on its pixels; the rest is the prompt without their words.
  const { req, byOverlay } = overlayFlavours(full);
  const size = Math.max(16, Math.min(128, Math.round(req.size)));
  const m = textureMaterial(req);
  const rng = rngFrom(
    hashSeed(
      "texture",
      req.seed,
      seedText(req.prompt),
      seedText(req.description ?? ""),
      req.vanillaTarget ?? "",
      req.faceSlot ?? "",
      size,
    ),
  );
  // A sketch takes the whole prompt's flavours, those said of its legend's parts too (gen/sketch-flavours.ts); its
  // grain follows the seed and size alone, as a sketched item's does, so a flavour word changes only what it paints.
  if (full.sketch)
    return flavouredSketchTile(
      { ...full, sketch: full.sketch },
      size,
      rngFrom(hashSeed("texture-sketch", req.seed, size)),
    );
  const ctx: PaintContext = { size, unit: size / 16, m, rng };
  // The layer stack: structure in the material's shades, then wear, then overlays with colours of their own.
  // A spec's details ("gold veins", "ivy") are overlays too, said exactly.
  const details = (req.spec?.details ?? []).map((d) => `with ${d.replace(/_/g, " ")}`);
  const said = readOverlays([req.prompt, req.description ?? "", ...details].join(" ")).overlays;
  // A creature named before its covering lends it its colours ("snake skin", "zebra stripes").
  const owner = surfaceOwner(tokens(req.prompt), m.structure, m.substance);
  const marked = owner ? paintOwner(m, owner) : [];
  const overlays = litOwnVeins(
    [...said, ...impliedOverlays(m.substance, said), ...coatingOverlays(m.coating, said), ...marked],
    m.modifiers,
  ).filter(
    (o) =>
      !(o.overlay === "stripes" && m.structure === "stripes") &&
      !(o.overlay === "crystals" && m.structure === "crystal"),
  );
  const has = (o: string) => overlays.some((x) => x.overlay === o);
  const p = PAINTERS[m.structure](ctx);
  // A checkerboard or a honeycomb said as tiles is laid with grout between its pieces.
  if (tilesWord(m.structure, () => tokens(`${req.prompt} ${req.description ?? ""}`))) groutBetweenPieces(ctx, p);
  if (m.moss) mossPatches(ctx, p);
  // Plain cracks, veins, rivets and spots are the material's own wear; a flavour said of them lands on them.
  const rngFor = (o: string) => rngFrom(hashSeed("overlay-flavour", req.seed, o, size));
  // What each overlay and wear step drew (for the part mask, and to keep the colours said for overlays).
  const drawnBy = sink ?? {};
  const wear = (o: Overlay, draw: () => void) => drawWithFlavours(p, o, byOverlay[o], () => rngFor(o), draw, drawnBy);
  // Cracks in a colour or light of their own ("lava cracks") run where the plain ones would, in that colour.
  const lit = overlays.find((o) => o.overlay === "cracks");
  if (m.modifiers.includes("cracked") || lit)
    wear("cracks", () => cracks(ctx, p, lit && shadesOf(p, lit.colour, lit.glowing)));
  if (m.modifiers.includes("veined") && !has("veins"))
    wear("veins", () => veins(ctx, p, m.modifiers.includes("glowing")));
  if (m.modifiers.includes("riveted") && !has("rivets")) wear("rivets", () => rivets(ctx, p));
  if (m.modifiers.includes("spotted") && !has("dots")) wear("dots", () => spots(ctx, p));
  if (m.modifiers.includes("chiseled")) engraving(ctx, p);
  paintOverlays(
    ctx,
    p,
    overlays.filter((o) => o !== lit),
    byOverlay,
    rngFor,
    drawnBy,
  );
  const effects = [...(req.spec?.effects ?? []), ...(req.spec?.wear ?? [])].join(" ");
  // The light said of cracks or veins is theirs (drawn lit above), not a flavour of the whole tile; an overlay said
  // in a colour keeps it under that flavour.
  const flavours = flavoursOf(
    `${seedText(req.prompt)} ${seedText(req.description ?? "")} ${effects} ${familyFinish(m.substance)}`,
    (w) => w in OVERLAY_WORDS,
  );
  const flavourRng = rngFrom(hashSeed("flavour", rng()));
  keepingColours(p, namedPixels(overlays, drawnBy, p.idx.length), () => flavourTexture(p, flavours, flavourRng));
  limitColours(p);
  return toRgba(p);
}

/** The pixels drawn by the overlays said in a colour of their own, or null when there are none. */
function namedPixels(overlays: OverlaySpec[], drawnBy: Record<string, Uint8Array>, n: number): Uint8Array | null {
  const named = overlays.filter((o) => o.named && drawnBy[o.overlay]);
  if (!named.length) return null;
  const out = new Uint8Array(n);
  for (const o of named) drawnBy[o.overlay].forEach((v, i) => v && (out[i] = 1));
  return out;
}

export function generateTexture(req: TextureRequest): Uint8Array {
  return encodePng(textureRgba(req));
}
