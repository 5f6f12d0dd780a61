/**
 * `optimize=true`: a smaller zip with nothing the game reads changed. PNGs are re-encoded losslessly in the
 * worker pool (media/png-optimize.ts), JSON and .mcmeta minified keeping every value (pack/json-minify.ts),
 * files the game never reads (editor sources, OS junk and thumbnail caches, dot-files, READMEs outside assets/:
 * the import's own rule, isSourceOrJunk) left out and listed, and every entry deflated at the zip writer's
 * strongest level where that is smaller. Deterministic: the same pack gives the same bytes.
 */
import type { Services } from "../services.ts";
import { optimizePngOffThread } from "../files/off-thread.ts";
import { minifyJson } from "../pack/json-minify.ts";
import { isSourceOrJunk } from "../pack/import-paths.ts";
import type { ExportPlan, PlannedFile } from "./plan.ts";

/** Optimised PNGs kept by their content hash, so a second optimised export of the same pack re-encodes nothing. */
const CACHE_BYTES = 32 * 1024 * 1024;
const optimizedPngs = new Map<string, Uint8Array>();
let cachedBytes = 0;

function remember(key: string, bytes: Uint8Array): void {
  optimizedPngs.set(key, bytes);
  cachedBytes += bytes.length + key.length;
  for (const [k, v] of optimizedPngs) {
    if (cachedBytes <= CACHE_BYTES) break;
    optimizedPngs.delete(k);
    cachedBytes -= v.length + k.length;
  }
}

/** Forgets every optimised PNG (bench/optimize.ts times a cold run and checks a second cold run's bytes). */
export function forgetOptimizedPngs(): void {
  optimizedPngs.clear();
  cachedBytes = 0;
}

export type Optimizer = (f: PlannedFile, data: Uint8Array) => Promise<Uint8Array>;

/** The optimiser for one export: what each file becomes (the same array when nothing was gained). */
export function optimizer(svc: Services): Optimizer {
  return async (f, data) => {
    if (/\.png$/i.test(f.path)) {
      const key = "blob" in f.source ? f.source.blob : new Bun.CryptoHasher("sha256").update(data).digest("hex");
      const hit = optimizedPngs.get(key);
      if (hit) return hit.length < data.length ? hit : data;
      const out = await optimizePngOffThread(svc, data);
      remember(key, out);
      return out.length < data.length ? out : data;
    }
    if (/\.(json|mcmeta)$/i.test(f.path)) return minifyJson(data);
    return data;
  };
}

/** The files of an optimised export without those the game never reads; each left out is listed in the report. */
export function withoutUnread(plan: ExportPlan, files: PlannedFile[]): PlannedFile[] {
  return files.filter((f) => {
    if (!isSourceOrJunk(f.path)) return true;
    plan.report.dropKept(f.path, "optimize=true leaves out files the game never reads (editor sources, OS junk)");
    return false;
  });
}
