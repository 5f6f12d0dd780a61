/**
 * Browsing big packs within the spec's default budgets (120 reads, 30 writes a minute per key), in headless
 * Chromium: a pack of 120 models (with textures and item definitions, test/support/model-pack.ts) opens, then the
 * packs list, another pack and the account page, and every page view stays within its request target,
 * counted from the requests the page itself makes, with no rate-limit banner. Then: finding by name as
 * you type (one list request per pause) at 390 px, and a small budget where previews wait, say so, and
 * the person's navigation still goes first.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { startTestServer, type TestServer } from "../support/server.ts";
import { waitJob } from "../support/jobs.ts";
import { modelPack } from "../support/model-pack.ts";
import { HAVE_CHROMIUM, openBrowser, openSignedIn, screenshot, type Browser } from "./browser.ts";

const T = 240_000;
const SETUP = { timeout: 240_000 };
const MODELS = 120;

async function importPack(ts: TestServer, key: string, name: string, zip: Uint8Array): Promise<string> {
  const res = await ts.call("POST", "/v1/imports", {
    key,
    body: { file: { base64: Buffer.from(zip).toString("base64") }, name },
  });
  const body = (await res.json()) as any;
  expect(res.status).toBe(202);
  expect((await waitJob(ts, key, body.job, 120_000)).status).toBe("ready");
  return body.pack.slug;
}

/** Every API request the page makes, with the answer's status once it comes. */
function recordRequests(page: Page) {
  const log: { url: string; status: number }[] = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname.startsWith("/v1/")) log.push({ url: r.url(), status: r.status() });
  });
  return log;
}

/** Waits until the page has made no API request for `ms` (previews included). */
async function quiet(log: unknown[], ms = 1500): Promise<void> {
  let n = -1;
  while (n !== log.length) {
    n = log.length;
    await Bun.sleep(ms);
  }
}

let br: Browser;
afterAll(async () => {
  await br?.close();
}, SETUP);

describe.skipIf(!HAVE_CHROMIUM)("big packs within the default budgets", () => {
  let ts: TestServer;
  let key = "";
  let big = "";
  let other = "";
  beforeAll(async () => {
    ts = await startTestServer({ "rate-reads": "120", "rate-writes": "30", workers: "1" });
    const me = await ts.account("browser", { plan: "creator" });
    // Setup polls its imports on a key of its own: the studio's key starts the test with its whole budget.
    const setupKey = await ts.key(me.id);
    big = await importPack(ts, setupKey, "Hundred Models", modelPack("big", { textures: 60, models: MODELS }));
    other = await importPack(ts, setupKey, "Other Pack", modelPack("other", { textures: 30, models: 40 }));
    key = me.key;
    br = await openBrowser();
  }, SETUP);
  afterAll(() => ts?.close(), SETUP);

  test(
    "a pack of 120 models, the packs list, another pack, the account page: each within its target, no banner",
    async () => {
      const page = br.page;
      const log = recordRequests(page);
      const views: { view: string; requests: string[] }[] = [];
      const view = async (name: string, go: () => Promise<void>, ready: string) => {
        const from = log.length;
        await go();
        await page.locator(ready).first().waitFor({ timeout: 60_000 });
        await quiet(log);
        views.push({ view: name, requests: log.slice(from).map((r) => new URL(r.url).pathname) });
        expect(await page.locator("#waiting").isHidden()).toBe(true);
      };

      await view("big pack", () => openSignedIn(page, ts.url, key, `#/packs/${big}`), "canvas.model");
      // Every card in view is drawn: model previews with their textures, from the batch.
      const drawn = await page.locator("li.asset canvas.model, li.asset .tiled").count();
      expect(drawn).toBeGreaterThanOrEqual(8);
      expect(await page.locator(".preview .placeholder").count()).toBe(0);
      await view("packs list", () => page.click("header nav a[href='#/packs']"), ".pack-list");
      await view("other pack", () => page.click(`a[href='#/packs/${other}']`), "canvas.model");
      await view("account", () => page.click("header nav a[href='#/account']"), "#balance");
      await view("packs list again", () => page.click("header nav a[href='#/packs']"), ".pack-list");

      const count = Object.fromEntries(views.map((v) => [v.view, v.requests.length]));
      // Pack page: the pack, the header's account line, and the first 48 cards in two reads (list + previews).
      expect({ count, views }).toMatchObject({ count: { "big pack": 4, "packs list": 2, "other pack": 4 } });
      expect(count.account).toBeLessThanOrEqual(4);
      for (const v of views.slice(0, 3)) {
        const grid = v.requests.filter((p) => /\/assets$|\/thumbnails$/.test(p));
        expect(grid.length).toBeLessThanOrEqual(3);
        // No file fetched one by one for a card.
        expect(v.requests.filter((p) => p.includes("/assets/"))).toEqual([]);
      }
      expect(log.every((r) => r.status < 400)).toBe(true);

      // "Show more" three times: two reads a page; the grid holds every card, drawn where seen.
      await view("big pack again", () => page.click(`a[href='#/packs/${big}']`), "canvas.model");
      expect(views[views.length - 1].requests.length).toBe(4);
      // The revisit's previews were unchanged: the browser revalidated with the ETag and the server said 304.
      const metrics = await (await ts.call("GET", "/metrics")).text();
      expect(metrics).toMatch(
        /packsmith_http_requests_total\{method="GET",route="\/v1\/packs\/:pack\/thumbnails",status="304"\} [1-9]/,
      );
      const from = log.length;
      for (let i = 0; i < 3; i++) {
        const before = await page.locator("li.asset").count();
        await page.click("text=Show more");
        await page.waitForFunction((n) => document.querySelectorAll("li.asset").length > n, before);
      }
      await quiet(log);
      expect(log.length - from).toBeLessThanOrEqual(6);
      // Cards out of view skip layout and paint (content-visibility), so a long grid stays cheap to draw.
      expect(
        await page
          .locator("li.asset")
          .first()
          .evaluate((el) => getComputedStyle(el).contentVisibility),
      ).toBe("auto");
      expect(br.problems).toEqual([]);
    },
    T,
  );

  test(
    "find by name as you type at 390 px: one list request per pause, the right cards, wildcards literal",
    async () => {
      const page = br.page;
      await page.setViewportSize({ width: 390, height: 844 });
      await openSignedIn(page, ts.url, key, `#/packs/${big}`);
      await page.locator("li.asset").first().waitFor();
      const log = recordRequests(page);
      await page.locator("#asset-search").pressSequentially("model_11", { delay: 40 });
      await page.waitForFunction(() =>
        [...document.querySelectorAll("li.asset .asset-name")].every((n) => n.textContent!.includes("model_11")),
      );
      await quiet(log, 1000);
      const lists = log.filter((r) => new URL(r.url).pathname.endsWith("/assets"));
      expect(lists.map((r) => new URL(r.url).searchParams.get("q"))).toEqual(["model_11"]);
      const names = await page.locator("li.asset .asset-name").allTextContents();
      expect(names.sort()).toEqual([
        "big.block/model_11",
        "big.block/model_110",
        "big.block/model_111",
        "big.block/model_112",
        "big.block/model_113",
        "big.block/model_114",
        "big.block/model_115",
        "big.block/model_116",
        "big.block/model_117",
        "big.block/model_118",
        "big.block/model_119",
      ]);
      // The box and the grid fit the narrow screen.
      const box = await page.locator("#asset-search").boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, "asset-search-390");
      await page.locator("#asset-search").fill("100%");
      await page.locator("text=No assets match.").waitFor();
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(br.problems).toEqual([]);
    },
    T,
  );
});

