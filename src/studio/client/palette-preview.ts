/// <reference lib="dom" />
import { h, fill } from "./dom.ts";
import { lockToPalette, type Dither } from "../../gen/look/palette-lock.ts";
import type { Rgba } from "../../media/png.ts";

/**
 * Sample pictures drawn here (the painters read the lexicon tables through the server's file API, so they stay
 * out of the browser bundle): a hue sweep over light to dark, a warm and a cool shaded ramp.
 */
function sample(colour: (x: number, y: number) => [number, number, number]): Rgba {
  const data = new Uint8Array(16 * 16 * 4);
  for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) data.set([...colour(x, y), 255], (y * 16 + x) * 4);
  return { width: 16, height: 16, data };
}
const SAMPLES = [
  sample((x, y) => {
    const h = (x / 16) * 6;
    const k = (n: number) => Math.max(0, Math.min(1, Math.abs(((h + n) % 6) - 3) - 1));
    const l = 1 - y / 16;
    return [k(0), k(4), k(2)].map((c) => Math.round(255 * (c * l * 0.8 + l * 0.2))) as [number, number, number];
  }),
  sample((x, y) => [Math.min(255, 60 + x * 9 + y * 3), 40 + x * 6, 20 + y * 2]),
  sample((x, y) => [30 + y * 4, 60 + x * 5, Math.min(255, 90 + x * 6 + y * 4)]),
];
const ZOOM = 5;

function canvasOf(img: Rgba, label: string): HTMLCanvasElement {
  const c = h("canvas", {
    width: img.width * ZOOM,
    height: img.height * ZOOM,
    role: "img",
    "aria-label": label,
    class: "pixel",
  });
  const ctx = c.getContext("2d")!;
  const small = new ImageData(new Uint8ClampedArray(img.data), img.width, img.height);
  const tmp = h("canvas", { width: img.width, height: img.height });
  tmp.getContext("2d")!.putImageData(small, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(tmp, 0, 0, c.width, c.height);
  return c;
}

/**
 * The style guide's before/after: sample textures as painted and as locked to the palette being edited, with
 * the same code the workers run (gen/look/palette-lock.ts), redrawn whenever a colour or the dithering changes.
 */
export function palettePreview(): { el: HTMLElement; draw(palette: string[], dither: Dither): void } {
  const row = h("div", { class: "before-after" });
  const el = h(
    "figure",
    { class: "palette-preview" },
    row,
    h("figcaption", { class: "hint" }, "Before and after: sample textures as painted, then locked to this palette."),
  );
  return {
    el,
    draw(palette, dither) {
      fill(
        row,
        SAMPLES.map((img, i) =>
          h(
            "div",
            { class: "pair" },
            canvasOf(img, `Sample ${i + 1} before`),
            canvasOf(lockToPalette(img, palette, dither), `Sample ${i + 1} locked to the palette`),
          ),
        ),
      );
    },
  };
}
