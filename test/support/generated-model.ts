/** A generated block model for a prompt, the way the art tests ask for one (full block, 1.21.11, packsmith ids). */
import { generateModel } from "../../src/gen/model.ts";
import type { ModelRequest } from "../../src/gen/types.ts";

export const generatedModel = (prompt: string, seed = 3) =>
  generateModel({
    prompt,
    seed,
    carrierKind: "full",
    directional: true,
    minecraftVersion: "1.21.11",
    textureId: (s) => `packsmith:block/m_${s}`,
  } as ModelRequest);
