import { join } from "node:path";

/** The shared corpus of real packs, models and audio: `shared/` sits beside the repository (CI too). */
export const CORPUS = join(import.meta.dir, "../../../shared/corpus");
