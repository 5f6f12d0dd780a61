/**
 * Writes the published origin-hash vectors: `bun test/vectors/make-vectors.ts`.
 * The files are committed; rerunning must reproduce them byte for byte (test/origin/vectors.test.ts
 * checks the hashes, not this script). Pixels and samples are fixed formulas, so nothing is random.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { encodePng, newRgba } from "../../src/media/png.ts";
import { canonicalJson } from "../../src/origin/canonical-json.ts";
import { originHash } from "../../src/origin/hash.ts";
import { encodeFixture, type FixtureImage } from "../support/png-fixture.ts";
import { JS_VALUE_VECTORS } from "./js-values.ts";

const dir = import.meta.dir;

/** 16x16 RGBA art with every alpha from opaque to invisible; invisible pixels keep junk RGB. */
function rgbaSamples(): number[] {
  const s: number[] = [];
  for (let y = 0; y < 16; y++) {
    for (let x = 0; x < 16; x++) {
      const a = (x + y) % 5 === 0 ? 0 : (x * 16 + y * 7) % 256 || 255;
      s.push((x * 17) & 255, (y * 13) & 255, (x * y) & 255, a);
    }
  }
  return s;
}

const PNG_FIXTURES: Record<string, FixtureImage> = {
  "transparent-with-colour.png": { width: 16, height: 16, colorType: 6, bitDepth: 8, samples: rgbaSamples() },
  "transparent-with-colour-interlaced.png": { width: 16, height: 16, colorType: 6, bitDepth: 8, samples: rgbaSamples(), interlaced: true },
  "palette-4bit-trns.png": {
    width: 12, height: 9, colorType: 3, bitDepth: 4,
    palette: [[0, 0, 0], [255, 0, 0], [0, 255, 0], [0, 0, 255], [250, 200, 10], [90, 60, 30]],
    trns: new Uint8Array([0, 255, 128]),
    samples: Array.from({ length: 108 }, (_, i) => (i * 7 + (i >> 3)) % 6),
  },
  "grey-2bit.png": { width: 10, height: 6, colorType: 0, bitDepth: 2, samples: Array.from({ length: 60 }, (_, i) => (i * 3 + (i >> 2)) % 4) },
  "grey-alpha-8bit.png": { width: 7, height: 5, colorType: 4, bitDepth: 8, samples: Array.from({ length: 70 }, (_, i) => (i * 41) % 256) },
  "rgb-16bit.png": {
    width: 8, height: 8, colorType: 2, bitDepth: 16,
    samples: Array.from({ length: 192 }, (_, i) => (i * 2741 + 128) % 65536), // mostly not multiples of 257
  },
  "rgba-16bit-interlaced.png": {
    width: 9, height: 11, colorType: 6, bitDepth: 16, interlaced: true,
    samples: Array.from({ length: 396 }, (_, i) => (i % 4 === 3 ? (i % 3 === 0 ? 0 : 65535 - i * 97) : (i * 40503) % 65536)),
  },
};

const TEXT_FILES: Record<string, string> = {
  "model.json": `{
  "parent": "block/block",
  "textures": { "particle": "packsmith:block/lamp", "0": "packsmith:block/lamp" },
  "elements": [
    { "from": [4, 0, 4], "to": [12, 2, 12], "faces": { "up": { "uv": [4, 4, 12, 12], "texture": "#0" } } },
    { "from": [7.5, 2, 7.5], "to": [8.5, 14, 8.5], "rotation": { "angle": 22.5, "axis": "y", "origin": [8, 8, 8] },
      "faces": { "north": { "uv": [0, 0, 1, 12], "texture": "#0" } } }
  ]
}
`,
  // The same model reordered, re-indented and with float noise: must hash like model.json.
  "model-reformatted.json": `{"elements":[{"faces":{"up":{"texture":"#0","uv":[4.0000001,4,12,12]}},"to":[12,2,12],"from":[4,0,4]},{"to":[8.5,14,8.5],"from":[7.5,2,7.5],"faces":{"north":{"texture":"#0","uv":[0,0,1,12]}},"rotation":{"origin":[8,8,8],"axis":"y","angle":22.499999999}}],"textures":{"0":"packsmith:block/lamp","particle":"packsmith:block/lamp"},"parent":"block/block"}`,
  "edge-cases.json": `{
  "zeta": 1, "Zeta": 2, "é": 3, "ｆｕｌｌ": 4, "😀": 5, "a\\u0000b": 6,
  "big": 1e21, "negZero": -0, "sum": 0.30000000000000004, "tiny": 1e-7, "half": 0.0000005,
  "overflow": [1e400, -1e400], "int": 12345678901234567890,
  "nested": [[[]], [1, [2, [3.14159265]]], {"b": null, "a": [true, false]}],
  "text": "line\\nbreak \\"quoted\\" \\u00e9 \\ud83d\\ude00"
}
`,
  "notes.txt": "Plain bytes form: any extension other than .png and .json is hashed as-is.\r\nTrailing spaces and CRLF count.  \n",
};

