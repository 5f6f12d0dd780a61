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
import type { EditRequest } from "./look/edit.ts";

/**
 * What crosses from the API thread to a generation worker: plain data only (no functions), so a
 * model's texture naming travels as a prefix and is rebuilt into `textureId` inside the worker.
 */
export type Task =
  | { op: "texture"; req: TextureRequest; reference?: TaskReference }
  | { op: "item"; req: ItemRequest }
  | { op: "icon"; req: IconRequest }
  | { op: "gui"; req: GuiRequest }
  | { op: "hud"; req: HudRequest }
  | { op: "sound"; req: SoundRequest }
  | { op: "model"; req: Omit<ModelRequest, "textureId">; texturePrefix: string; reference?: TaskReference }
  | { op: "item3d"; req: Omit<Item3dRequest, "textureId">; texturePrefix: string };

/** An edit of an existing picture (ops/edit-asset.ts): it runs in a worker like a generation. */
export type EditTask = { op: "edit"; req: EditRequest; source: EditSource };

/** What an asset row's `request` holds: the task its job runs. */
export type JobTask = Task | EditTask;

/** The picture an edit starts from: its blob, whose bytes the engine adds as `png` (as for a reference). */
export interface EditSource {
  blob: string;
  png?: Uint8Array;
}

/**
 * A reference picture that steers the result (gen/look/steer.ts). The stored task names its blob; the engine
 * reads the bytes and adds `png` on the copy it posts, so the worker decodes it, never the API thread.
 */
export interface TaskReference {
  id: string;
  blob: string;
  /** Already clamped to 0.05..0.95. */
  strength: number;
  png?: Uint8Array;
}

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
export type PoolTask = JobTask | CallTask;

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
