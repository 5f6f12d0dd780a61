/**
 * The pictures and sounds a person looks at (test/artifacts: contact sheets, model renders, sound samples, studio
 * screenshots) are made by the tests but written only when asked: `bun run artifacts` (PACKSMITH_ARTIFACTS=1).
 * An ordinary test run leaves the working tree as it found it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const ARTIFACTS_DIR = join(import.meta.dir, "..", "artifacts");
export const WRITE_ARTIFACTS = process.env.PACKSMITH_ARTIFACTS === "1";

/** Writes `bytes` to test/artifacts/<path> when artifacts are asked for; answers whether it wrote. */
export function writeArtifact(path: string, bytes: Uint8Array | string): boolean {
  if (!WRITE_ARTIFACTS) return false;
  const full = join(ARTIFACTS_DIR, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, bytes);
  return true;
}
