/** Generation time per model template, 3D item and .bbmodel conversion: `bun bench/models.ts`. */
import { generateModel } from "../src/gen/model.ts";
import { generateItem3d } from "../src/gen/item3d.ts";
import { TEMPLATES } from "../src/gen/models/index.ts";
import { renderModelPreview } from "../src/gen/model-preview.ts";
import { decodePng } from "../src/media/png-decode.ts";

const time = (label: string, runs: number, fn: (i: number) => void) => {
  fn(0); // warm-up
  const t0 = performance.now();
  for (let i = 1; i <= runs; i++) fn(i);
  const ms = (performance.now() - t0) / runs;
  console.log(`${label.padEnd(28)} ${ms.toFixed(2)} ms`);
  return ms;
};
let worst = 0;
for (const t of TEMPLATES)
  worst = Math.max(
    worst,
    time(`model ${t.name}`, 40, (seed) =>
      generateModel({
        prompt: `an oak ${t.words[0] ?? "machine"}`,
        seed,
        carrierKind: "full",
        directional: true,
        minecraftVersion: "1.21.6",
        textureId: (s) => s,
      }),
    ),
  );
console.log(`worst template: ${worst.toFixed(2)} ms (target < 50 ms)`);
for (const size of [16, 32])
  time(`item3d sword ${size}px`, 40, (seed) =>
    generateItem3d({ prompt: "ruby sword", seed, size, minecraftVersion: "1.21.6", textureId: (s) => s }),
  );
const g = generateModel({
  prompt: "oak bookshelf",
  seed: 1,
  carrierKind: "full",
  directional: true,
  minecraftVersion: "1.21.6",
  textureId: (s) => s,
});
const tex = Object.fromEntries(Object.entries(g.textures).map(([k, v]) => [k, decodePng(v)]));
time("preview 128px bookshelf", 40, () => renderModelPreview(g.model, tex, { size: 128 }));
