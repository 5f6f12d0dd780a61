/**
 * A generated block model for a prompt, the way the art tests ask for one (full block, 1.21.11, packsmith ids);
 * `over` changes any of the request's fields.
 */
import { generateModel } from "../../src/gen/model.ts";
import type { ModelRequest } from "../../src/gen/types.ts";

export const generatedModel = (prompt: string, seed = 3, over: Partial<ModelRequest> = {}) =>
  generateModel({
    prompt,
    seed,
    carrierKind: "full",
    directional: true,
    minecraftVersion: "1.21.11",
    textureId: (s) => `packsmith:block/m_${s}`,
    ...over,
  } as ModelRequest);

/** The request the word tests compare models under: one undirected block for 1.21.4, textures named as their slot. */
export const UNDIRECTED: Partial<ModelRequest> = {
  directional: false,
  minecraftVersion: "1.21.4",
  textureId: (n) => `packsmith:block/${n}`,
};
