/**
 * Font icons: each glyph PNG plus one bitmap provider per icon in its font's JSON. Generated and
 * uploaded icons join `minecraft:default`: fonts of every pack are layered, so the providers add
 * glyphs to chat without replacing vanilla's. Icons without a character get private-use ones
 * (U+E000 up) in asset-id order, skipping characters other icons of that font and the pack's kept font
 * files already use.
 */
import type { AssetRow } from "../core/assets.ts";
import { pathSegment } from "../pack/naming.ts";
import { atLeast, CHAT_SPRITES } from "../pack/versions.ts";
import { isSafeImportPath } from "./textures.ts";
import { jsonText, type ExportPlan } from "./plan.ts";
import { cmp } from "./report.ts";

const FIRST_PRIVATE_USE = 0xe000;
const LAST_PRIVATE_USE = 0xf8ff;
const DEFAULT_FONT = "minecraft:default";

/** The glyph's baseline: 7 of 8 pixels above it, as vanilla's ASCII sheet sits, never above the height. */
export const ascentFor = (height: number) => Math.min(height, Math.ceil((height * 7) / 8));

const isOneChar = (c: unknown): c is string => typeof c === "string" && [...c].length === 1;
const codepointOf = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

interface Glyph {
  asset: AssetRow;
  font: string;
  file: string;
  height: number;
  ascent: number;
  chars: string[];
  assigned: boolean;
  /** Frames of an animated icon's strip: the provider gives the first frame the character, the rest none. */
  frames: number;
}

/** Plans every icon of the pack at once (characters depend on each other). */
export function planFonts(plan: ExportPlan, icons: AssetRow[], reserved = new Map<string, Set<string>>()): void {
  const glyphs: Glyph[] = [];
  // Characters the pack's kept font files use are taken before any icon claims one.
  const taken = new Map<string, Set<string>>([...reserved].map(([font, set]) => [font, new Set(set)]));
  const claim = (font: string, c: string) => {
    const set = taken.get(font) ?? new Set<string>();
    taken.set(font, set);
    if (set.has(c)) return false;
    set.add(c);
    return true;
  };
  const waiting: Glyph[] = [];
  for (const a of [...icons].sort((x, y) => x.id - y.id)) {
    const imported = isSafeImportPath(a.meta.path) ? (a.meta.path as string) : null;
    const path = imported ?? `assets/${plan.namespace}/textures/font/${pathSegment(a.name)}.png`;
    // An imported sheet brings its provider's numbers (meta.glyph); meta.height there is the PNG's.
    const g = a.meta.glyph && typeof a.meta.glyph === "object" ? a.meta.glyph : null;
    const h = g ? g.height : a.meta.height;
    const height = Number.isInteger(h) && h > 0 ? h : 8;
    const asc = g ? g.ascent : a.meta.ascent;
    const ascent = Number.isInteger(asc) && asc <= height ? asc : ascentFor(height);
    const fontId = g ? g.font : a.meta.font;
    const font = typeof fontId === "string" && fontId.includes(":") ? fontId : DEFAULT_FONT;
    const rows: string[] | null =
      g && Array.isArray(g.chars) && g.chars.length && g.chars.every((r: unknown) => typeof r === "string")
        ? g.chars
        : null;
    const frames = !rows && Number.isInteger(a.meta.animation?.frames) ? (a.meta.animation.frames as number) : 1;
    const glyph: Glyph = {
      asset: a,
      font,
      file: resourceOf(path),
      height,
      ascent,
      chars: rows ?? [],
      assigned: false,
      frames,
    };
    if (rows) {
      // An imported sheet keeps its grid as the pack had it.
      for (const row of rows) for (const c of row) if (c !== "\u0000") claim(font, c);
    } else if (isOneChar(a.meta.char)) {
      if (!claim(font, a.meta.char)) {
        plan.report.leaveOut(
          plan.handle(a),
          "unplaceable",
          `character ${codepointOf(a.meta.char)} is already used by another icon in ${font}`,
        );
        continue;
      }
      glyph.chars = [a.meta.char];
    } else waiting.push(glyph);
    if (imported) plan.stored(a, imported, 0);
    else plan.stored(a, path);
    // Chat shows the animation as an atlas sprite (1.21.9+): the strip and its .mcmeta in the GUI atlas too.
    if (frames > 1 && atLeast(plan.version, CHAT_SPRITES))
      plan.stored(a, `assets/${plan.namespace}/textures/gui/sprites/icon/${pathSegment(a.name)}.png`);
    glyphs.push(glyph);
  }
  let next = FIRST_PRIVATE_USE;
  for (const g of waiting) {
    while (next <= LAST_PRIVATE_USE && taken.get(g.font)?.has(String.fromCodePoint(next))) next++;
    const c = String.fromCodePoint(next);
    claim(g.font, c);
    g.chars = [c];
    g.assigned = true;
  }
  writeFonts(plan, glyphs);
}

/** `assets/<ns>/textures/<path>` → `<ns>:<path>` (bitmap `file` ids are relative to textures/). */
function resourceOf(path: string): string {
  const m = /^assets\/([^/]+)\/textures\/(.+)$/.exec(path);
  return m ? `${m[1]}:${m[2]}` : path;
}

function writeFonts(plan: ExportPlan, glyphs: Glyph[]): void {
  const byFont = new Map<string, Glyph[]>();
  for (const g of glyphs) byFont.set(g.font, [...(byFont.get(g.font) ?? []), g]);
  for (const [font, list] of [...byFont].sort(([a], [b]) => cmp(a, b))) {
    list.sort((a, b) => cmp(a.chars[0] ?? "", b.chars[0] ?? "") || a.asset.id - b.asset.id);
    const providers = list.map((g) => ({
      type: "bitmap",
      file: g.file,
      height: g.height,
      ascent: g.ascent,
      // A strip's other frames sit in rows of U+0000, which a bitmap provider skips.
      chars: g.frames > 1 && g.chars.length === 1 ? [g.chars[0], ...Array(g.frames - 1).fill("\u0000")] : g.chars,
    }));
    const colon = font.indexOf(":");
    plan.text(
      `assets/${font.slice(0, colon)}/font/${font.slice(colon + 1)}.json`,
      jsonText({ providers }),
      list[0].asset,
    );
    for (const g of list) {
      if (g.chars.length !== 1) continue;
      plan.report.fontCharacters.push({
        asset: plan.handle(g.asset),
        font,
        char: g.chars[0],
        codepoint: codepointOf(g.chars[0]),
        assigned: g.assigned,
      });
    }
  }
}
