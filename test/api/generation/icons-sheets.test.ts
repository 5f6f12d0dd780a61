import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { credits, newPack } from "../../support/jobs.ts";
import { alphaAt, assetCount, expectRefused, generate, makePng } from "../../support/generation.ts";
import { ICON_HEIGHT } from "../../../src/ops/generate/icon.ts";
import { GUI_LAYOUTS, GUI_TARGETS } from "../../../src/gen/gui.ts";

let ts: TestServer;
let me: { id: number; key: string };
let pack: string;

beforeAll(async () => {
  ts = await startTestServer();
  me = await ts.account("sheets", { credits: 200 });
  pack = await newPack(ts, me.key, "Sheets");
});
afterAll(() => ts.close());

describe("font icons", () => {
  test("kind font, named after name; the PNG is the default height", async () => {
    const { accepted, img } = await makePng(ts, me.key, pack, "icons", { prompt: "red heart", name: "Heart", seed: 2 });
    expect(accepted).toEqual({
      id: "heart",
      kind: "font",
      status: "generating",
      pack,
      job: `${pack}:font:heart`,
      interpretation: expect.objectContaining({ subject: expect.any(String), unmatched: expect.any(Array) }),
      charged: expect.any(Number),
    });
    expect(img.height).toBe(ICON_HEIGHT.default);
    expect(img.width).toBeGreaterThan(0);
  });

  test("the PNG's height is the requested height at both bounds", async () => {
    for (const height of [ICON_HEIGHT.min, 16, ICON_HEIGHT.max]) {
      const { img } = await makePng(ts, me.key, pack, "icons", {
        prompt: "gold coin",
        name: `coin ${height}`,
        height,
        char: "\u00a2",
        seed: 4,
      });
      expect(img.height).toBe(height);
      // Something is drawn, and the glyph is not a solid block.
      let opaque = 0;
      for (let i = 3; i < img.data.length; i += 4) if (img.data[i] > 0) opaque++;
      expect(opaque).toBeGreaterThan(0);
      expect(opaque).toBeLessThan(img.width * img.height);
    }
  });

  test("name is required, height 5..32, char exactly one character; refusals charge nothing", async () => {
    const before = await credits(ts, me.id);
    const rows = await assetCount(ts, pack);
    const icon = (body: Record<string, unknown>) => generate(ts, me.key, pack, "icons", body);
    expectRefused(await icon({ prompt: "star" }), /name/);
    expectRefused(await icon({ prompt: "star", name: "" }), /name/);
    expectRefused(await icon({ prompt: "star", name: "s", height: ICON_HEIGHT.min - 1 }), /height/);
    expectRefused(await icon({ prompt: "star", name: "s", height: ICON_HEIGHT.max + 1 }), /height/);
    expectRefused(await icon({ prompt: "star", name: "s", char: "" }), /char/);
    expectRefused(await icon({ prompt: "star", name: "s", char: "ab" }), /exactly one character/);
    expectRefused(await icon({ prompt: "star", name: "s", char: "abc" }), /char/);
    expect(await credits(ts, me.id)).toEqual(before);
    expect(await assetCount(ts, pack)).toBe(rows);
    // One code point outside the BMP is two UTF-16 units but one character.
    expect((await icon({ prompt: "star", name: "astral", char: "\u{1F600}" })).status).toBe(202);
  });
});

describe("container GUIs", () => {
  test("every target gives a 256x256 sheet named gui:<target>", async () => {
    const made = await Promise.all(
      GUI_TARGETS.map((target) =>
        makePng(ts, me.key, pack, "guis", { prompt: "dark oak and brass", target, seed: 11 }),
      ),
    );
    made.forEach(({ accepted, img }, i) => {
      expect(accepted.id).toBe(`gui:${GUI_TARGETS[i]}`);
      expect(accepted.kind).toBe("texture");
      expect([img.width, img.height]).toEqual([256, 256]);
      // The panel is painted at the top-left at the vanilla size; well inside it everything is opaque.
      const { w, h } = GUI_LAYOUTS[GUI_TARGETS[i]].panel;
      expect(alphaAt(img, w >> 1, 6)).toBe(255);
      expect(alphaAt(img, 6, h >> 1)).toBe(255);
    });
  });

  test("an unknown target is refused with the list of screens", async () => {
    const a = await generate(ts, me.key, pack, "guis", { prompt: "x", target: "fridge" });
    expectRefused(a, new RegExp(`target must be one of ${GUI_TARGETS.join(", ")}`));
  });

  test("a second GUI for the same screen is a conflict with nothing charged", async () => {
    const before = await credits(ts, me.id);
    const again = await generate(ts, me.key, pack, "guis", { prompt: "birch", target: "furnace" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("conflict");
    expect(await credits(ts, me.id)).toEqual(before);
  });
});

describe("HUD sheets", () => {
  test("a 256x512 PNG named hud:<name>; a second one gets a fresh name", async () => {
    const first = await makePng(ts, me.key, pack, "huds", { prompt: "icy blue crystal", seed: 6 });
    expect(first.accepted).toEqual({
      id: "hud:hud",
      kind: "texture",
      status: "generating",
      pack,
      job: `${pack}:texture:hud:hud`,
      interpretation: expect.objectContaining({ subject: expect.any(String), unmatched: expect.any(Array) }),
      charged: expect.any(Number),
    });
    expect([first.img.width, first.img.height]).toEqual([256, 512]);
    const second = await makePng(ts, me.key, pack, "huds", { prompt: "nether", name: "Nether" });
    expect(second.accepted.id).toBe("hud:nether");
    expect([second.img.width, second.img.height]).toEqual([256, 512]);
    expect((await makePng(ts, me.key, pack, "huds", { prompt: "again" })).accepted.id).toBe("hud:hud_2");
  });
});
