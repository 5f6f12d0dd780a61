import { describe, expect, test } from "bun:test";
import { writeArtifact } from "../support/artifacts.ts";
import { generateItem3d } from "../../src/gen/item3d.ts";
import { checkBlockModel } from "../../src/pack/model-rules.ts";
import { renderModelPreview } from "../../src/gen/model-preview.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { encodePng } from "../../src/media/png.ts";
import type { Item3dRequest } from "../../src/gen/types.ts";

const req = (prompt: string, seed: number, extra: Partial<Item3dRequest> = {}): Item3dRequest => ({
  prompt,
  seed,
  size: 16,
  minecraftVersion: "1.20.1",
  textureId: (s) => `packsmith:item/i_${s}`,
  ...extra,
});
const PROMPTS = ["ruby sword", "iron pickaxe", "magic wand", "golden apple", "battle axe", "fishing rod"];

describe("generateItem3d", () => {
  test("items x 10 seeds x 4 versions: valid, with elements, under 200 of them at 16x16", () => {
    for (const prompt of PROMPTS)
      for (let seed = 0; seed < 10; seed++)
        for (const v of ["1.12.2", "1.20.1", "1.21.6", "26.3"]) {
          const g = generateItem3d(req(prompt, seed, { minecraftVersion: v }));
          expect(checkBlockModel(g.model, { minecraftVersion: v, textureSlots: "must-resolve" })).toEqual([]);
          const n = (g.model.elements as unknown[]).length;
          expect(n).toBeGreaterThan(0);
          expect(n).toBeLessThan(200);
        }
  });

  test("the sprite PNG decodes at the requested size and is what the model points at", () => {
    for (const size of [16, 32]) {
      const g = generateItem3d(req("ruby sword", 1, { size }));
      const img = decodePng(g.textures.sprite);
      expect([img.width, img.height]).toEqual([size, size]);
      expect((g.model.textures as Record<string, string>).sprite).toBe("packsmith:item/i_sprite");
    }
  });

  test("deterministic, and seeds differ", () => {
    const a = generateItem3d(req("magic wand", 9));
    const b = generateItem3d(req("magic wand", 9));
    expect(JSON.stringify(a.model)).toBe(JSON.stringify(b.model));
    expect(Buffer.from(a.textures.sprite).equals(Buffer.from(b.textures.sprite))).toBe(true);
    expect(
      Buffer.from(generateItem3d(req("magic wand", 10)).textures.sprite).equals(Buffer.from(a.textures.sprite)),
    ).toBe(false);
  });

  test("tools are held like tools, other items like items", () => {
    const held = (p: string) => (generateItem3d(req(p, 1)).model.display as any).thirdperson_righthand.rotation;
    expect(held("ruby sword")).toEqual([0, -90, 55]);
    expect(held("golden apple")).toEqual([0, 0, 0]);
  });

  test("previews of a few 3D items", () => {
    for (const p of ["ruby sword", "iron pickaxe", "magic wand"]) {
      const g = generateItem3d(req(p, 2));
      const img = renderModelPreview(g.model, { sprite: decodePng(g.textures.sprite) }, { size: 128, yaw: 30 });
      writeArtifact(`models/item3d-${p.replace(/ /g, "-")}.png`, encodePng(img));
    }
  });
});
