/**
 * The asset dialog in headless Chromium: every picture at whole-number zoom (wheel, keys, buttons), GUI
 * sheets at 2x, a HUD sheet in a mock hotbar drawn from the sheet, an item inside an inventory slot; the
 * file downloads byte for byte, and a delete asks first and then takes the asset out of the pack.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { startTestServer, type TestServer } from "../support/server.ts";
import { newPack, waitJob } from "../support/jobs.ts";
import { type Endpoint, generateReady } from "../support/generation.ts";
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
const dialog = "dialog[open]";

const generate = (endpoint: Endpoint, body: object) =>
  generateReady(ts, key, slug, endpoint, { seed: 5, ...body }, 90_000);

function emeraldPng(): Buffer {
  const img = newRgba(16, 16);
  for (let y = 3; y < 13; y++) for (let x = 3; x < 13; x++) img.data.set([30, 200, 90, 255], (y * 16 + x) * 4);
  return Buffer.from(encodePng(img));
}

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  ts = await startTestServer({ workers: "2" });
  key = (await ts.account("detailer", { plan: "creator", credits: 200 })).key;
  slug = await newPack(ts, key, "Detail test");
  await generate("guis", { prompt: "mossy stone", target: "furnace" });
  await generate("huds", { prompt: "gold and ruby" });
  await generate("icons", { prompt: "red heart", name: "heart", char: "♥" });
  await generate("textures", {
    prompt: "rough basalt",
    mode: "custom",
    description: "rough basalt",
    size: 16,
    name: "Basalt",
  });
  const up = await ts.call("POST", "/v1/packs/" + slug + "/assets", {
    key,
    body: { type: "item", name: "Emerald", file: { base64: emeraldPng().toString("base64") } },
  });
  expect(up.status).toBe(201);
  br = await openBrowser();
  await openSignedIn(page(), ts.url, key, `#/packs/${encodeURIComponent(slug)}`);
}, SETUP);

afterAll(async () => {
  await br?.close();
  await ts?.close();
}, SETUP);

/** Opens an asset's dialog from its card and waits for its pictures. */
async function open(id: string, ready: string): Promise<void> {
  // A dialog left open by a failed test would cover the grid and fail every test after it.
  if (await page().locator(dialog).count()) await close();
  await page().locator(`[data-asset="${id}"] button:has-text('Open')`).click();
  await page().locator(`${dialog} ${ready}`).first().waitFor();
}

async function close(): Promise<void> {
  await page().keyboard.press("Escape");
  await page().locator(dialog).waitFor({ state: "detached" });
}

/** Every image in the dialog is drawn at a whole-number scale, pixelated. */
async function expectPixelExact(): Promise<void> {
  const imgs = await page()
    .locator(`${dialog} img`)
    .evaluateAll((els: HTMLImageElement[]) =>
      els.map((el) => ({
        w: el.width / el.naturalWidth,
        h: el.height / el.naturalHeight,
        rendering: getComputedStyle(el).imageRendering,
      })),
    );
  expect(imgs.length).toBeGreaterThan(0);
  for (const i of imgs) {
    expect(Number.isInteger(i.w) && i.w === i.h).toBe(true);
    expect(i.rendering).toBe("pixelated");
  }
}

const job = async (id: string) =>
  (await (await ts.call("GET", `/v1/jobs/${encodeURIComponent(id)}`, { key })).json()) as any;

const scaleOf = () => page().locator(`${dialog} .pixel-view`).first().getAttribute("data-scale");

