/**
 * A generated resource pack of 4,000 files, for the large-import tests and bench/import.ts: 16×16 and
 * 32×32 block and item textures with noisy pixels (so PNGs compress like real art, not like flat
 * colour), block model JSON, short Ogg Vorbis clips and a sounds.json that plays them. Seeded, so
 * every run builds the same zip.
 */
import { zipSync } from "fflate";
import { encodePng, newRgba } from "../../src/media/png.ts";
import { encodeOggVorbis } from "../../src/media/ogg.ts";
import { rngFrom, type Rng } from "../../src/gen/rng.ts";

export const BIG_PACK = { blocks: 2200, items: 1200, models: 550, sounds: 48 } as const;
/** Files in the zip: the assets plus pack.mcmeta and sounds.json. */
export const BIG_PACK_FILES = BIG_PACK.blocks + BIG_PACK.items + BIG_PACK.models + BIG_PACK.sounds + 2;

/** The counts for a pack `scale` times as big (bench/import.ts --files 13604 is the size of Dokucraft Light). */
export const scaledPack = (scale: number) => ({
  blocks: Math.round(BIG_PACK.blocks * scale),
  items: Math.round(BIG_PACK.items * scale),
  models: Math.round(BIG_PACK.models * scale),
  sounds: Math.round(BIG_PACK.sounds * scale),
});

function texture(rng: Rng, size: number): Uint8Array {
  const img = newRgba(size, size);
  const base = [rng() * 255, rng() * 255, rng() * 255];
  for (let i = 0; i < img.data.length; i += 4) {
    const shade = 0.7 + rng() * 0.3;
    img.data[i] = base[0] * shade;
    img.data[i + 1] = base[1] * shade;
    img.data[i + 2] = base[2] * shade;
    img.data[i + 3] = 255;
  }
  return encodePng(img);
}

async function clip(rng: Rng): Promise<Uint8Array> {
  const rate = 22050;
  const pcm = new Float32Array(Math.round(rate * (0.05 + rng() * 0.1)));
  const hz = 200 + rng() * 800;
  for (let i = 0; i < pcm.length; i++) pcm[i] = 0.4 * Math.sin((2 * Math.PI * hz * i) / rate) * (1 - i / pcm.length);
  return encodeOggVorbis([pcm], rate, { quality: 0 });
}

/** The pack's files by path (deterministic). */
export async function bigPackFiles(seed = 4000, scale = 1): Promise<Record<string, Uint8Array>> {
  const rng = rngFrom(seed);
  const count = scaledPack(scale);
  const enc = new TextEncoder();
  const files: Record<string, Uint8Array> = {};
  files["pack.mcmeta"] = enc.encode(
    JSON.stringify({ pack: { pack_format: 34, description: "Generated 4,000-file pack" } }, null, 2),
  );
  for (let i = 0; i < count.blocks; i++)
    files[`assets/minecraft/textures/block/gen_${i}.png`] = texture(rng, i % 2 ? 32 : 16);
  for (let i = 0; i < count.items; i++)
    files[`assets/minecraft/textures/item/gen_${i}.png`] = texture(rng, i % 3 ? 16 : 32);
  for (let i = 0; i < count.models; i++)
    files[`assets/minecraft/models/block/gen_${i}.json`] = enc.encode(
      JSON.stringify({ parent: "minecraft:block/cube_all", textures: { all: `minecraft:block/gen_${i}` } }, null, 2),
    );
  const sounds: Record<string, unknown> = {};
  for (let i = 0; i < count.sounds; i++) {
    files[`assets/minecraft/sounds/gen/clip_${i}.ogg`] = await clip(rng);
    sounds[`gen.clip_${i}`] = { category: "block", sounds: [`gen/clip_${i}`] };
  }
  files["assets/minecraft/sounds.json"] = enc.encode(JSON.stringify(sounds, null, 2));
  return files;
}

/** The pack as a deflated zip (level 6, like most zip tools). */
export async function bigPackZip(seed?: number, scale = 1): Promise<Uint8Array> {
  return zipSync(await bigPackFiles(seed, scale), { level: 6 });
}
