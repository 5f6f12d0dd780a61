/**
 * Animated assets in headless Chromium: the grid plays an animated texture (tiled 3×3) and an animated item,
 * frame after frame at the asset's frametime; the detail dialog plays it bigger beside its zoomable strip.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { newPack } from "../support/jobs.ts";
import { type Endpoint, generateReady } from "../support/generation.ts";
import { HAVE_CHROMIUM, axeFindings, openBrowser, openSignedIn, screenshot, type Browser } from "./browser.ts";

const SETUP = { timeout: 180_000 };
let ts: TestServer;
let br: Browser;
let key = "";
let slug = "";
const page = () => br.page;

const generate = (endpoint: Endpoint, body: object) =>
  generateReady(ts, key, slug, endpoint, { seed: 5, ...body }, 90_000);

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  ts = await startTestServer();
  key = (await ts.account("player", { plan: "creator", credits: 100 })).key;
  slug = await newPack(ts, key, "Animated studio");
  await generate("textures", {
    prompt: "bubbling lava",
    mode: "custom",
    description: "lava",
    size: 16,
    name: "Lava",
    animation: { effect: "flow", frames: 4, frametime: 2 },
  });
  await generate("items", {
    prompt: "gold coin",
    name: "Coin",
    animation: { effect: "spin", frames: 8, frametime: 1 },
  });
  br = await openBrowser();
  await openSignedIn(page(), ts.url, key, `#/packs/${encodeURIComponent(slug)}`);
}, SETUP);

afterAll(async () => {
  await br?.close();
  await ts?.close();
}, SETUP);

/** The frames a canvas shows over `ms` milliseconds. */
async function framesSeen(selector: string, ms: number): Promise<Set<string>> {
  const seen = new Set<string>();
  const until = Date.now() + ms;
  while (Date.now() < until) {
    seen.add((await page().locator(selector).first().getAttribute("data-frame")) ?? "");
    await Bun.sleep(40);
  }
  return seen;
}

describe.skipIf(!HAVE_CHROMIUM)("animations in the studio", () => {
  test("the grid plays animated textures (tiled 3×3) and items, frame after frame", async () => {
    const lava = `[data-asset="${slug}:texture:lava"] canvas.animated`;
    const coin = `[data-asset="${slug}:texture:item:coin"] canvas.animated`;
    await page().locator(lava).waitFor();
    await page().locator(coin).waitFor();
    expect(await page().locator(lava).getAttribute("aria-label")).toContain("animated: 4 frames of 16×16, flow");
    expect(
      await page()
        .locator(lava)
        .evaluate((c: HTMLCanvasElement) => [c.width, c.height]),
    ).toEqual([192, 192]);
    expect((await framesSeen(lava, 1500)).size).toBeGreaterThan(1);
    expect((await framesSeen(coin, 1000)).size).toBeGreaterThan(1);
    expect(await axeFindings(page())).toEqual([]);
  }, 120_000);

  test("the detail dialog plays it bigger beside the zoomable strip", async () => {
    await page().locator(`[data-asset="${slug}:texture:lava"] button:has-text('Open')`).click();
    const playing = "dialog[open] canvas.animated";
    await page().locator(playing).waitFor();
    expect((await framesSeen(playing, 1500)).size).toBeGreaterThan(1);
    const strip = page().locator("dialog[open] .pixel-view img");
    expect(await strip.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([16, 64]);
    expect(await page().locator("dialog[open]").innerText()).toContain("flow, 4 frames, 2 ticks each");
    await screenshot(page(), "animated-detail");
    await page().keyboard.press("Escape");
  }, 120_000);

  test("the edit panel: an overlay and a new animation applied from the dialog make a new version", async () => {
    const before = await ts.call("GET", `/v1/packs/${slug}/assets/texture/lava`, { key });
    const old = new Uint8Array(await before.arrayBuffer());
    await page().locator(`[data-asset="${slug}:texture:lava"] button:has-text('Open')`).click();
    await page().locator("dialog[open] .edit-panel summary").click();
    await page().selectOption("#edit-overlay", "moss");
    await page().selectOption("#edit-animation-effect", "pulse");
    await page().fill("#edit-animation-frames", "6");
    await page().click("dialog[open] .edit-panel button:has-text('Apply edit')");
    // Done: the dialog is drawn again around the new version, which plays 6 frames.
    await page().waitForFunction(() =>
      document.querySelector("dialog[open] canvas.animated")?.getAttribute("aria-label")?.includes("6 frames"),
    );
    const job = (await (await ts.call("GET", `/v1/jobs/${slug}:texture:lava`, { key })).json()) as any;
    expect(job.edit).toMatchObject({ status: "ready", changes: ["overlay moss", "animation pulse"] });
    const after = new Uint8Array(
      await (await ts.call("GET", `/v1/packs/${slug}/assets/texture/lava`, { key })).arrayBuffer(),
    );
    expect(Buffer.from(after).equals(Buffer.from(old))).toBe(false);
    expect(await axeFindings(page())).toEqual([]);
    await screenshot(page(), "edit-panel");
    await page().keyboard.press("Escape");
  }, 120_000);
});
