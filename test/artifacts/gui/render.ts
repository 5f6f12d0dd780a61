/**
 * Writes the sample sheets in this folder (2x nearest-neighbour, for looking at):
 * `bun test/artifacts/gui/render.ts`. Not a test; the tests check the real sheets' pixels.
 */
import { guiRgba } from "../../../src/gen/gui.ts";
import { hudRgba } from "../../../src/gen/hud.ts";
import { scaleUp } from "../../../src/media/image.ts";
import { encodePng, type Rgba } from "../../../src/media/png.ts";

const dir = import.meta.dir;
const samples: [string, string][] = [
  ["generic_54", "dark oak planks"],
  ["furnace", "nether brick"],
  ["brewing_stand", "ice"],
  ["beacon", "gold block"],
  ["anvil", "cobblestone"],
  ["enchanting_table", "purpur"],
  ["hopper", "copper"],
];
const write = (name: string, img: Rgba) => Bun.write(`${dir}/${name}.png`, encodePng(scaleUp(img, 2)));
for (const [target, prompt] of samples) await write(`${target}-${prompt.replaceAll(" ", "_")}`, guiRgba({ target, prompt, seed: 1 }));
for (const prompt of ["gold", "stone"]) await write(`hud-${prompt}`, hudRgba({ prompt, seed: 1 }));
