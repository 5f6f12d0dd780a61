/**
 * Items: sprite reskins, custom items reached through a carrier, variants, 3D item models, and the
 * vanilla item definitions (1.21.4+) or item models (before) that several assets may write into at once
 * (a carrier's overrides, a variant's select, a 3D or block model replacing an item's look).
 */
import type { AssetRow } from "../core/assets.ts";
import { atLeast, ITEM_COMPONENTS, ITEM_DEFINITIONS } from "../pack/versions.ts";
import { isVanillaItemId } from "../pack/vanilla.ts";
import { pathSegment } from "../pack/naming.ts";
import { itemNumberHash } from "../pack/item-number.ts";
import { jsonText, type ExportPlan } from "./plan.ts";
import { vanillaTexturePath } from "./textures.ts";
import { cmp } from "./report.ts";

/** The vanilla item custom items ride on: plain, stackable, never used as a tool, fine at any size. */
export const CARRIER = "paper";
/** Item components replaced NBT in item commands. */
/** custom_model_data numbers: six digits, below 2^24 so the float form (1.21.4+) holds them exactly. */
const CMD_FIRST = 100_000;
const CMD_SPAN = 900_000;

interface CustomEntry {
  asset: AssetRow;
  /** Model the carrier shows for it, e.g. `<ns>:item/ruby`. */
  model: string;
  /** Path part of its 1.21.4+ item model definition id. */
  id: string;
}

interface ItemParts {
  /** Model replacing the vanilla one (a 3D reskin, a block model's item); null keeps vanilla's. */
  base: string | null;
  variants: { variant: string; model: string; asset: AssetRow }[];
  owner: AssetRow;
}

/** Collects what every asset wants of each vanilla item, then writes one file per item. */
export class ItemDefinitions {
  private readonly items = new Map<string, ItemParts>();
  private readonly custom: CustomEntry[] = [];

  constructor(private readonly plan: ExportPlan) {}

  private parts(item: string, owner: AssetRow): ItemParts {
    let p = this.items.get(item);
    if (!p) this.items.set(item, (p = { base: null, variants: [], owner }));
    return p;
  }

  /** Shows `model` for the vanilla item `item`; false when another asset already replaced it. */
  replace(item: string, model: string, owner: AssetRow): boolean {
    const p = this.parts(item, owner);
    if (p.base !== null) return false;
    p.base = model;
    return true;
  }

  variant(item: string, variant: string, model: string, owner: AssetRow): void {
    this.parts(item, owner).variants.push({ variant, model, asset: owner });
  }

  /** A custom item reached through the carrier. */
  addCustom(asset: AssetRow, model: string, id: string): void {
    this.custom.push({ asset, model, id });
  }

  /** Writes every item file and the report's custom-item and variant entries. */
  finish(): void {
    const plan = this.plan;
    const ns = plan.namespace;
    const numbered = assignNumbers(ns, this.custom);
    const modern = atLeast(plan.version, ITEM_DEFINITIONS);
    if (numbered.length) this.parts(CARRIER, numbered[0].entry.asset);
    for (const { entry, cmd } of numbered) {
      const itemModel = modern ? `${ns}:${entry.id}` : undefined;
      if (modern)
        plan.text(`assets/${ns}/items/${entry.id}.json`, jsonText({ model: modelNode(entry.model) }), entry.asset);
      plan.report.customItems.push({
        asset: plan.handle(entry.asset),
        carrier: `minecraft:${CARRIER}`,
        customModelData: cmd,
        ...(itemModel ? { itemModel } : {}),
        give: giveCustom(plan.version, cmd, itemModel),
      });
    }
    for (const [item, p] of [...this.items].sort(([a], [b]) => cmp(a, b))) {
      const overrides = item === CARRIER ? numbered.map(({ entry, cmd }) => ({ cmd, model: entry.model })) : [];
      const variants = [...p.variants].sort((a, b) => cmp(a.variant, b.variant));
      for (const v of variants) {
        plan.report.variants.push({
          asset: plan.handle(v.asset),
          item: `minecraft:${item}`,
          variant: v.variant,
          give: [`/give @s minecraft:${item}[minecraft:custom_model_data={strings:["${v.variant}"]}]`],
        });
      }
      if (modern)
        plan.text(
          `assets/minecraft/items/${item}.json`,
          jsonText({ model: definitionNode(item, p.base, variants, overrides) }),
          p.owner,
        );
      else
        plan.text(
          `assets/minecraft/models/item/${item}.json`,
          jsonText(legacyItemModel(item, p.base, overrides)),
          p.owner,
        );
    }
  }
}

const modelNode = (model: string) => ({ type: "minecraft:model", model });

