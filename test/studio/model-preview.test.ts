/**
 * Model previews of an imported pack, in headless Chromium: textures found the way the game finds them
 * (the pack's own, through the parent chain, `#slot` chains), the game's own references drawn as a grey
 * checker that names them (never the renderer's magenta), item definitions drawn through their model, and
 * zoom by wheel and keys.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { strToU8, zipSync } from "fflate";
import { startTestServer, type TestServer } from "../support/server.ts";
import { waitJob } from "../support/jobs.ts";
import { encodePng, newRgba } from "../../src/media/png.ts";
import { HAVE_CHROMIUM, axeFindings, openBrowser, screenshot, type Browser, openSignedIn } from "./browser.ts";

const T = 180_000;
/** Setup starts a server and a browser (and some generations): generous, for a busy machine. */
const SETUP = { timeout: 180_000 };
let ts: TestServer;
let br: Browser;
let key = "";
let slug = "";
const page = () => br.page;

const cube = (texture: string) => ({
  elements: [
    {
      from: [0, 0, 0],
      to: [16, 16, 16],
      faces: Object.fromEntries(["down", "up", "north", "south", "west", "east"].map((f) => [f, { texture }])),
    },
  ],
});

/** A red texture, a model that holds it, a child that only names that parent, one vanilla look, an item. */
export function previewPack(): Uint8Array {
  const red = newRgba(16, 16);
  for (let i = 0; i < 256; i++) red.data.set([200, 30, 40, 255], i * 4);
  const json = (v: unknown) => strToU8(JSON.stringify(v));
  return zipSync({
    "pack.mcmeta": json({ pack: { pack_format: 46, description: "Preview test" } }),
    "assets/demo/textures/block/ruby.png": encodePng(red),
    // The face names #side, #side names #all, #all names the texture: a #ref chain.
    "assets/demo/models/block/base.json": json({
      textures: { all: "demo:block/ruby", side: "#all" },
      ...cube("#side"),
    }),
    "assets/demo/models/block/child.json": json({ parent: "demo:block/base" }),
    "assets/demo/models/block/stone_look.json": json({
      parent: "minecraft:block/cube_all",
      textures: { all: "minecraft:block/stone" },
    }),
    "assets/demo/items/ruby_block.json": json({ model: { type: "minecraft:model", model: "demo:block/child" } }),
  });
}

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("modeller", { plan: "creator", credits: 10 })).key;
  const res = await ts.call("POST", "/v1/imports", {
    key,
    body: { file: { base64: Buffer.from(previewPack()).toString("base64") }, name: "Preview test" },
  });
  const body = (await res.json()) as any;
  expect(res.status).toBe(202);
  slug = body.pack.slug;
  expect((await waitJob(ts, key, body.job, 60_000)).status).toBe("ready");
  br = await openBrowser();
}, SETUP);

afterAll(async () => {
  await br?.close();
  await ts?.close();
}, SETUP);

/** Pixels of a canvas: how many are drawn, how many magenta, how many red, how many grey. */
const census = (sel: string) =>
  page()
    .locator(sel)
    .evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
      const n = { opaque: 0, magenta: 0, red: 0, grey: 0 };
      for (let i = 0; i < d.length; i += 4) {
        if (d[i + 3] === 0) continue;
        n.opaque++;
        const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
        if (r > 150 && g < 80 && b > 150) n.magenta++;
        else if (r > 80 && g < 40 && b < 50) n.red++;
        else if (r === g && g === b) n.grey++;
      }
      return n;
    });

const cardCanvas = (name: string) => `[data-asset="${slug}:model:${name}"] canvas.model`;

describe.skipIf(!HAVE_CHROMIUM)("model previews in Chromium", () => {
  test(
    "an imported pack's models: textures through parents and #refs, vanilla as a named grey checker, no magenta",
    async () => {
      await openSignedIn(page(), ts.url, key, `#/packs/${encodeURIComponent(slug)}`);
      await page().check("input[name=kind][value=model]");
      for (const name of ["demo.block/base", "demo.block/child", "demo.block/stone_look", "item:demo.ruby_block"])
        await page().locator(cardCanvas(name)).waitFor({ timeout: 60_000 });

      for (const name of ["demo.block/base", "demo.block/child", "item:demo.ruby_block"]) {
        const n = await census(cardCanvas(name));
        expect({ name, magenta: n.magenta }).toEqual({ name, magenta: 0 });
        // The parent's red texture covers the visible faces (shaded, so several reds).
        expect(n.red).toBeGreaterThan(n.opaque * 0.9);
        expect(n.opaque).toBeGreaterThan(1000);
      }
      const stone = await census(cardCanvas("demo.block/stone_look"));
      expect(stone.magenta).toBe(0);
      expect(stone.grey).toBeGreaterThan(1000);
      const stoneCanvas = page().locator(cardCanvas("demo.block/stone_look"));
      expect(await stoneCanvas.getAttribute("title")).toContain("minecraft:block/stone");
      expect((await stoneCanvas.getAttribute("data-not-held"))!.split(" ")).toContain("minecraft:block/stone");
      // The pack's own model holds nothing from outside.
      expect(await page().locator(cardCanvas("demo.block/child")).getAttribute("data-not-held")).toBe("");
      await screenshot(page(), "model-previews");
      // On a card the wheel is left to scroll the page; the keys still zoom.
      const card = page().locator(cardCanvas("demo.block/child"));
      await card.hover();
      await page().mouse.wheel(0, -100);
      await card.focus();
      await page().keyboard.press("+");
      expect(await card.getAttribute("data-zoom")).toBe("1.5");
    },
    T,
  );

  test(
    "the detail view says what an item definition draws through, and zooms with the wheel and +/- keys",
    async () => {
      await page().click(`[aria-label="Open item:demo.ruby_block"]`);
      const canvas = page().locator("dialog[open] canvas.model");
      await canvas.waitFor();
      await page().locator("dialog[open] :text('Drawn through')").waitFor();
      expect(await page().locator("dialog[open] .model-view code").innerText()).toBe("demo:block/child");
      const zoom = () => canvas.getAttribute("data-zoom");
      expect(await zoom()).toBe("1");
      const before = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
      await canvas.hover();
      await page().mouse.wheel(0, -100);
      await page().waitForFunction(
        () => document.querySelector("dialog[open] canvas.model")?.getAttribute("data-zoom") === "1.5",
      );
      expect(await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL())).not.toBe(before);
      await canvas.focus();
      await page().keyboard.press("+");
      expect(await zoom()).toBe("2");
      await page().keyboard.press("-");
      await page().keyboard.press("-");
      expect(await zoom()).toBe("1");
      await page().keyboard.press("-");
      expect(await zoom()).toBe("1");
      await page().click(`dialog[open] [aria-label="Zoom in: item:demo.ruby_block"]`);
      expect(await zoom()).toBe("1.5");
      expect((await census("dialog[open] canvas.model")).magenta).toBe(0);
      expect(await axeFindings(page())).toEqual([]);
      await screenshot(page(), "model-detail");
      await page().keyboard.press("Escape");
      expect(br.problems).toEqual([]);
    },
    T,
  );
});
