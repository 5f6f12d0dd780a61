/** Crate: a plank box with a heavier frame on every edge and a diagonal brace across the front. */
import { box, type ModelTemplate, type Part } from "./kit.ts";

export const crate: ModelTemplate = {
  name: "crate",
  words: ["crate", "crates", "box", "boxes", "cargo", "supply"],
  slots: { panel: { kind: "wood", material: "spruce planks" }, frame: { kind: "wood", material: "dark oak planks" } },
  build(c) {
    const s = c.int(12, 16);
    const e = c.half(1.5, 2.5);
    const a = 8 - s / 2,
      b = 8 + s / 2;
    const parts: Part[] = [box([a + 0.5, 0.5, a + 0.5], [b - 0.5, s - 0.5, b - 0.5], "panel")];
    // Four posts, then the top and bottom rails between them.
    for (const x of [a, b - e]) for (const z of [a, b - e]) parts.push(box([x, 0, z], [x + e, s, z + e], "frame"));
    for (const y of [0, s - e]) {
      parts.push(
        box([a + e, y, a], [b - e, y + e, a + e], "frame"),
        box([a + e, y, b - e], [b - e, y + e, b], "frame"),
      );
      parts.push(
        box([a, y, a + e], [a + e, y + e, b - e], "frame"),
        box([b - e, y, a + e], [b, y + e, b - e], "frame"),
      );
    }
    if (c.chance(0.8)) {
      const len = (s - 2 * e) * Math.SQRT2 - 1;
      const angle = c.chance(0.5) ? 45 : -45;
      parts.push(
        box([8 - len / 2, s / 2 - e / 2, a - 0.25], [8 + len / 2, s / 2 + e / 2, a + 0.75], "frame", {
          rot: { axis: "z", angle, origin: [8, s / 2, a] },
        }),
      );
    }
    return parts;
  },
};
