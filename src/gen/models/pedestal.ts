/**
 * A thing said to stand on something ("statue on a marble plinth", "crystal ball on a stand", "vase on a
 * pedestal"): the template's model, a little smaller, raised on a pedestal of its own slot (stone unless a
 * material is said for it). Templates that are themselves the support (a pillar, a podium) or that build their
 * own stand (a globe) are left as they are.
 */
import { bounds, column, type ModelTemplate, type Part, type Vec3 } from "./kit.ts";

const SUPPORT =
  /\b(?:on|atop|upon)\s+(?:(?:a|an|the|its|top\s+of\s+a)\s+)?(?:[a-z]+\s+)?(pedestal|plinth|stand|base|column|pillar|stump|block)\b/;
/** Templates that are a support themselves, or draw the stand they are said to be on. */
const OWN_SUPPORT = new Set(["pillar", "podium", "globe", "table", "stool"]);

/** The support word a prompt stands its thing on, or null. */
export function supportWord(prompt: string, template: ModelTemplate): string | null {
  if (OWN_SUPPORT.has(template.name)) return null;
  return SUPPORT.exec(prompt.toLowerCase())?.[1] ?? null;
}

/** The template with a pedestal under it when the prompt says it stands on one; the template itself otherwise. */
export function withSupport(template: ModelTemplate, prompt: string): ModelTemplate {
  const word = supportWord(prompt, template);
  if (!word) return template;
  return {
    ...template,
    slots: { ...template.slots, pedestal: { kind: "stone", material: "smooth stone" } },
    build(ctx) {
      ctx.said(word);
      return onPedestal(template.build(ctx), ctx.int(4, 5));
    },
  };
}

/** The parts shrunk to three quarters about the floor's middle, lifted onto a plinth `h` high with a cap. */
function onPedestal(parts: Part[], h: number): Part[] {
  const { min, max } = bounds(parts);
  const cx = (min[0] + max[0]) / 2;
  const cz = (min[2] + max[2]) / 2;
  const k = 0.75;
  const q = (n: number) => Math.round(n * 4) / 4;
  const map = (v: Vec3): Vec3 => [q(8 + (v[0] - cx) * k), q(h + (v[1] - min[1]) * k), q(8 + (v[2] - cz) * k)];
  const w = Math.max(6, Math.min(12, (Math.max(max[0] - min[0], max[2] - min[2]) * k) / 1.2));
  return [
    column(8, 8, w + 2, w + 2, 0, 1, "pedestal"),
    column(8, 8, w, w, 1, h - 2, "pedestal"),
    column(8, 8, w + 2, w + 2, h - 1, 1, "pedestal"),
    ...parts.map((p) => {
      const from = map(p.from);
      const to = map(p.to);
      for (let i = 0; i < 3; i++) if (p.to[i] > p.from[i] && to[i] - from[i] < 0.25) to[i] = from[i] + 0.25;
      return { ...p, from, to, rot: p.rot && { ...p.rot, origin: map(p.rot.origin) } };
    }),
  ];
}