describe.skipIf(!HAVE_CHROMIUM)("asset dialog in Chromium", () => {
  test(
    "a GUI sheet opens at 2x and zooms by whole steps with the wheel, keys and buttons",
    async () => {
      await open(`${slug}:texture:gui:furnace`, ".pixel-view img");
      const img = page().locator(`${dialog} .pixel-view img`);
      expect(await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.width])).toEqual([256, 512]);
      expect(await scaleOf()).toBe("2");
      await page().locator(`${dialog} .pixel-view`).hover();
      await page().mouse.wheel(0, -120);
      await page().waitForFunction(
        () => document.querySelector("dialog[open] .pixel-view")?.getAttribute("data-scale") === "3",
      );
      await page().locator(`${dialog} .pixel-view`).focus();
      await page().keyboard.press("-");
      await page().keyboard.press("-");
      expect(await scaleOf()).toBe("1");
      await page().click(`${dialog} button[aria-label^="Zoom in"]`);
      expect(await scaleOf()).toBe("2");
      await expectPixelExact();
      // The page itself never scrolls sideways, however big the picture gets.
      await page().click(`${dialog} button[aria-label^="Zoom in"]`);
      await page().click(`${dialog} button[aria-label^="Zoom in"]`);
      expect(await page().evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await close();
    },
    T,
  );

  test(
    "a HUD sheet is shown in a mock hotbar at 2x, drawn from the sheet's own hotbar, hearts and hunger",
    async () => {
      await open(`${slug}:texture:hud:hud`, "canvas.hud-strip");
      const strip = page().locator(`${dialog} canvas.hud-strip`);
      expect(await strip.evaluate((c: HTMLCanvasElement) => [c.width, c.clientWidth / c.width])).toEqual([184, 2]);
      // Pixels of the strip match the sheet where the hotbar (sheet 0,256) and a full heart (sheet 52,0) go.
      const same = await page().evaluate(async () => {
        const c = document.querySelector<HTMLCanvasElement>("dialog[open] canvas.hud-strip")!;
        const sheet = document.querySelector<HTMLImageElement>("dialog[open] .pixel-view img")!;
        const s = new OffscreenCanvas(sheet.naturalWidth, sheet.naturalHeight).getContext("2d")!;
        s.drawImage(sheet, 0, 0);
        const strip = c.getContext("2d")!;
        const px = (g: any, x: number, y: number) => [...g.getImageData(x, y, 1, 1).data].join(",");
        let hotbar = 0,
          heart = 0,
          opaque = 0;
        for (let y = 2; y < 20; y++)
          for (let x = 30; x < 150; x++) if (px(strip, 1 + x, 19 + y) === px(s, x, 256 + y)) hotbar++;
        for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) if (px(strip, 1 + x, y) === px(s, 52 + x, y)) heart++;
        for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) if (px(s, 52 + x, y).endsWith(",255")) opaque++;
        return { hotbar, heart, opaque };
      });
      expect(same.hotbar).toBe(18 * 120);
      expect(same.opaque).toBeGreaterThan(10);
      expect(same.heart).toBe(81);
      await expectPixelExact();
      await screenshot(page(), "detail-hud");
      await close();
    },
    T,
  );

  test(
    "an item sits in an inventory slot frame; an icon at 8x; the file downloads byte for byte",
    async () => {
      await open(`${slug}:texture:item:emerald`, ".inv-slot img");
      const slot = page().locator(`${dialog} .inv-slot`);
      expect(
        await slot.evaluate((el) => [el.querySelector("img")!.width, getComputedStyle(el).borderTopWidth]),
      ).toEqual([128, "8px"]);
      await expectPixelExact();
      const [download] = await Promise.all([
        page().waitForEvent("download"),
        page().click(`${dialog} a:has-text('Download')`),
      ]);
      expect(download.suggestedFilename()).toBe("emerald.png");
      expect(readFileSync((await download.path())!).equals(emeraldPng())).toBe(true);
      expect(await axeFindings(page())).toEqual([]);
      await screenshot(page(), "detail-item");
      await close();

      await open(`${slug}:font:heart`, ".pixel-view img");
      expect(await scaleOf()).toBe("8");
      await expectPixelExact();
      await close();
    },
    T,
  );

  test(
    "the dialog shows seed, dates, source and an icon's character from the job's details",
    async () => {
      await open(`${slug}:font:heart`, ".facts dd");
      await page().locator(`${dialog} .facts dt:has-text('Seed')`).waitFor();
      const facts = await page()
        .locator(`${dialog} .facts`)
        .evaluate((dl) =>
          Object.fromEntries(
            [...dl.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
          ),
        );
      expect(facts).toMatchObject({
        Seed: "5",
        Source: "generated",
        Character: "♥ (U+2665)",
        Pixels: expect.stringMatching(/^\d+×\d+$/),
      });
      expect(facts.Created).toBeTruthy();
      expect(facts.Updated).toBeTruthy();
      await close();
    },
    T,
  );

  test(
    "regenerate re-sends the recorded prompt and options with a new seed, as a new asset beside the old",
    async () => {
      const before = await job(`${slug}:texture:basalt`);
      await open(`${slug}:texture:basalt`, ".pixel-view img");
      const again = page().locator(`${dialog} button:has-text('Regenerate')`);
      await again.waitFor();
      expect(await again.innerText()).toContain("credit");
      await again.click();
      await page().locator(dialog).waitFor({ state: "detached" });
      const list = async () =>
        ((await (await ts.call("GET", `/v1/packs/${slug}/assets?kind=texture`, { key })).json()) as any).assets.filter(
          (a: any) => a.name.startsWith("basalt"),
        );
      let made: any[] = [];
      for (let i = 0; i < 400 && made.length < 2; i++) (made = await list()), await Bun.sleep(50);
      expect(made.length).toBe(2);
      const fresh = made.find((a) => a.name !== "basalt");
      const after = await waitJob(ts, key, fresh.id, 90_000);
      expect(after.status).toBe("ready");
      expect(after.asset.prompt).toBe("rough basalt");
      expect(after.details.options).toEqual(before.details.options);
      expect(after.details.seed).not.toBe(before.details.seed);
      await page().locator(`[data-asset="${fresh.id}"] .badge-ready`).waitFor({ timeout: 60_000 });
    },
    T,
  );

  test(
    "regenerating a reskin (one per game texture) asks, then replaces it with a new seed",
    async () => {
      const id = `${slug}:texture:gui:furnace`;
      const before = await job(id);
      await open(id, ".pixel-view img");
      page().once("dialog", (d) => void d.accept());
      await page().click(`${dialog} button:has-text('Regenerate')`);
      await page().locator(dialog).waitFor({ state: "detached" });
      let after = await job(id);
      for (let i = 0; i < 400 && after.details?.seed === before.details.seed; i++)
        await Bun.sleep(50), (after = await job(id));
      after = await waitJob(ts, key, id, 90_000);
      expect(after.status).toBe("ready");
      expect(after.details.seed).not.toBe(before.details.seed);
      expect(after.details.options).toEqual(before.details.options);
    },
    T,
  );

  test(
    "on a 390 px phone the dialog fits: wide pictures scroll inside their own box, never the page or the dialog",
    async () => {
      await page().setViewportSize({ width: 390, height: 844 });
      try {
        for (const [id, ready] of [
          [`${slug}:texture:hud:hud`, "canvas.hud-strip"],
          [`${slug}:texture:gui:furnace`, ".pixel-view img"],
        ]) {
          await open(id, ready);
          const widths = await page().evaluate(() => {
            const d = document.querySelector("dialog[open]")!;
            return {
              page: document.documentElement.scrollWidth <= window.innerWidth,
              dialog: d.scrollWidth <= d.clientWidth,
              inside: d.getBoundingClientRect().right <= window.innerWidth,
            };
          });
          expect({ id, ...widths }).toEqual({ id, page: true, dialog: true, inside: true });
          await close();
        }
      } finally {
        await page().setViewportSize({ width: 1280, height: 800 });
      }
    },
    T,
  );

  test(
    "delete asks first; declined keeps the asset, accepted takes it out of the pack and the grid",
    async () => {
      const id = `${slug}:texture:item:emerald`;
      await open(id, ".inv-slot img");
      page().once("dialog", (d) => void d.dismiss());
      await page().click(`${dialog} button:has-text('Delete')`);
      expect(await page().locator(dialog).count()).toBe(1);
      expect((await ts.call("GET", `/v1/packs/${slug}/assets/texture/item:emerald`, { key })).status).toBe(200);
      page().once("dialog", (d) => void d.accept());
      await page().click(`${dialog} button:has-text('Delete')`);
      await page().locator(dialog).waitFor({ state: "detached" });
      await page().locator(`[data-asset="${id}"]`).waitFor({ state: "detached" });
      expect((await ts.call("GET", `/v1/packs/${slug}/assets/texture/item:emerald`, { key })).status).toBe(404);
      expect(br.problems).toEqual([]);
    },
    T,
  );
});
