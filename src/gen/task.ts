import type {
  GuiRequest,
  HudRequest,
  IconRequest,
  ItemRequest,
  SoundRequest,
  TextureRequest,
  ModelRequest,
  Item3dRequest,
} from "./types.ts";

/**
 * What crosses from the API thread to a generation worker: plain data only (no functions), so a
 * model's texture naming travels as a prefix and is rebuilt into `textureId` inside the worker.
 */
export type Task =
  | { op: "texture"; req: TextureRequest }
  | { op: "item"; req: ItemRequest }
  | { op: "icon"; req: IconRequest }
  | { op: "gui"; req: GuiRequest }
  | { op: "hud"; req: HudRequest }
  | { op: "sound"; req: SoundRequest }
  | { op: "model"; req: Omit<ModelRequest, "textureId">; texturePrefix: string }
  | { op: "item3d"; req: Omit<Item3dRequest, "textureId">; texturePrefix: string };

export interface ProviderSettings {
  name: "procedural" | "openai-images";
  baseUrl: string;
  model: string;
  apiKey: string;
  callTimeoutMs: number;
}

/** A finished generation: the asset's own file, plus a model's textures by slot. */
export interface TaskResult {
  main: Uint8Array;
  textures?: Record<string, Uint8Array>;
  meta?: Record<string, unknown>;
}
