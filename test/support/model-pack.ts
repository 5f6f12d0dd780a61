/**
 * A resource pack of block models over the pack's own textures, made in memory: one shared parent
 * (`<ns>:block/base`, itself over the game's cube_all), `models` children each naming two of `textures`
 * noisy 16×16 textures, and an item definition (1.21.4 items/) for every `itemEvery`-th model. The studio's
 * big-pack Chromium test and bench/studio-pack.ts (at Dokucraft size) import it.
 */
import { strToU8, zipSync } from "fflate";
import { encodePng, newRgba } from "../../src/media/png.ts";
import { rngFrom } from "../../src/gen/rng.ts";

export function modelPack(ns: string, opts: { textures: number; models: number; itemEvery?: number }): Uint8Array {
  const { textures, models, itemEvery = 3 } = opts;
  const rng = rngFrom(textures * 7 + models);
  const json = (v: unknown) => strToU8(JSON.stringify(v));
  const files: Record<string, Uint8Array> = {
    "pack.mcmeta": json({ pack: { pack_format: 46, description: `${ns}: ${models} models` } }),
    [`assets/${ns}/models/block/base.json`]: json({ parent: "minecraft:block/cube_all", textures: { all: "#main" } }),
  };
  for (let i = 0; i < textures; i++) {
    const img = newRgba(16, 16);
    const base = [rng() * 255, rng() * 255, rng() * 255];
    for (let p = 0; p < 256; p++) {
      const shade = 0.7 + rng() * 0.3;
      img.data.set([base[0] * shade, base[1] * shade, base[2] * shade, 255], p * 4);
    }
    files[`assets/${ns}/textures/block/tex_${i}.png`] = encodePng(img);
  }
  for (let i = 0; i < models; i++) {
    files[`assets/${ns}/models/block/model_${i}.json`] = json({
      parent: `${ns}:block/base`,
      textures: { main: `${ns}:block/tex_${i % textures}`, particle: `${ns}:block/tex_${(i + 1) % textures}` },
    });
    if (i % itemEvery === 0)
      files[`assets/${ns}/items/thing_${i}.json`] = json({
        model: { type: "minecraft:model", model: `${ns}:block/model_${i}` },
      });
  }
  return zipSync(files, { level: 6 });
}
