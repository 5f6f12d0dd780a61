/**
 * packsmith-export.json, written at the zip's root (the game ignores files there). It tells the pack's
 * user what the zip does not say by itself: what was left out and why, how to get each custom item
 * in game, and which characters the font icons were given. No dates or counters that change between
 * runs, so an unchanged pack still exports byte-identical zips.
 */
import type { PackRow } from "../core/packs.ts";
import { packFormatFor } from "../pack/versions.ts";

export const REPORT_PATH = "packsmith-export.json";

export type LeftOutReason = "generating" | "error" | "requires_newer_version" | "unplaceable";

export interface LeftOut {
  asset: string;
  reason: LeftOutReason;
  detail: string;
  requiredVersion?: string;
  /** Where the file would have gone, when the asset had a place (a model whose references do not resolve). */
  path?: string;
}

export interface CustomItem {
  asset: string;
  /** The vanilla item that carries it. */
  carrier: string;
  customModelData: number;
  /** 1.21.4+: the item model definition the `item_model` component names. */
  itemModel?: string;
  give: string[];
}

export interface ItemVariant {
  asset: string;
  item: string;
  variant: string;
  give: string[];
}

export interface BlockCarrier {
  asset: string;
  block: string;
  directional: boolean;
}

export interface FontCharacter {
  asset: string;
  font: string;
  char: string;
  codepoint: string;
  /** True when the exporter chose the character (the icon had none). */
  assigned: boolean;
}

export interface PathConflict {
  asset: string;
  path: string;
  keptFor: string;
}

/** An imported file written back at its path although this version does not read files there. */
export interface NotRead {
  asset: string;
  path: string;
  requiredVersion: string;
}

/** A model reference that does not resolve: a warning, the file is written back all the same. */
export interface BrokenReference {
  path: string;
  reference: string;
  detail: string;
}

/** A kept pack file the export could not write back, with why. */
export interface NotKept {
  path: string;
  reason: string;
}

export class ExportReport {
  readonly leftOut: LeftOut[] = [];
  readonly notRead: NotRead[] = [];
  readonly notKept: NotKept[] = [];
  readonly rewritten: NotKept[] = [];
  readonly brokenReferences: BrokenReference[] = [];
  readonly customItems: CustomItem[] = [];
  readonly variants: ItemVariant[] = [];
  readonly blockCarriers: BlockCarrier[] = [];
  readonly fontCharacters: FontCharacter[] = [];
  readonly conflicts: PathConflict[] = [];

  constructor(
    private readonly pack: PackRow,
    private readonly version: string,
  ) {}

  leaveOut(asset: string, reason: LeftOutReason, detail: string, requiredVersion?: string, path?: string): void {
    this.leftOut.push({
      asset,
      reason,
      detail,
      ...(requiredVersion ? { requiredVersion } : {}),
      ...(path ? { path } : {}),
    });
  }

  dropKept(path: string, reason: string): void {
    this.notKept.push({ path, reason });
  }

  /** A kept file written back changed (e.g. pack.mcmeta for another pack format), with why. */
  rewrote(path: string, reason: string): void {
    this.rewritten.push({ path, reason });
  }

  brokenReference(path: string, reference: string, detail: string): void {
    this.brokenReferences.push({ path, reference, detail });
  }

  noteNotRead(asset: string, path: string, requiredVersion: string): void {
    this.notRead.push({ asset, path, requiredVersion });
  }

  conflict(asset: string, path: string, keptFor: string): void {
    this.conflicts.push({ asset, path, keptFor });
  }

  toJson(): Record<string, unknown> {
    const byAsset = <T extends { asset: string }>(list: T[]) => [...list].sort((a, b) => cmp(a.asset, b.asset));
    return {
      packsmithExport: 1,
      pack: this.pack.slug,
      name: this.pack.name,
      minecraftVersion: this.version,
      packFormat: packFormatFor(this.version),
      leftOut: byAsset(this.leftOut),
      notRead: byAsset(this.notRead),
      notKept: [...this.notKept].sort((a, b) => cmp(a.path, b.path)),
      rewritten: [...this.rewritten].sort((a, b) => cmp(a.path, b.path)),
      brokenReferences: [...this.brokenReferences].sort((a, b) => cmp(a.path, b.path) || cmp(a.reference, b.reference)),
      customItems: byAsset(this.customItems),
      variants: byAsset(this.variants),
      blockCarriers: byAsset(this.blockCarriers),
      fontCharacters: [...this.fontCharacters].sort((a, b) => cmp(a.font, b.font) || cmp(a.codepoint, b.codepoint)),
      conflicts: [...this.conflicts].sort((a, b) => cmp(a.path, b.path) || cmp(a.asset, b.asset)),
    };
  }
}

/** Plain code-unit order (never locale order, which differs between machines). */
export const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
