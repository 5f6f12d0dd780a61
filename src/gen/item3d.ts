/**
 * 3D items: the 2D sprite from the item generator, extruded into voxel boxes (item3d-extrude.ts),
 * with vanilla's handheld transforms for tools and weapons.
 */
import type { GeneratedModel, Item3dRequest } from "./types.ts";
import { encodePng } from "../media/png.ts";
import { itemRgba } from "./item.ts";
import { SPRITE_SLOT, extrudeSprite } from "./item3d-extrude.ts";

/** Held like a tool (blade up, tilted) rather than like a flat item. */
const HANDHELD =
  /\b(sword|blade|dagger|knife|katana|sabre|saber|axe|pickaxe|pick|shovel|spade|hoe|scythe|sickle|hammer|mace|club|wand|staff|rod|sceptre|scepter|spear|trident|lance|halberd|tool|cane|stick|bat)s?\b/;

export function generateItem3d(req: Item3dRequest): GeneratedModel {
  const sprite = itemRgba({
    prompt: req.prompt,
    spec: req.spec,
    seed: req.seed,
    style: req.style,
    size: req.size || 16,
    target: req.target ?? null,
    sketch: req.sketch,
  });
  const handheld = HANDHELD.test(`${req.prompt} ${req.target ?? ""}`.toLowerCase().replace(/_/g, " "));
  const model = extrudeSprite(sprite, req.textureId(SPRITE_SLOT), handheld);
  return { model, textures: { [SPRITE_SLOT]: encodePng(sprite) } };
}
