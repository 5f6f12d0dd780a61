/**
 * Generated and uploaded block models (type `model`). The model JSON goes under models/block/ in the
 * pack's namespace, where its textures (`<ns>:block/<model>_<slot>`) also live. What carries it:
 * - carrierBlockId: that vanilla block's blockstate is replaced so every state shows the model, turned
 *   with `facing` when directional; the block's item shows it too;
 * - otherwise: it is a custom item on the carrier item (see items.ts), whatever its carrierKind.
 */
import { blockInfo } from "../pack/game-data.ts";
import { fitModelBytes, modelNeedsFit } from "../pack/model-fit.ts";
import type { AssetRow } from "../core/assets.ts";
import { pathSegment } from "../pack/naming.ts";
import { jsonText, type ExportPlan } from "./plan.ts";
import type { ItemDefinitions } from "./items.ts";

/** Rotations for a model drawn facing north, as vanilla's own directional blockstates use them. */
const TURNS: Record<string, { x?: number; y?: number }> = {
  north: {},
  east: { y: 90 },
  south: { y: 180 },
  west: { y: 270 },
  up: { x: 270 },
  down: { x: 90 },
};

/**
 * The values of the block's `facing` state (from the game data), sorted. A variant key naming a property or value
 * the block does not have makes the game drop the whole blockstate, so only these are written.
 */
export function facingsOf(block: string): string[] {
  const values = blockInfo(block)?.states.facing ?? [];
  return values.filter((f) => Object.hasOwn(TURNS, f)).sort();
}

export function blockstate(model: string, facings: string[]): Record<string, unknown> {
  if (!facings.length) return { variants: { "": { model } } };
  return { variants: Object.fromEntries(facings.map((f) => [`facing=${f}`, { model, ...TURNS[f] }])) };
}

/** Plans one model; returns why it cannot be placed, or null. `carried` tracks blocks already taken. */
export function planModel(
  plan: ExportPlan,
  defs: ItemDefinitions,
  a: AssetRow,
  carried: Map<string, AssetRow>,
): string | null {
  const ns = plan.namespace;
  const seg = pathSegment(a.name);
  const model = `${ns}:block/${seg}`;
  const block: string | null = a.meta.carrierBlockId ?? null;
  if (block) {
    const held = carried.get(block);
    if (held) return `minecraft:${block} already carries ${plan.handle(held)}`;
    carried.set(block, a);
  }
  const file = `assets/${ns}/models/block/${seg}.json`;
  if (modelNeedsFit(plan.version)) plan.fitted(a, file, (bytes) => fitModelBytes(bytes, plan.version));
  else plan.stored(a, file);
  if (!block) {
    defs.addCustom(a, model, seg);
    return null;
  }
  const facings = a.meta.directional ? facingsOf(block) : [];
  plan.derived(a, `assets/minecraft/blockstates/${block}.json`, { text: jsonText(blockstate(model, facings)) });
  defs.replace(block, model, a);
  plan.report.blockCarriers.push({
    asset: plan.handle(a),
    block: `minecraft:${block}`,
    directional: facings.length > 0,
  });
  return null;
}
