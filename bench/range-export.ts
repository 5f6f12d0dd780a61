/**
 * Range export (?minVersion=1.20.1 on a 1.21.11 pack: 12 formats planned) against the single-version
 * export of the same pack, in the same run. Run: bun bench/range-export.ts [items] [runs]
 * The pack: custom item sprites (which change layout at 1.21.4) and block textures (which do not).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config.ts";
import { openServices } from "../src/services.ts";
import { createAccount } from "../src/core/accounts.ts";
import { createPack } from "../src/core/packs.ts";
import { insertAsset } from "../src/core/assets.ts";
import { encodePng, newRgba } from "../src/media/png.ts";
import { exportZip, type ExportOptions } from "../src/export/index.ts";
import { median } from "./support/wrk.ts";

const ITEMS = Number(process.argv[2] ?? 2000);
const RUNS = Number(process.argv[3] ?? 5);
const dir = mkdtempSync(join(tmpdir(), "packsmith-bench-range-"));
const svc = await openServices(loadConfig({ data: join(dir, "data") }, {}));
const pack = await createPack(svc.db, await createAccount(svc.db, "bench", "pro", 0), "bench range", "1.21.11", 10);

await svc.db.transaction(async (tx) => {
  for (let i = 0; i < ITEMS; i++) {
    const img = newRgba(16, 16);
    for (let p = 0; p < 256; p++) img.data.set([(i * 7 + p) & 255, (i * 13) & 255, p & 255, 255], p * 4);
    const bytes = encodePng(img);
    const item = i % 2 === 0;
    await insertAsset(tx, {
      packId: pack.id,
      kind: "texture",
      type: item ? "item" : "block",
      name: item ? `item:thing_${i}` : `block_${i}`,
      meta: item ? { variant: null } : {},
      status: "ready",
      source: "generated",
      blob: await svc.blobs.put(bytes),
      sizeBytes: bytes.length,
    });
  }
});

async function timed(options: ExportOptions): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const zip = await exportZip(svc, pack, options);
  const bytes = (await new Response(zip.stream).arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes };
}

await timed({});
await timed({ minVersion: "1.20.1" }); // warm-up
const single: number[] = [];
const range: number[] = [];
let sizes = { single: 0, range: 0 };
for (let r = 0; r < RUNS; r++) {
  const s = await timed({});
  const g = await timed({ minVersion: "1.20.1" });
  single.push(s.ms);
  range.push(g.ms);
  sizes = { single: s.bytes, range: g.bytes };
}
console.log(`${ITEMS} assets, ${RUNS} runs (median)`);
console.log(`single 1.21.11        ${median(single).toFixed(0)} ms  ${sizes.single} bytes`);
console.log(
  `range 1.20.1-1.21.11  ${median(range).toFixed(0)} ms  ${sizes.range} bytes  (${(median(range) / median(single)).toFixed(2)}x the single export's time, ${(sizes.range / sizes.single).toFixed(2)}x its size)`,
);
await svc.db.close();
rmSync(dir, { recursive: true, force: true });
