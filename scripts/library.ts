/**
 * Writes the drawn library, src/data/library.json, from the dev dependency @iconify-json/fluent-emoji-flat
 * (Microsoft's Fluent Emoji Flat, MIT): every kept icon rasterised once here (scripts/library/raster.ts) to a
 * 16×16 index grid with a palette of at most six colours. The generator draws a library subject from these
 * grids through its own pixel-art pass (src/gen/art/library.ts); nothing is read from node_modules at run time.
 *
 * Kept: the icons that can be an object, a plant, an animal or food. Left out: skin-tone variants (the
 * default yellow one is kept), people and gestures, faces, flags, keycaps, clock faces, arrows, signs,
 * buttons and plain geometric shapes: they are not things a pack's item or block would be. Icons of thin
 * lines (a paperclip) are left out too: at 16 px the outline would be all there is of them.
 *
 *   bun scripts/library.ts           rewrite the table
 *   bun scripts/library.ts --check   exit 1 when the committed table differs from what the package gives
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeOrCheck } from "./committed-table.ts";
import { MAX_COLOURS, SIZE, packCells, rasterise } from "./library/raster.ts";

const OUT = join(import.meta.dir, "..", "src", "data", "library.json");
const SOURCE = join(import.meta.dir, "..", "node_modules", "@iconify-json", "fluent-emoji-flat");

const LEFT_OUT = [
  /-(light|medium-light|medium|medium-dark|dark)$/,
  /^(man|woman|men|women|person|people|family|couple|kiss|baby|boy|girl|older|old)-/,
  /^(man|woman|person|people|family|couple|kiss|baby|boy|girl)$/,
  // Whole words, so a handbag and a teacup without a handle stay.
  /(^|-)(face|hand|hands|finger|fingers|fist|thumbs)(-|$)|-oclock|-thirty|^flag|keycap|japanese|button|arrow|-sign$|-square$|-circle$|-triangle$|^symbol|-symbol$|^input-|^regional|-mark$|^ideograph/,
  // Signs and gestures the wider cut of slender icons would otherwise let in.
  /pointing|handshake|curly-loop|currency|dizzy|infinity|khanda|registered|^zzz$|^map-of/,
];

export function buildLibrary(): string {
  const set = JSON.parse(readFileSync(join(SOURCE, "icons.json"), "utf8")) as {
    icons: Record<string, { body: string }>;
    width?: number;
  };
  const version = JSON.parse(readFileSync(join(SOURCE, "package.json"), "utf8")).version as string;
  const icons: Record<string, string> = {};
  for (const name of Object.keys(set.icons).sort()) {
    if (LEFT_OUT.some((re) => re.test(name))) continue;
    const r = rasterise(set.icons[name].body, set.width ?? 32);
    if (r) icons[name] = `${r.palette.join("")}:${packCells(r.cells)}`;
  }
  const table = {
    _about: `Drawn library for the long tail of item subjects: Fluent Emoji Flat ${version} (Copyright (c) Microsoft Corporation, MIT licence), rasterised by scripts/library.ts at ${SIZE}x${SIZE}, at most ${MAX_COLOURS} colours. Entry: palette (rrggbb each) ':' base64 of the ${SIZE}x${SIZE} cells, two 4-bit indices a byte (0 clear, i = palette[i-1]). Regenerate with bun scripts/library.ts.`,
    size: SIZE,
    icons,
  };
  return `${JSON.stringify(table)}\n`;
}

if (import.meta.main) {
  const text = buildLibrary();
  writeOrCheck(
    OUT,
    text,
    "bun scripts/library.ts",
    () => `library.json: ${Object.keys(JSON.parse(text).icons).length} icons, ${(text.length / 1024).toFixed(0)} KiB`,
  );
}
