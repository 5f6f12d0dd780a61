/**
 * Procedural 3D block/item models: the prompt picks a furniture/prop template (src/gen/models/),
 * the materials it names pick the textures, the seed varies the proportions. Output is a Java block
 * model the target version accepts (checked by the same rules as uploads) plus one PNG per material.
 */
import type { GeneratedModel, ModelRequest } from "./types.ts";
import { hashSeed, rngFrom } from "./rng.ts";
import { encodePng } from "../media/png.ts";
import { textureRgba } from "./texture.ts";
import { pickTemplate } from "./models/index.ts";
import { assignMaterials } from "./models/materials.ts";
import { blockDisplay, fitParts, makeCtx, toElements } from "./models/kit.ts";
import { flavoursToPaint } from "./interpret/flavour.ts";
import { interpret } from "./interpret/read.ts";

/** Texture edge for model materials: models are seen small, and 16 px keeps texel size equal to vanilla. */
const TEXTURE_SIZE = 16;

export function generateModel(req: ModelRequest): GeneratedModel {
  const template = pickTemplate(req.prompt);
  const rng = rngFrom(hashSeed(req.seed, "model", template.name, req.prompt));
  const parts = fitParts(template.build(makeCtx(rng, req.prompt)), req.carrierKind);
  const elements = toElements(parts, req.minecraftVersion);
  const materials = assignMaterials(req.prompt, template.slots);
  // Only slots some part uses get a texture (a chair without a cushion paints no cloth).
  const used = Object.fromEntries(Object.entries(materials).filter(([slot]) => parts.some((p) => p.slot === slot)));
  const { textureMap, textures } = paintSlots(req, used);
  const modelTextures: Record<string, string> = {};
  for (const slot of Object.keys(textureMap)) modelTextures[slot] = req.textureId(textureMap[slot]);
  const first = parts[0].slot;
  modelTextures.particle = `#${first}`;
  const model: Record<string, unknown> = {
    textures: modelTextures,
    elements,
    display: blockDisplay(parts),
  };
  // Small props look wrong with ambient occlusion darkening them like full cubes.
  if (req.carrierKind !== "full") model.ambientocclusion = false;
  return { model, textures };
}

/**
 * One texture per distinct material: slots made of the same thing share the first slot's texture,
 * so the pack does not carry two identical PNGs. Returns slot -> owning slot, and owner -> PNG.
 */
function paintSlots(req: ModelRequest, materials: Record<string, string>) {
  const textureMap: Record<string, string> = {};
  const textures: Record<string, Uint8Array> = {};
  const owner = new Map<string, string>();
  const flavours = flavoursToPaint(interpret("model", req.prompt, req.spec));
  for (const [slot, material] of Object.entries(materials)) {
    const existing = owner.get(material);
    if (existing) {
      textureMap[slot] = existing;
      continue;
    }
    owner.set(material, slot);
    textureMap[slot] = slot;
    const rgba = textureRgba({
      prompt: material,
      description: material,
      mode: "custom",
      size: TEXTURE_SIZE,
      seed: hashSeed(req.seed, material),
      style: req.style ?? null,
      // The prompt's flavours ("old chair", "frosty barrel") are painted on every material's texture.
      ...(flavours.length ? { spec: { effects: flavours } } : {}),
    });
    textures[slot] = encodePng(rgba);
  }
  return { textureMap, textures };
}