/** 1.21.4+: the vanilla look (or its replacement), wrapped in a select for variants, wrapped in a range_dispatch for custom_model_data. */
function definitionNode(
  item: string,
  base: string | null,
  variants: { variant: string; model: string }[],
  overrides: { cmd: number; model: string }[],
) {
  let node: Record<string, unknown> = modelNode(base ?? `minecraft:item/${item}`);
  if (variants.length) {
    node = {
      type: "minecraft:select",
      property: "minecraft:custom_model_data",
      index: 0,
      cases: variants.map((v) => ({ when: v.variant, model: modelNode(v.model) })),
      fallback: node,
    };
  }
  if (overrides.length) {
    node = {
      type: "minecraft:range_dispatch",
      property: "minecraft:custom_model_data",
      index: 0,
      entries: overrides.map((o) => ({ threshold: o.cmd, model: modelNode(o.model) })),
      fallback: node,
    };
  }
  return node;
}

/** Before 1.21.4: the item's model file, with custom_model_data overrides sorted ascending (the last match wins). */
function legacyItemModel(item: string, base: string | null, overrides: { cmd: number; model: string }[]) {
  const look: Record<string, unknown> = base
    ? { parent: base }
    : { parent: "minecraft:item/generated", textures: { layer0: `minecraft:item/${item}` } };
  if (overrides.length)
    look.overrides = overrides.map((o) => ({ predicate: { custom_model_data: o.cmd }, model: o.model }));
  return look;
}

/**
 * A number per custom item from a hash of its id, so it stays the same across exports while other
 * items come and go; a clash moves the later id (in id order) to the next free number.
 */
function assignNumbers(ns: string, entries: CustomEntry[]): { entry: CustomEntry; cmd: number }[] {
  const taken = new Set<number>();
  const sorted = [...entries].sort((a, b) => cmp(a.id, b.id) || a.asset.id - b.asset.id);
  const out = sorted.map((entry) => {
    let n = itemNumberHash(ns, entry.id) % CMD_SPAN;
    while (taken.has(CMD_FIRST + n)) n = (n + 1) % CMD_SPAN;
    taken.add(CMD_FIRST + n);
    return { entry, cmd: CMD_FIRST + n };
  });
  return out.sort((a, b) => a.cmd - b.cmd);
}

function giveCustom(version: string, cmd: number, itemModel?: string): string[] {
  const item = `minecraft:${CARRIER}`;
  if (itemModel)
    return [
      `/give @s ${item}[minecraft:item_model="${itemModel}"]`,
      `/give @s ${item}[minecraft:custom_model_data={floats:[${cmd}]}]`,
    ];
  if (atLeast(version, ITEM_COMPONENTS)) return [`/give @s ${item}[minecraft:custom_model_data=${cmd}]`];
  return [`/give @s ${item}{CustomModelData:${cmd}}`];
}

/** Places one item sprite: a reskin over vanilla's texture, a variant, or a custom item. */
export function planItemSprite(plan: ExportPlan, defs: ItemDefinitions, a: AssetRow): string | null {
  const ns = plan.namespace;
  const seg = pathSegment(a.name);
  if (a.target && !a.meta.variant) {
    plan.stored(a, vanillaTexturePath("item", a.target, plan.version));
    return null;
  }
  if (a.target && !isVanillaItemId(a.target))
    return `'${a.target}' is a texture, not an item id, so a variant cannot select it`;
  plan.stored(a, `assets/${ns}/textures/item/${seg}.png`);
  // A variant keeps its item's display (handheld for tools) by inheriting the vanilla model.
  const parent = a.target ? `minecraft:item/${a.target}` : "minecraft:item/generated";
  plan.derived(a, `assets/${ns}/models/item/${seg}.json`, {
    text: jsonText({ parent, textures: { layer0: `${ns}:item/${seg}` } }),
  });
  if (a.target) defs.variant(a.target, a.meta.variant, `${ns}:item/${seg}`, a);
  else defs.addCustom(a, `${ns}:item/${seg}`, seg);
  return null;
}

/** A 3D item: its model under models/item/, shown instead of a vanilla item or reached as a custom item. */
export function planItem3d(plan: ExportPlan, defs: ItemDefinitions, a: AssetRow): string | null {
  const ns = plan.namespace;
  const seg = pathSegment(a.name);
  if (a.target && !isVanillaItemId(a.target))
    return `'${a.target}' is a texture, not an item id, so its model cannot be replaced`;
  if (a.target && !defs.replace(a.target, `${ns}:item/${seg}`, a))
    return `minecraft:${a.target} already shows another model in this pack`;
  plan.stored(a, `assets/${ns}/models/item/${seg}.json`);
  if (!a.target) defs.addCustom(a, `${ns}:item/${seg}`, seg);
  return null;
}
