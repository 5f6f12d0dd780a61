import { newRgba, type Rgba } from "../../media/png.ts";
import { rgbToOklab } from "./oklab.ts";

/** A plane of numbers over a picture (OKLab lightness, or a pattern), row-major. */
export interface Grid {
  width: number;
  height: number;
  data: number[];
}

/**
 * A picture shrunk to at most `maxEdge` on its long side by averaging whole blocks (nearest sampling would
 * alias thin stripes into false ones), with its OKLab lightness per pixel. See-through pixels take the mean
 * lightness so they neither make nor break a pattern; `values` holds the visible pixels' lightness only.
 */
export function lightnessGrid(img: Rgba, maxEdge: number): { image: Rgba; lightness: Grid; values: number[] } {
  // A power of two: the textures references are made for have power-of-two edges and repeats, which then
  // shrink to whole pixels.
  let f = 1;
  while (Math.max(img.width, img.height) / f > maxEdge) f *= 2;
  const w = Math.max(1, Math.floor(img.width / f));
  const h = Math.max(1, Math.floor(img.height / f));
  const image = newRgba(w, h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const acc = [0, 0, 0, 0];
      for (let yy = y * f; yy < (y + 1) * f; yy++)
        for (let xx = x * f; xx < (x + 1) * f; xx++) {
          const i = (yy * img.width + xx) * 4;
          const a = img.data[i + 3];
          acc[0] += img.data[i] * a;
          acc[1] += img.data[i + 1] * a;
          acc[2] += img.data[i + 2] * a;
          acc[3] += a;
        }
      const o = (y * w + x) * 4;
      if (acc[3] > 0) for (let c = 0; c < 3; c++) image.data[o + c] = Math.round(acc[c] / acc[3]);
      image.data[o + 3] = Math.round(acc[3] / (f * f));
    }
  const data = new Array<number>(w * h).fill(Number.NaN);
  const values: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (image.data[i * 4 + 3] < 128) continue;
    data[i] = rgbToOklab(image.data[i * 4], image.data[i * 4 + 1], image.data[i * 4 + 2])[0];
    values.push(data[i]);
  }
  const mean = values.length ? values.reduce((t, v) => t + v, 0) / values.length : 0.5;
  for (let i = 0; i < data.length; i++) if (Number.isNaN(data[i])) data[i] = mean;
  return { image, lightness: { width: w, height: h, data }, values };
}
