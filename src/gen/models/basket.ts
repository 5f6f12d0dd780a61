/**
 * Basket: woven walls flaring from a narrower bottom, a handle arching over (none on a laundry hamper, which has a
 * lid), what it holds heaped inside when the prompt says it holds something, and a hook above a hanging one.
 */
import { box, column, type ModelTemplate, type Part } from "./kit.ts";

export const basket: ModelTemplate = {
  name: "basket",
  words: ["basket", "baskets", "hamper", "hampers", "picnic basket", "creel", "pannier", "punnet", "trug"],
  holds: "contents",
  slots: {
    weave: { kind: "wood", material: "wicker" },
    contents: { kind: "plant", material: "green leaves" },
    hook: { kind: "metal", material: "iron" },
    handle: { kind: "wood", material: "wicker", like: "weave" },
  },
  build(c) {
    const w = c.int(9, 12);
    const h = c.int(4, 6);
    const d = c.said("picnic") ? w - 4 : w;
    const parts: Part[] = [column(8, 8, w - 2, d - 2, 0, 1, "weave")];
    // Walls one pixel thick around an open middle, each ring a little wider than the one below.
    for (let y = 1; y < h; y += 1) {
      const k = w - 2 + Math.min(2, y);
      const kd = d - 2 + Math.min(2, y);
      parts.push(
        box([8 - k / 2, y, 8 - kd / 2], [8 + k / 2, y + 1, 8 - kd / 2 + 1], "weave"),
        box([8 - k / 2, y, 8 + kd / 2 - 1], [8 + k / 2, y + 1, 8 + kd / 2], "weave"),
        box([8 - k / 2, y, 8 - kd / 2 + 1], [8 - k / 2 + 1, y + 1, 8 + kd / 2 - 1], "weave"),
        box([8 + k / 2 - 1, y, 8 - kd / 2 + 1], [8 + k / 2, y + 1, 8 + kd / 2 - 1], "weave"),
      );
    }
    const hamper = c.said("hamper") || c.said("laundry");
    if (hamper) {
      // Taller, lidded.
      parts.push(column(8, 8, w, d, h, c.int(4, 6), "weave"), column(8, 8, w + 1, d + 1, h + 5, 1, "weave"));
      return parts;
    }
    // Said to hold something ("basket of apples", "full of", "with flowers"): heaped contents.
    const full = /\b(?:of|with|filled)\b/.test(c.words) || c.said("full") || c.said("flower") || c.said("fruit");
    if (full) parts.push(column(8, 8, w - 1, d - 1, 1, h, "contents"), column(8, 8, w - 4, d - 4, h, 1.5, "contents"));
    // The handle: two uprights and a bar across, over the middle.
    const top = h + c.int(4, 6);
    parts.push(
      box([8 - w / 2, h, 7.5], [8 - w / 2 + 1, top, 8.5], "handle"),
      box([8 + w / 2 - 1, h, 7.5], [8 + w / 2, top, 8.5], "handle"),
      box([8 - w / 2, top, 7.5], [8 + w / 2, top + 1, 8.5], "handle"),
    );
    if (c.said("hanging")) parts.push(box([7.5, top + 1, 7.5], [8.5, top + 4, 8.5], "hook"));
    return parts;
  },
};
