/**
 * A stored model rewritten for an older release: a model generated or uploaded while the pack targeted a newer
 * version keeps fields an older game refuses (element `light_emission` before 1.21.2; rotation angles outside the
 * 22.5-degree steps before 1.21.6). Export runs every model through this, so changing a pack's version never
 * ships a model that release drops. Multi-axis rotations (1.21.11+) are left as they are: the checker reports them.
 */
import { atLeast, ANY_ROTATION, LIGHT_EMISSION } from "./versions.ts";
import { legalRotation } from "./model-rules.ts";

/** Whether a release may need a model rewritten at all (the newest rules take every model as stored). */
export const modelNeedsFit = (version: string) => !atLeast(version, ANY_ROTATION);

/** The bytes the release reads: the same bytes when nothing had to change (or the file is not a JSON object). */
export function fitModelBytes(bytes: Uint8Array, version: string): Uint8Array {
  let model: unknown;
  try {
    model = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return bytes;
  }
  if (typeof model !== "object" || model === null || !Array.isArray((model as { elements?: unknown }).elements))
    return bytes;
  let changed = false;
  for (const el of (model as { elements: unknown[] }).elements) {
    if (typeof el !== "object" || el === null) continue;
    const e = el as Record<string, unknown>;
    if ("light_emission" in e && !atLeast(version, LIGHT_EMISSION)) {
      delete e.light_emission;
      changed = true;
    }
    const r = e.rotation as Record<string, unknown> | undefined;
    if (r && typeof r.angle === "number") {
      const legal = legalRotation(r.angle, version);
      if (legal !== r.angle) {
        r.angle = legal;
        changed = true;
      }
    }
  }
  return changed ? new TextEncoder().encode(`${JSON.stringify(model, null, 2)}\n`) : bytes;
}