const files: { file: string; form: string; hash: string; canonical?: string; note?: string }[] = [];
const note: Record<string, string> = {
  "transparent-with-colour.png": "RGBA8; alpha-0 pixels carry non-zero RGB that the hash must zero",
  "transparent-with-colour-interlaced.png": "same pixels, Adam7 interlaced: same hash as transparent-with-colour.png",
  "transparent-with-colour-encodepng.png": "same pixels with RGB of invisible pixels already zeroed, other filters: same hash again",
  "palette-4bit-trns.png": "colour type 3, 4-bit, tRNS alpha for the first three entries",
  "grey-2bit.png": "colour type 0, 2-bit: samples scale x85",
  "grey-alpha-8bit.png": "colour type 4, 8-bit; some alpha 0",
  "rgb-16bit.png": "colour type 2, 16-bit: samples reduce by round(v/257)",
  "rgba-16bit-interlaced.png": "colour type 6, 16-bit, Adam7",
  "model.json": "block model",
  "model-reformatted.json": "model.json reordered, minified, with float noise below 1e-6: same hash",
  "edge-cases.json": "key order with non-ASCII keys, 1e21, -0, 0.1+0.2, 1e-7, 5e-7, 1e400 (parses to Infinity), big integer, nested arrays, escapes",
  "notes.txt": "bytes form",
};

for (const [file, img] of Object.entries(PNG_FIXTURES)) writeFileSync(join(dir, file), encodeFixture(img));
{
  // A second encoder's take on the first picture, invisible RGB cleared: the hash must not care.
  const img = newRgba(16, 16);
  img.data.set(rgbaSamples());
  for (let i = 3; i < img.data.length; i += 4) if (img.data[i] === 0) img.data.fill(0, i - 3, i);
  writeFileSync(join(dir, "transparent-with-colour-encodepng.png"), encodePng(img));
}
for (const [file, text] of Object.entries(TEXT_FILES)) writeFileSync(join(dir, file), text);

for (const file of [...Object.keys(PNG_FIXTURES), "transparent-with-colour-encodepng.png", ...Object.keys(TEXT_FILES)]) {
  const bytes = new Uint8Array(await Bun.file(join(dir, file)).arrayBuffer());
  const { hash, form } = originHash(file, bytes);
  const entry: (typeof files)[number] = { file, form, hash, note: note[file] };
  if (form === "json") entry.canonical = canonicalJson(JSON.parse(new TextDecoder().decode(bytes)));
  files.push(entry);
}

const values = JS_VALUE_VECTORS.map(({ name, value }) => ({
  name,
  canonical: canonicalJson(value),
  hash: new Bun.CryptoHasher("sha256").update("packsmith/v1/json\n" + canonicalJson(value)).digest("hex"),
}));

const doc = {
  about: "Origin hash vectors, packsmith v1. See README.md. files: hash each file by its name; values: JS values JSON text cannot hold.",
  files,
  values,
};
writeFileSync(join(dir, "vectors.json"), JSON.stringify(doc, null, 2) + "\n");
console.log(`wrote ${files.length} file vectors and ${values.length} value vectors`);
