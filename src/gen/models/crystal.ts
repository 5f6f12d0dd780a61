/** Crystal cluster: tilted prisms of different heights growing out of a rock base. */
import { column, type ModelTemplate, type Part } from "./kit.ts";

export const crystal: ModelTemplate = {
  name: "crystal",
  words: ["crystal", "crystals", "gem", "gems", "geode", "shard", "shards", "cluster", "amethyst"],
  slots: {
    crystal: { kind: "crystal", material: "purple amethyst" },
    rock: { kind: "stone", material: "rough stone" },
  },
  build(c) {
    const parts: Part[] = [column(8, 8, c.int(10, 14), c.int(10, 14), 0, c.int(1, 2), "rock")];
    const n = c.int(3, 6);
    for (let i = 0; i < n; i++) {
      const main = i === 0;
      const cx = main ? 8 : 8 + c.int(-4, 4),
        cz = main ? 8 : 8 + c.int(-4, 4);
      const w = main ? c.int(3, 4) : c.int(2, 3);
      const h = main ? c.int(10, 14) : c.int(4, 9);
      // Tilt outward from the centre; the kit snaps the angle to what the target version accepts.
      const axis = Math.abs(cx - 8) > Math.abs(cz - 8) ? "z" : "x";
      const lean = main ? 0 : c.int(12, 30) * (axis === "z" ? -Math.sign(cx - 8 || 1) : Math.sign(cz - 8 || 1));
      const rot = lean
        ? { axis: axis as "x" | "z", angle: lean, origin: [cx, 1, cz] as [number, number, number] }
        : undefined;
      parts.push({ ...column(cx, cz, w, w, 1, h, "crystal"), rot, glow: c.said("glow") });
      parts.push({ ...column(cx, cz, w - 1, w - 1, 1 + h, Math.max(1, Math.floor(w / 2)), "crystal"), rot });
    }
    return parts;
  },
};
