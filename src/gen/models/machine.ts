/**
 * Machine: a box of works with a face to work it by. Which face it shows follows the kind said: a tall cabinet
 * with a lit window (vending, arcade, jukebox), a cube with a round door (washing machine, dryer), a desk
 * machine with keys or a spool (typewriter, sewing machine, cash register, radio, microwave), a box with a
 * flaring horn (gramophone), and otherwise a squat engine with dials and a pipe.
 */
import { box, column, type ModelTemplate, type Part, type TemplateCtx } from "./kit.ts";

const TALL = ["vending", "arcade", "jukebox", "slot machine", "kiosk", "atm", "dispenser", "cabinet"];
const ROUND_DOOR = ["washing", "washer", "dryer", "laundry"];
const DESK = ["typewriter", "sewing", "register", "radio", "microwave", "toaster", "printer", "coffee", "blender"];
const HORN = ["gramophone", "phonograph", "horn"];

export const machine: ModelTemplate = {
  name: "machine",
  words: [
    "machine",
    "machines",
    "machinery",
    "appliance",
    "appliances",
    "contraption",
    "gadget",
    "engine",
    "generator",
    "typewriter",
    "jukebox",
    "gramophone",
    "phonograph",
    "microwave",
    "washer",
    "dryer",
    "toaster",
    "radio",
    "cash register",
    "arcade cabinet",
    "arcade machine",
    "vending machine",
    "slot machine",
    "record player",
  ],
  slots: {
    body: { kind: "metal", material: "iron" },
    panel: { kind: "glass", material: "glass" },
    knobs: { kind: "metal", material: "gold block" },
    horn: { kind: "metal", material: "gold block" },
    light: { kind: "light", material: "redstone lamp" },
  },
  build(c) {
    const any = (list: string[]) => list.some((w) => c.said(w));
    if (any(TALL)) return tall(c);
    if (any(ROUND_DOOR)) return roundDoor(c);
    if (any(HORN)) return withHorn(c);
    if (any(DESK)) return desk(c);
    return engine(c);
  },
};

/** A tall cabinet, its upper front a lit window, buttons beside it, a slot below. */
function tall(c: TemplateCtx): Part[] {
  const h = c.int(14, 16);
  return [
    box([2, 0, 4], [14, h, 14], "body"),
    box([3, h * 0.4, 3.5], [11, h - 2, 4], "panel"),
    { ...box([3, h - 1.5, 3.5], [13, h - 0.5, 4], "light"), glow: true },
    box([11.5, h * 0.55, 3.25], [12.75, h * 0.55 + 1, 4], "knobs"),
    box([11.5, h * 0.55 + 2, 3.25], [12.75, h * 0.55 + 3, 4], "knobs"),
    box([4, 2, 3.5], [12, 4, 4], "knobs"),
  ];
}

/** A cube with a round door (a stepped ring of boxes) and a row of dials along the top. */
function roundDoor(c: TemplateCtx): Part[] {
  const s = c.int(12, 14);
  const x0 = 8 - s / 2;
  const cy = s * 0.45;
  return [
    box([x0, 0, 8 - s / 2], [x0 + s, s, 8 + s / 2], "body"),
    box([8 - 3, cy - 2, 8 - s / 2 - 0.5], [8 + 3, cy + 2, 8 - s / 2], "panel"),
    box([8 - 2, cy - 3, 8 - s / 2 - 0.5], [8 + 2, cy + 3, 8 - s / 2], "panel"),
    box([8 - 3.5, cy - 3.5, 8 - s / 2 - 0.25], [8 + 3.5, cy + 3.5, 8 - s / 2], "knobs"),
    box([x0 + 1, s - 2, 8 - s / 2 - 0.5], [x0 + 3, s - 1, 8 - s / 2], "knobs"),
    box([x0 + s - 4, s - 2, 8 - s / 2 - 0.5], [x0 + s - 1, s - 1, 8 - s / 2], "light", { glow: true }),
  ];
}

/** A low desk machine: a body, a sloped front of keys or a window, a roller or spool on top. */
function desk(c: TemplateCtx): Part[] {
  const w = c.int(11, 14);
  const x0 = 8 - w / 2;
  const parts: Part[] = [box([x0, 0, 5], [x0 + w, c.int(5, 7), 12], "body")];
  if (c.said("microwave") || c.said("radio") || c.said("toaster")) {
    // A window (or a speaker) on the front and dials to its right.
    parts.push(box([x0 + 1, 1, 4.5], [x0 + w - 4, 5, 5], "panel"));
    parts.push(
      box([x0 + w - 3, 3, 4.5], [x0 + w - 1.5, 4, 5], "knobs"),
      box([x0 + w - 3, 1.5, 4.5], [x0 + w - 1.5, 2.5, 5], "knobs"),
    );
    return parts;
  }
  // Rows of keys stepping down toward the front, and a roller (or a spool arm) across the top.
  for (let r = 0; r < 3; r++) parts.push(box([x0 + 1, 1 + r, 2 + r], [x0 + w - 1, 1.75 + r, 3 + r], "knobs"));
  parts.push(box([x0, 0, 2], [x0 + w, 1, 5], "body"));
  if (c.said("sewing"))
    parts.push(box([x0 + 1, 6, 7.5], [x0 + w, 9, 9.5], "body"), box([x0 + 1, 3, 7.75], [x0 + 2, 6, 9.25], "panel"));
  else parts.push(column(8, 10, w + 1, 2, 6, 2, "panel"));
  return parts;
}

/** A box with a turntable and a horn rising from its back and flaring forward. */
function withHorn(c: TemplateCtx): Part[] {
  const parts: Part[] = [
    box([3, 0, 3], [13, 5, 13], "body"),
    column(8, 8, 8, 8, 5, 0.5, "panel"),
    box([11, 5, 11], [12, 9, 12], "knobs"),
  ];
  // The horn: rings growing wider as they rise, each a step further forward.
  const rings = c.int(4, 5);
  for (let i = 0; i < rings; i++) {
    const w = 2 + i * 1.75;
    parts.push(column(8, 11 - i * 1.5, w, 1.5, 9 + i * 1.5, w * 0.8, "horn"));
  }
  return parts;
}

/** A squat engine: a block of works on a plinth, dials and a lamp on the front, a pipe out of the top. */
function engine(c: TemplateCtx): Part[] {
  const h = c.int(8, 11);
  const parts: Part[] = [
    box([1, 0, 3], [15, 1, 13], "body"),
    box([2, 1, 4], [14, h, 12], "body"),
    box([4, h - 4, 3.5], [8, h - 1.5, 4], "panel"),
    box([10, h - 3.5, 3.25], [12, h - 1.5, 4], "knobs"),
    box([10, 2, 3.5], [12, 3, 4], "light", { glow: true }),
  ];
  const pipe = c.int(3, 6);
  parts.push(column(11, 9, 2, 2, h, pipe, "knobs"), column(11, 9, 3, 3, h + pipe, 1, "knobs"));
  return parts;
}
