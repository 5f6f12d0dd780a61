/**
 * Honeycomb and sculk surfaces (issue 11 point 3): read by the interpretation as their own subject (nothing
 * `unmatched`), their colours in the decoded pixels, tiling at every size, deterministic per seed; and a
 * compound said twice (prompt and description both "packed ice") is read both times.
 */
import { describe, expect, test } from "bun:test";
import { textureRgba } from "../../src/gen/texture.ts";
import { rgbToHsl } from "../../src/gen/art/colour.ts";
import { interpretTask } from "../../src/gen/interpret/task.ts";
import type { Rgba } from "../../src/media/png.ts";
import { seamRatio, textureReq } from "../support/texture-checks.ts";

const req = textureReq;
const read = (prompt: string) => interpretTask({ op: "texture", req: req(prompt) });

/** Share of pixels whose hue is within 20 degrees of `hue` and saturated enough to be seen as it. */
function hueShare(img: Rgba, hue: number): number {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const [h, s, l] = rgbToHsl([img.data[i], img.data[i + 1], img.data[i + 2]]);
    const d = Math.abs(h * 360 - hue);
    if (s >= 0.3 && l > 0.15 && Math.min(d, 360 - d) <= 20) n++;
  }
  return n / (img.width * img.height);
}

describe("honeycomb and sculk", () => {
  for (const [prompt, subject, hue] of [
    ["honeycomb block", "honeycomb", 38],
    ["sculk", "sculk", 183],
    ["hexagonal gold", "honeycomb", 48],
  ] as const)
    test(`${prompt}: subject ${subject}, its colour, tiles at 16/32/64 and every seed`, () => {
      const it = read(prompt);
      expect(it.subject).toBe(subject);
      expect(it.unmatched).toEqual([]);
      expect(hueShare(textureRgba(req(prompt)), hue)).toBeGreaterThan(0.03);
      for (const size of [16, 32, 64])
        for (const seed of [1, 2, 3]) {
          const img = textureRgba(req(prompt, size, seed));
          expect({ size, seed, x: seamRatio(img, "x") <= 1.5, y: seamRatio(img, "y") <= 1.5 }).toEqual({
            size,
            seed,
            x: true,
            y: true,
          });
        }
      expect(textureRgba(req(prompt, 32, 9)).data).toEqual(textureRgba(req(prompt, 32, 9)).data);
    });

  test("sculk glows: cyan specks over dark teal rock, in every seed", () => {
    for (const seed of [1, 2, 3, 4]) expect(hueShare(textureRgba(req("sculk", 16, seed)), 183)).toBeGreaterThan(0.05);
  });

  test("honeycomb walls: the cell grid repeats half a tile across (two cells per row)", () => {
    const img = textureRgba(req("honeycomb block", 32, 1));
    const row = (y: number) => [...img.data.subarray(y * 32 * 4, (y + 1) * 32 * 4)];
    // Row 0 is a wall row: its darkest shade all across.
    const first = row(0).slice(0, 4).join();
    expect(
      new Set(
        Array.from({ length: 32 }, (_, x) =>
          row(0)
            .slice(x * 4, x * 4 + 4)
            .join(),
        ),
      ).size,
    ).toBe(1);
    expect(first).not.toBe(
      row(4)
        .slice(8 * 4, 8 * 4 + 4)
        .join(),
    );
  });

  test("a compound said twice is read both times: nothing unmatched", () => {
    expect(read("packed ice").unmatched).toEqual([]);
    expect(read("packed ice").material).toBe("packed_ice");
  });
});
