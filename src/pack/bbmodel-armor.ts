/**
 * 3D armour sets (.bbmodel, `armor3d` uploads). Decision: vanilla Java has no way to give worn
 * chestplates, leggings or boots their own geometry (they are textures on the fixed humanoid model;
 * only shaders or mods change that), but anything worn in the head slot renders its item model with
 * the `head` display transform. So an armour-set project converts to ONE model: the helmet, taken
 * from the groups named like a head piece, centred on the head and scaled for wearing. The other
 * pieces are left out with a warning pointing at the 2D `armor` upload; a project with no head piece
 * is refused.
 */
import { DomainError, invalid } from "../domain-error.ts";
import { convertProject, parseBbmodel, type BbmodelOptions, type BbmodelResult } from "./bbmodel.ts";
import { bounds, placeElements } from "./bbmodel-geometry.ts";

const HEAD = /helm|head|hat|cap|crown|hood|mask|visor/i;
const OTHER = /chest|body|torso|arm|leg|boot|foot|feet|pants|greave|gauntlet/i;

/** Head in the block model: the game draws a worn block model at 0.625 of a head, so 1.6 makes 8 units one head. */
const HEAD_DISPLAY = { rotation: [0, 0, 0], translation: [0, 0, 0], scale: [1.6, 1.6, 1.6] };

export function convertArmorBbmodel(text: string, opts: BbmodelOptions): BbmodelResult {
  const doc = parseBbmodel(text);
  const names = new Set<string>();
  const collect = (nodes: unknown[]) => {
    for (const n of nodes)
      if (n && typeof n === "object") {
        names.add(String((n as any).name ?? ""));
        collect((n as any).children ?? []);
      }
  };
  collect(Array.isArray(doc.outliner) ? doc.outliner : []);
  for (const g of Array.isArray(doc.groups) ? doc.groups : []) names.add(String(g.name ?? ""));
  if (![...names].some((n) => HEAD.test(n)))
    throw invalid(
      "a 3D armour set converts to a helmet model (vanilla Java cannot give worn chestplates, leggings or boots their own geometry), " +
        "but this project has no group named like a head piece (helmet, head, hat, crown...)",
    );
  // Cubes under a head group, but not under an arm/leg group nested inside it (entity rigs hang arms off the head).
  const isHead = (g: { name?: unknown }) => HEAD.test(String(g.name ?? ""));
  const isOther = (g: { name?: unknown }) => OTHER.test(String(g.name ?? "")) && !isHead(g);
  let result: BbmodelResult;
  try {
    result = convertProject(doc, opts, (chain) => chain.some(isHead) && !chain.some(isOther));
  } catch (e) {
    if (e instanceof DomainError)
      throw invalid(`the head piece of this armour set has no textured cubes of its own to convert (${e.message})`, e);
    throw e;
  }
  const others = [...names].filter((n) => OTHER.test(n) && !HEAD.test(n));
  if (others.length)
    result.warnings.push(
      `pieces ${others.map((n) => `"${n}"`).join(", ")} left out: only the helmet can be 3D in vanilla Java; upload the 2D armour sheet as type "armor" for the rest`,
    );
  centreOnHead(result.model.elements as Record<string, any>[]);
  placeElements(result.model.elements as Record<string, any>[], (w) => result.warnings.push(w));
  result.model.display = { ...((result.model.display as object) ?? {}), head: HEAD_DISPLAY };
  return result;
}

/** Moves the helmet so the head it was modelled around (8 units tall, bottom at the neck) sits at the block centre. */
function centreOnHead(elements: Record<string, any>[]): void {
  const { min, max } = bounds(elements);
  const height = max[1] - min[1];
  // A helmet taller than a head usually has its crest above: keep its rim at the neck (y 4).
  const dy = height <= 10 ? 8 - (min[1] + max[1]) / 2 : 4 - min[1];
  const d = [8 - (min[0] + max[0]) / 2, dy, 8 - (min[2] + max[2]) / 2];
  const move = (v: number[]) => v.map((n, i) => Math.round((n + d[i]) * 10000) / 10000);
  for (const el of elements) {
    el.from = move(el.from);
    el.to = move(el.to);
    if (el.rotation?.origin) el.rotation.origin = move(el.rotation.origin);
  }
}
