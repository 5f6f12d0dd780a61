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
import { proportionOf } from "./models/proportions.ts";
import { assignMaterials } from "./models/materials.ts";
import { keepDisplaced, recoloured, slotColours } from "./models/colours.ts";
import { blockDisplay, fitParts, makeCtx, toElements } from "./models/kit.ts";
import { flavoursToPaint } from "./interpret/flavour.ts";
import { drawsOnTexture, flavourTile } from "./art/flavour-paint.ts";
import { FLAVOUR_TABLE, type FlavourName } from "./art/flavours.ts";
import type { Part, Vec3 } from "./models/kit.ts";
import { interpret } from "./interpret/read.ts";
import { slotFlavours } from "./models/part-flavours.ts";
import { contentsOf } from "./models/contents.ts";
import { figureModel, figureOf } from "./models/figure.ts";
import { isItemPattern, withPatterns } from "./art/item-patterns.ts";

/** Texture edge for model materials: models are seen small, and 16 px keeps texel size equal to vanilla. */
const TEXTURE_SIZE = 16;

export function generateModel(full: ModelRequest): GeneratedModel {
  // Flavours said of one part ("a table with burnt legs") go on that slot's texture; the rest is drawn as the
  // prompt without their words (models/part-flavours.ts).
  const { req, slots: partFlavours } = slotFlavours(full);
  // A thing no template is near that the item painters draw stands as its extruded picture, and a statue of one
  // is that picture in stone (models/figure.ts).
  const figure = figureOf(full.prompt);
  if (figure) {
    const out = figureModel(full, figure, (materials) => paintSlots(full, materials, []));
    // Small, tall or low figures too: the flavour's and the proportion word's scale, as for a template's parts.
    const said = flavoursToPaint(interpret("model", full.prompt, full.spec));
    out.model.elements = scaledParts(out.model.elements as Part[], said, full.prompt);
    return out;
  }
  const template = pickTemplate(req.prompt);
  const rng = rngFrom(hashSeed(req.seed, "model", template.name, req.prompt));
  const flavours = flavoursToPaint(interpret("model", req.prompt, req.spec));
  const parts = scaledParts(fitParts(template.build(makeCtx(rng, req.prompt)), req.carrierKind), flavours, req.prompt);
  const elements = toElements(parts, req.minecraftVersion);
  const materials = assignMaterials(req.prompt, template.slots);
  // Colours said without a material ("blue sofa with yellow cushions") colour their slots (models/colours.ts).
  const { colours } = slotColours(req.prompt, template.slots, materials);
  keepDisplaced(materials, colours, template.slots);
  // A slot made like another (a wardrobe's doors like its body) follows its colour too, unless said itself.
  const follows = Object.entries(template.slots).filter(
    ([slot, spec]) => spec.like && materials[slot] === materials[spec.like] && !colours[slot],
  );
  // What it holds ("basket of apples") in the thing's own colour, unless a colour was said for that slot.
  const held = contentsOf(req.prompt, template);
  if (held && !colours[held.slot]) materials[held.slot] = held.material;
  for (const [slot, colour] of Object.entries(colours)) materials[slot] = recoloured(materials[slot], colour);
  for (const [slot, spec] of follows) materials[slot] = materials[spec.like!];
  // Only slots some part uses get a texture (a chair without a cushion paints no cloth).
  const used = Object.fromEntries(Object.entries(materials).filter(([slot]) => parts.some((p) => p.slot === slot)));
  const read = interpret("model", req.prompt, req.spec);
  const pattern = patternSlot(parts, read.patterns ?? []);
  const { textureMap, textures } = paintSlots(req, used, flavours, partFlavours, pattern);
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
function paintSlots(
  req: ModelRequest,
  materials: Record<string, string>,
  flavours: FlavourName[],
  partFlavours: Record<string, FlavourName[]> = {},
  pattern: { slot: string; name: string } | null = null,
) {
  const textureMap: Record<string, string> = {};
  const textures: Record<string, Uint8Array> = {};
  const owner = new Map<string, string>();
  // Textures take the flavours with colours or marks; small and tiny are the model's size (scaledParts).
  const whole = flavours.filter((f) => drawsOnTexture(f));
  for (const [slot, material] of Object.entries(materials)) {
    // A slot with flavours of its own has a texture of its own.
    const own = partFlavours[slot] ?? [];
    const patterned = pattern?.slot === slot;
    const key = own.length || patterned ? `${material}|${own.join()}|${patterned ? pattern.name : ""}` : material;
    const existing = owner.get(key);
    if (existing) {
      textureMap[slot] = existing;
      continue;
    }
    owner.set(key, slot);
    const painted = whole;
    textureMap[slot] = slot;
    const rgba = textureRgba({
      prompt: material,
      description: material,
      mode: "custom",
      size: TEXTURE_SIZE,
      seed: hashSeed(req.seed, material),
      style: req.style ?? null,
      // The prompt's flavours ("old chair", "frosty barrel") are painted on every material's texture.
      ...(painted.length ? { spec: { effects: painted } } : {}),
    });
    // The slot's own flavours over its finished texture, marks and all (rust, moss, glow: flavour-paint.ts).
    if (own.length) flavourTile(rgba, own, rngFrom(hashSeed(req.seed, "slot-flavour", slot)));
    textures[slot] = encodePng(patterned ? withPatterns(rgba, [pattern.name], null, true) : rgba);
  }
  return { textureMap, textures };
}

/**
 * Where a model's pattern goes ("striped armchair", "wicker basket"): the slot with the most surface, the
 * upholstery or body a person sees first (art/item-patterns.ts draws it edge to edge on that texture).
 */
function patternSlot(parts: readonly Part[], patterns: readonly string[]): { slot: string; name: string } | null {
  const name = patterns.find(isItemPattern);
  if (!name) return null;
  const area = new Map<string, number>();
  for (const p of parts) {
    const [x, y, z] = [0, 1, 2].map((i) => Math.abs(p.to[i] - p.from[i]));
    area.set(p.slot, (area.get(p.slot) ?? 0) + 2 * (x * y + y * z + x * z));
  }
  const slot = [...area].sort((a, b) => b[1] - a[1])[0]?.[0];
  return slot ? { slot, name } : null;
}

/**
 * A small or tiny model (art/flavours.ts `scale`), or one said tall or low (models/proportions.ts): every part
 * scaled toward the middle of the floor, so it stands where it stood, smaller, narrower or lower. Coordinates stay on the quarter-pixel grid the kit uses.
 */
function scaledParts(parts: Part[], flavours: readonly FlavourName[], prompt: string): Part[] {
  const s = Math.min(1, ...flavours.map((f) => FLAVOUR_TABLE[f].scale ?? 1));
  // Proportion words (models/proportions.ts): a tall cabinet narrower, a low table lower.
  const [fx, fy, fz] = proportionOf(prompt)?.factors ?? [1, 1, 1];
  if (s === 1 && fx === 1 && fy === 1 && fz === 1) return parts;
  const q = (n: number) => Math.round(n * 4) / 4;
  const map = (v: Vec3): Vec3 => [q(8 + (v[0] - 8) * s * fx), q(v[1] * s * fy), q(8 + (v[2] - 8) * s * fz)];
  return parts.map((p) => {
    const from = map(p.from);
    const to = map(p.to);
    // A thin part stays visible; a flat plane stays flat.
    for (let i = 0; i < 3; i++) if (p.to[i] > p.from[i] && to[i] - from[i] < 0.25) to[i] = from[i] + 0.25;
    return { ...p, from, to, rot: p.rot && { ...p.rot, origin: map(p.rot.origin) } };
  });
}
