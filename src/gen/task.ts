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

/**
 * Checking untrusted files (decode a large PNG, re-encode an upload) off the API thread: `fn` names a pure
 * function of src/files/off-thread.ts, which worker.ts routes to (kept out of gen/, which stays below files/).
 */
export type CallTask = {
  op: "call";
  fn: string;
  args: unknown;
  /** "bulk": work no request is waiting on slice by slice (pack checks, import files), in turn with generations. */
  lane?: "bulk";
};

/** What the worker pool runs: a generation, or a file check. */
export type PoolTask = Task | CallTask;

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
