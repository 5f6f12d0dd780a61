import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { credits, newPack, waitJob } from "../../support/jobs.ts";
import { fileOf, makePng } from "../../support/generation.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { itemPartMask, partMaskForTask } from "../../../src/gen/item.ts";
import type { Rgba } from "../../../src/media/png.ts";

let ts: TestServer;
let me: { id: number; key: string };
let pack: string;
beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("part-editor", { credits: 100 });
  pack = await newPack(ts, me.key, "Part edits", "1.21.4");
});
afterAll(() => ts.close());

const edit = (name: string, body: Record<string, unknown>) =>
  ts.call("POST", `/v1/packs/${pack}/assets/texture/${encodeURIComponent(`item:${name}`)}/edits`, {
    key: me.key,
    body,
  });
/** A 400 invalid_request answer's message. */
async function refusal(res: Response): Promise<string> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect({ status: res.status, code: body.error.code }).toEqual({ status: 400, code: "invalid_request" });
  return body.error.message;
}
const sword = { prompt: "ruby sword with a gold hilt", size: 16, seed: 7 };

/** Every pixel outside `part` (by the painter's part mask) is as it was; most of the part's changed. */
function expectOnlyPartChanged(before: Rgba, after: Rgba, mask: (string | null)[], part: string): void {
  let inPart = 0;
  let changedInPart = 0;
  for (let p = 0; p < mask.length; p++) {
    const same = [0, 1, 2, 3].every((c) => after.data[p * 4 + c] === before.data[p * 4 + c]);
    if (mask[p] === part) {
      inPart++;
      if (!same) changedInPart++;
    } else expect(same).toBe(true);
  }
  expect(inPart).toBeGreaterThan(5);
  expect(changedInPart).toBeGreaterThan(inPart / 2);
}

describe("recolouring one part of a generated item", () => {
  test("only the named part's pixels change; every other pixel stays as it was", async () => {
    const made = await makePng(ts, me.key, pack, "items", { ...sword, name: "ruby_sword" });
    const res = await edit("ruby_sword", { recolour: { part: "blade", hue: 180 } });
    expect(res.status).toBe(202);
    expect((await waitJob(ts, me.key, `${pack}:texture:item:ruby_sword`)).status).toBe("ready");
    const after = decodePng(await fileOf(ts, me.key, pack, "texture", "item:ruby_sword"));
    expectOnlyPartChanged(made.img, after, itemPartMask({ ...sword, target: null }).parts, "blade");
  });

  test("a part the item lacks is refused with its parts, and nothing is charged", async () => {
    await makePng(ts, me.key, pack, "items", { ...sword, name: "plain_sword" });
    const before = await credits(ts, me.id);
    const res = await edit("plain_sword", { recolour: { part: "wheel", hue: 90 } });
    const message = await refusal(res);
    expect(message).toContain("no part 'wheel'");
    expect(message).toContain("blade");
    expect(await credits(ts, me.id)).toEqual(before);
  });

  test("a part with no change, or on a texture (no declared parts), is refused", async () => {
    const noChange = await edit("plain_sword", { recolour: { part: "blade" } });
    expect(await refusal(noChange)).toContain("recolour needs map, hue, saturation or value");
    await makePng(ts, me.key, pack, "textures", {
      prompt: "bricks",
      size: 16,
      mode: "custom",
      description: "bricks",
      name: "wall",
      seed: 1,
    });
    const onTexture = await ts.call("POST", `/v1/packs/${pack}/assets/texture/wall/edits`, {
      key: me.key,
      body: { recolour: { part: "blade", hue: 10 } },
    });
    expect(await refusal(onTexture)).toContain("recolour.part is for generated items");
  });
});

/**
 * An item drawn from the library: its parts are its body, the parts derived from its shape and the rest
 * ("detail", art/library-parts.ts), so a trim is recoloured alone; a part it has no place for is refused.
 */
describe("recolouring one part of a library item", () => {
  const vase = { prompt: "vase with a gold trim", size: 16, seed: 7 };

  test("only the trim's pixels change", async () => {
    const made = await makePng(ts, me.key, pack, "items", { ...vase, name: "vase" });
    const res = await edit("vase", { recolour: { part: "trim", hue: 150 } });
    expect(res.status).toBe(202);
    expect((await waitJob(ts, me.key, `${pack}:texture:item:vase`)).status).toBe("ready");
    const after = decodePng(await fileOf(ts, me.key, pack, "texture", "item:vase"));
    const mask = partMaskForTask({ op: "item", req: { ...vase, target: null } })!;
    expect(mask.family).toBe("library");
    expectOnlyPartChanged(made.img, after, mask.parts, "trim");
  });

  test("a part the picture has no place for is refused with its parts, nothing charged", async () => {
    await makePng(ts, me.key, pack, "items", { ...vase, name: "vase_two" });
    const before = await credits(ts, me.id);
    const message = await refusal(await edit("vase_two", { recolour: { part: "handle", hue: 90 } }));
    expect(message).toContain("no part 'handle'");
    expect(message).toContain("trim");
    expect(message).toContain("body");
    expect(await credits(ts, me.id)).toEqual(before);
  });
});

describe("recolouring one part of a sketched item", () => {
  test("the legend's part is recoloured alone", async () => {
    const sketch = {
      grid: ["....R", "...R.", "GGR..", ".H...", "H...."],
      legend: {
        R: { part: "blade", material: "iron" },
        G: { part: "guard", material: "gold" },
        H: { colour: "brown" },
      },
    };
    const body = { prompt: "dagger", size: 16, seed: 7, sketch };
    const made = await makePng(ts, me.key, pack, "items", { ...body, name: "sketched" });
    const res = await edit("sketched", { recolour: { part: "guard", hue: 120 } });
    expect(res.status).toBe(202);
    expect((await waitJob(ts, me.key, `${pack}:texture:item:sketched`)).status).toBe("ready");
    const after = decodePng(await fileOf(ts, me.key, pack, "texture", "item:sketched"));
    const mask = partMaskForTask({ op: "item", req: { ...body, target: null } })!;
    expect(mask.family).toBe("sketch");
    expect(new Set(mask.parts)).toEqual(new Set([null, "blade", "guard", "key H"]));
    expectOnlyPartChanged(made.img, after, mask.parts, "guard");
  });
});
