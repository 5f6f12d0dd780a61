import type { ArtSpec } from "./interpret/spec.ts";
import type { Sketch } from "./art/sketch.ts";
import type { Dither } from "./look/palette-lock.ts";
import type { AnimationRequest } from "./look/animate.ts";

/**
 * What generators take and give. Generators are pure (DESIGN.md): a validated request plus a seed in,
 * bytes out; no database, no HTTP. The engine (jobs/pool.ts, jobs/worker.ts) calls them inside Bun workers.
 */

/** The pack's style guide as generators see it: only present when enabled and not opted out. */
export interface StyleHint {
  /** Hex colours like "#7a4a2b"; generators pull their palettes toward these, then every pixel is locked to them. */
  palette: string[];
  notes: string;
  /** How the lock shows shades between two palette colours (gen/look/palette-lock.ts); "none" when absent. */
  dither?: Dither;
}

interface Common {
  prompt: string;
  /** The caller's structured description (gen/interpret/spec.ts); wins over the prompt where both speak. */
  spec?: ArtSpec;
  /** Integer; same seed + same request gives the same bytes. */
  seed: number;
  style?: StyleHint | null;
}

export type FaceSlot = "top" | "bottom" | "side";

export interface TextureRequest extends Common {
  size: number; // 16..128
  mode: "vanilla" | "custom";
  vanillaTarget?: string; // a name from block-textures.json when mode = vanilla
  description?: string; // when mode = custom
  faceSlot?: FaceSlot;
  /** A drawn tile (art/sketch.ts): replaces the painted structure, shaded to tile. */
  sketch?: Sketch;
  /** Makes the result a vertical strip of frames with its .png.mcmeta (gen/look/animate.ts). */
  animation?: AnimationRequest;
}

export interface ItemRequest extends Common {
  size: number; // 16..128, default 16
  target?: string | null; // vanilla item texture name to reskin
  variant?: string;
  /** A drawn sprite (art/sketch.ts): replaces the family's silhouette and colours. */
  sketch?: Sketch;
  animation?: AnimationRequest;
}

export interface IconRequest extends Common {
  name: string;
  char?: string;
  height?: number; // glyph height in px, default 8..9, up to 32
  /** A drawn glyph (art/sketch.ts): replaces the chosen glyph. */
  sketch?: Sketch;
  animation?: AnimationRequest;
}

export interface GuiRequest extends Common {
  target: string; // container screen id from gui-containers.json, e.g. generic_54
}

export type HudRequest = Common;

export interface SoundRequest extends Common {
  event: string;
  category?: string;
  durationSeconds?: number;
}

/** What carries a model in game: a custom item, a full block, or a partial (non-full) block. */
export const CARRIER_KINDS = ["item", "full", "partial"] as const;
export type CarrierKind = (typeof CARRIER_KINDS)[number];

export interface ModelRequest extends Common {
  carrierKind: CarrierKind;
  directional: boolean;
  carrierBlockId?: string;
  /** Game version the pack targets; decides which element rotations are legal (FORMAT-NOTES.md). */
  minecraftVersion: string;
  /** Maps a texture slot of this model to the resource location the exporter will write it at. */
  textureId: (slot: string) => string;
}

export interface Item3dRequest extends Common {
  size: number;
  sketch?: Sketch;
  target?: string | null;
  minecraftVersion: string;
  textureId: (slot: string) => string;
}

/** A generated model: the Java block model JSON plus its own textures (PNG bytes) by slot. */
export interface GeneratedModel {
  model: Record<string, unknown>;
  textures: Record<string, Uint8Array>;
}