describe.skipIf(!HAVE_CHROMIUM)("a small read budget: previews wait, the person goes first", () => {
  let ts: TestServer;
  let key = "";
  let big = "";
  beforeAll(async () => {
    // 16 reads a minute: the studio keeps 8 for the person, so previews stop with 8 left (the third "Show more").
    ts = await startTestServer({ "rate-reads": "16", "rate-writes": "30", workers: "1" });
    const me = await ts.account("frugal", { plan: "creator" });
    big = await importPack(ts, await ts.key(me.id), "Frugal", modelPack("frugal", { textures: 60, models: MODELS }));
    key = me.key;
    br ??= await openBrowser();
  }, SETUP);
  afterAll(() => ts?.close(), SETUP);

  test(
    "Show more until previews wait: the grid says so, the Packs link still answers at once, nothing is refused",
    async () => {
      const page = br.page;
      const log = recordRequests(page);
      await openSignedIn(page, ts.url, key, `#/packs/${big}`);
      await page.locator("canvas.model").first().waitFor({ timeout: 60_000 });
      const note = page.locator(".budget-note");
      for (let i = 0; i < 6 && (await note.isHidden()); i++) {
        const before = await page.locator("li.asset").count();
        await page.click("text=Show more");
        await page.waitForFunction((n) => document.querySelectorAll("li.asset").length > n, before);
      }
      await note.waitFor({ timeout: 10_000 });
      expect(await note.innerText()).toMatch(
        /^Previews of \d+ cards wait for the request budget \(\d+ of 16 reads left/,
      );
      await screenshot(page, "previews-wait-for-budget");
      // The person's click goes at once, within the reserve.
      const packsAt = log.length;
      await page.click("header nav a[href='#/packs']");
      await page.locator(".pack-list").waitFor({ timeout: 5_000 });
      expect(log.slice(packsAt).map((r) => new URL(r.url).pathname)).toContain("/v1/packs");
      expect(await page.locator("#waiting").isHidden()).toBe(true);
      // Leaving the page dropped its waiting previews: they never go.
      await quiet(log, 1500);
      expect(log.every((r) => r.status < 400)).toBe(true);
      expect(log.filter((r) => r.url.includes("/thumbnails")).length).toBeLessThan(
        log.filter((r) => new URL(r.url).pathname.endsWith("/assets")).length,
      );
      expect(br.problems).toEqual([]);
    },
    T,
  );
});
