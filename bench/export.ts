/**
 * Export of a 4,000-asset pack against `zip -r -q` of the same files, in the same run.
 * Run: bun bench/export.ts [assets] [runs]
 *
 * The pack: custom block textures (16-64 px), custom item sprites, font icons and sounds (random bytes
 * standing in for Ogg), all marked generated so registration runs too. Timed for us: the whole HTTP-free
 * export path (plan from sqlite, blobs read one at a time, zip streamed to a file) with and without
 * origin registration. Timed for zip: `zip -r -q` over the files our zip holds, extracted to a folder
 * beforehand (so zip reads the same bytes from disk that we read from the blob store).
 * Targets (issue 17): at most 0.3x zip's time with warm caches (a re-export), and no larger.
 */
import { mkdtempSync, rmSync, mkdirSync, writeFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { unzipSync } from "fflate";
import { loadConfig } from "../src/config.ts";
import { openServices } from "../src/services.ts";
import { createAccount } from "../src/core/accounts.ts";
import { createPack, type PackRow } from "../src/core/packs.ts";
import { insertAsset } from "../src/core/assets.ts";
import { encodePng, newRgba } from "../src/media/png.ts";
import { rngFrom } from "../src/gen/rng.ts";
import { exportZip } from "../src/export/index.ts";

const ASSETS = Number(process.argv[2] ?? 4000);
const RUNS = Number(process.argv[3] ?? 5);

const dir = mkdtempSync(join(tmpdir(), "packsmith-bench-export-"));
const svc = await openServices(loadConfig({ data: join(dir, "data") }, {}));

function texture(size: number, seed: number): Uint8Array {
  const rng = rngFrom(seed);
  const img = newRgba(size, size);
  // Textured like generated art: a few base tones with per-pixel noise (compresses like real sprites).
  const base = [rng() * 200, rng() * 200, rng() * 200];
  for (let i = 0; i < size * size; i++) {
    const n = (rng() - 0.5) * 40;
    img.data.set(
      [base[0] + n, base[1] + n, base[2] + n, 255].map((v) => Math.max(0, Math.min(255, Math.round(v)))),
      i * 4,
    );
  }
  return encodePng(img);
}

async function fillPack(pack: PackRow): Promise<void> {
  const rng = rngFrom(42);
  await svc.db.transaction(async (tx) => {
    for (let i = 0; i < ASSETS; i++) {
      const pick = i % 20;
      let row;
      if (pick < 12)
        row = { kind: "texture", type: "block", name: `block_${i}`, bytes: texture([16, 16, 32, 64][i % 4], i) };
      else if (pick < 17) row = { kind: "texture", type: "item", name: `item:thing_${i}`, bytes: texture(16, i) };
      else if (pick < 19)
        row = { kind: "font", type: "icon", name: `icon_${i}`, bytes: texture(9, i), meta: { char: null, height: 9 } };
      else {
        const ogg = new Uint8Array(8000 + Math.floor(rng() * 16000)).map(() => Math.floor(rng() * 256));
        ogg.set([0x4f, 0x67, 0x67, 0x53]);
        row = {
          kind: "sound",
          type: "sound",
          name: `fx:sound_${i}`,
          bytes: ogg,
          meta: { event: `fx:sound_${i}`, replacesVanilla: false },
        };
      }
      const { bytes, meta, ...rest } = row as any;
      await insertAsset(tx, {
        packId: pack.id,
        status: "ready",
        source: "generated",
        blob: await svc.blobs.put(bytes),
        sizeBytes: bytes.length,
        meta: meta ?? {},
        ...rest,
      });
    }
  });
}

async function ourExport(pack: PackRow, register: boolean, out: string): Promise<number> {
  const started = performance.now();
  const zip = await exportZip(svc, pack, { register });
  await Bun.write(out, new Response(zip.stream));
  return performance.now() - started;
}

function zipBaseline(tree: string, out: string): number {
  rmSync(out, { force: true });
  const started = performance.now();
  const run = Bun.spawnSync(["zip", "-r", "-q", out, "."], { cwd: tree });
  if (run.exitCode !== 0) throw new Error(`zip failed: ${run.stderr.toString()}`);
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const account = await createAccount(svc.db, "bench", "pro", 0);
const pack = await createPack(svc.db, account, "bench export", "1.21.11", 10);
const t0 = performance.now();
await fillPack(pack);
console.log(`pack of ${ASSETS} assets built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const ours = join(dir, "ours.zip");
const theirs = join(dir, "theirs.zip");
await ourExport(pack, false, ours); // warm-up
const tree = join(dir, "tree");
const files = unzipSync(new Uint8Array(await Bun.file(ours).arrayBuffer()));
for (const [name, bytes] of Object.entries(files)) {
  mkdirSync(dirname(join(tree, name)), { recursive: true });
  writeFileSync(join(tree, name), bytes);
}
zipBaseline(tree, theirs); // warm the page cache for zip too

const plain: number[] = [];
const registering: number[] = [];
const zipTimes: number[] = [];
for (let r = 0; r < RUNS; r++) {
  zipTimes.push(zipBaseline(tree, theirs));
  plain.push(await ourExport(pack, false, ours));
  // Registration commits once per export; later runs find every hash already there (first export wins).
  registering.push(await ourExport(pack, true, ours));
}

const ourSize = statSync(ours).size;
const zipSize = statSync(theirs).size;
const ms = (x: number) => `${x.toFixed(0)} ms`;
console.log(`${Object.keys(files).length} files in the zip`);
console.log(`zip -r -q           ${ms(median(zipTimes))}  ${zipSize} bytes`);
console.log(
  `export              ${ms(median(plain))}  ${ourSize} bytes  (${(median(plain) / median(zipTimes)).toFixed(2)}x zip's time, ${((ourSize / zipSize) * 100).toFixed(1)}% of its size)`,
);
console.log(
  `export + register   ${ms(median(registering))}  (${(median(registering) / median(zipTimes)).toFixed(2)}x zip's time)`,
);
console.log(
  `targets (issue 17): time <= 0.3x zip ${median(plain) <= 0.3 * median(zipTimes) ? "met" : "MISSED"}; size <= zip ${ourSize <= zipSize ? "met" : "MISSED"}`,
);
await svc.db.close();
rmSync(dir, { recursive: true, force: true });
