/**
 * Import read speed: open + plan + read (inflate, CRC) every entry of a generated 4,000-file pack,
 * against `unzip -q` extracting the same zip to disk and `unzip -tq` (inflate + CRC only).
 * Run: bun bench/import-read.ts
 */
import { zipSync } from "fflate";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodePng, newRgba } from "../src/media/png.ts";
import { openPackZip, planImport } from "../src/pack/import-plan.ts";
import { deflateZeros, makeZip } from "../test/fixtures/zips/make-zip.ts";

let seed = 12345;
const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
function png(size: number): Uint8Array {
  const img = newRgba(size, size);
  for (let i = 0; i < img.data.length; i += 4) img.data.set([next(), next() & 0xf0, 90, 255], i);
  return encodePng(img);
}

const files: Record<string, Uint8Array> = {};
const enc = new TextEncoder();
files["pack.mcmeta"] = enc.encode('{"pack":{"pack_format":46,"description":"bench"}}');
for (let i = 0; i < 2400; i++) files[`assets/minecraft/textures/block/b${i}.png`] = png(16);
for (let i = 0; i < 1000; i++) files[`assets/minecraft/textures/item/i${i}.png`] = png(16);
for (let i = 0; i < 50; i++) files[`assets/minecraft/textures/gui/container/c${i}.png`] = png(256);
for (let i = 0; i < 450; i++)
  files[`assets/minecraft/models/block/b${i}.json`] = enc.encode(
    JSON.stringify({ parent: "block/cube_all", textures: { all: `block/b${i}` } }, null, 2),
  );
for (let i = 0; i < 99; i++) files[`assets/minecraft/sounds/s${i}.ogg`] = Uint8Array.from({ length: 20000 }, next);
const zip = zipSync(files, { level: 6 });
const dir = mkdtempSync(join(tmpdir(), "import-bench-"));
const zipPath = join(dir, "pack.zip");
writeFileSync(zipPath, zip);

function median(runs: number, fn: () => void, before = () => {}): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    before();
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

let readBytes = 0;
const ours = median(7, () => {
  const bytes = Bun.mmap(zipPath);
  const archive = openPackZip(bytes);
  const plan = planImport(archive);
  readBytes = 0;
  for (const e of archive.entries) readBytes += archive.read(e).length;
  if (plan.items.length !== 3999) throw new Error(`planned ${plan.items.length}`);
});
const out = join(dir, "out");
const unzipQ = median(
  7,
  () => {
    if (Bun.spawnSync(["unzip", "-q", "-o", zipPath, "-d", out]).exitCode !== 0) throw new Error("unzip failed");
  },
  () => rmSync(out, { recursive: true, force: true }),
);
const unzipT = median(7, () => {
  if (Bun.spawnSync(["unzip", "-tq", zipPath]).exitCode !== 0) throw new Error("unzip -t failed");
});
const bomb = makeZip([{ name: "bomb.png", compressed: deflateZeros(1024 ** 3), size: 1024, crc: 0 }]);
const bombMs = median(5, () => {
  const a = openPackZip(bomb);
  try {
    a.read(a.entries[0]);
  } catch {}
});
rmSync(dir, { recursive: true, force: true });

console.log(
  `pack: 4,000 files, zip ${(zip.length / 1048576).toFixed(1)} MiB, ${(readBytes / 1048576).toFixed(1)} MiB inflated`,
);
console.log(`open + plan + read all: ${ours.toFixed(1)} ms`);
console.log(`unzip -q (to disk):     ${unzipQ.toFixed(1)} ms   ratio ours/unzip = ${(ours / unzipQ).toFixed(2)}`);
console.log(`unzip -tq (no disk):    ${unzipT.toFixed(1)} ms   ratio ours/unzip -t = ${(ours / unzipT).toFixed(2)}`);
console.log(`1 GiB bomb declared 1 KiB, refused on read in ${bombMs.toFixed(2)} ms`);
