/// <reference lib="dom" />
import { h, fill } from "./dom.ts";
import { textureRgba } from "../../gen/texture.ts";
import { lockToPalette, type Dither } from "../../gen/look/palette-lock.ts";
import type { Rgba } from "../../media/png.ts";

/** Pictures the painter makes without a guide, shown as they are and as the palette lock turns them. */
const SAMPLES = ["mossy cobblestone", "oak planks", "red and gold bricks"].map((prompt) =>
  textureRgba({ prompt, size: 16, mode: "custom", description: prompt, seed: 7 }),
);
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
