/**
 * The studio on a phone and under a spent budget, in headless Chromium against a real server: no page is
 * wider than a 390 px screen, waiting is visible (a countdown, busy buttons), and words fit their numbers.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { encodePng, newRgba } from "../../src/media/png.ts";
import { HAVE_CHROMIUM, openBrowser, screenshot, type Browser } from "./browser.ts";

// Generous: every step drives a real browser against a real server, and CI's machine may be busy.
const T = 180_000;
const STEP = { timeout: 60_000 };
let ts: TestServer;
let br: Browser;
let key = "";
let slug = "";

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("phone-user", { plan: "creator", credits: 1 })).key;
  const made = await ts.call("POST", "/v1/packs", {
    key,
    body: { name: "A pack with a rather long name that must wrap on a phone screen" },
  });
  slug = ((await made.json()) as any).pack.slug;
  br = await openBrowser();
});

afterAll(async () => {
  await br?.close();
  await ts?.close();
});

const page = () => br.page;

async function signIn(k: string) {
  await page().goto(`${ts.url}/#/signin`);
  await page().evaluate((v) => localStorage.setItem("packsmith.apiKey", v), k);
}

/** The page's content is no wider than the window (no horizontal scroll). */
async function fits(): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page().evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

describe.skipIf(!HAVE_CHROMIUM)("studio layout and waiting", () => {
  test(
    "at 390x844 no page scrolls sideways",
    async () => {
      await page().setViewportSize({ width: 390, height: 844 });
      await signIn(key);
      const routes: [string, string][] = [
        ["#/packs", "h1:has-text('Packs')"],
        [`#/packs/${slug}`, "#export-button"],
        [`#/packs/${slug}/generate`, "#gen-prompt"],
        [`#/packs/${slug}/upload`, "h2"],
        [`#/packs/${slug}/style`, "h2"],
        ["#/account", "#balance"],
      ];
      for (const [route, ready] of routes) {
        await page().goto(`${ts.url}/${route}`);
        await page().waitForSelector(ready, STEP);
        expect({ route, ...(await fits()) }).toEqual({ route, scrollWidth: 390, innerWidth: 390 });
      }
      await page().goto(`${ts.url}/#/account`);
      await page().waitForSelector("#balance", STEP);
      await screenshot(page(), "phone-account");
      await page().goto(`${ts.url}/#/packs`);
      await page().waitForSelector("h1:has-text('Packs')", STEP);
      await screenshot(page(), "phone-packs");
      // Sign-in page too, signed out.
      await page().evaluate(() => localStorage.clear());
      await page().goto(`${ts.url}/#/signin`);
      await page().waitForSelector("#api-key", STEP);
      expect(await fits()).toEqual({ scrollWidth: 390, innerWidth: 390 });
      await page().setViewportSize({ width: 1280, height: 800 });
    },
    T,
  );

  test(
    "an empty pack: no 'Show more', nothing needs a version; counts and credits read as words",
    async () => {
      await signIn(key);
      await page().goto(`${ts.url}/#/packs/${slug}`);
      await page().waitForSelector("#export-button", STEP);
      expect(await page().locator("button:has-text('Show more')").isVisible()).toBe(false);
      expect(await page().locator("#pack-min-version").innerText()).toBe("any version (the pack is empty)");
      expect(await page().locator(".credits").innerText()).toBe("1 credit");
      // One uploaded texture: "1 texture", not "1 textures".
      const img = newRgba(16, 16);
      img.data.fill(200);
      const up = await ts.call("POST", `/v1/packs/${slug}/assets`, {
        key,
        body: { type: "block", name: "stone_one", file: { base64: Buffer.from(encodePng(img)).toString("base64") } },
      });
      expect(up.status).toBe(201);
      await page().goto(`${ts.url}/#/packs`);
      await page().waitForSelector(".pack-card", STEP);
      expect(await page().locator(".pack-card .meta").nth(1).innerText()).toBe(
        "1 texture · 0 models · 0 icons · 0 sounds",
      );
    },
    T,
  );

  test(
    "a spent read budget shows a countdown and the sign-in button stays disabled while it waits",
    async () => {
      const tight = await startTestServer({ workers: "1", "rate-reads": "2", "rate-window-ms": "4000" });
      try {
        const k = (await tight.account("budget-user", { plan: "creator", credits: 0 })).key;
        for (let i = 0; i < 2; i++) expect((await tight.call("GET", "/v1/account", { key: k })).status).toBe(200);
        await page().goto(`${tight.url}/#/signin`);
        await page().evaluate(() => localStorage.clear());
        await page().goto(`${tight.url}/#/signin`);
        await page().waitForSelector("#api-key", STEP);
        await page().fill("#api-key", k);
        await page().keyboard.press("Enter");
        const banner = page().locator("#waiting");
        await banner.waitFor({ state: "visible" });
        expect(await banner.innerText()).toMatch(/trying again in \d+ s/);
        expect(await page().locator("form button[type=submit]").isDisabled()).toBe(true);
        // The wait ends by itself: signed in, and once the page's own reads are through, the banner goes.
        await page().waitForSelector("h1:has-text('Packs')", { timeout: 20_000 });
        await banner.waitFor({ state: "hidden", timeout: 20_000 });
      } finally {
        await tight.close();
      }
    },
    T,
  );

  test(
    "booleans are a three-way choice, so the style guide can be switched off for one request",
    async () => {
      await signIn(key);
      await page().goto(`${ts.url}/#/packs/${slug}/generate`);
      await page().waitForSelector("#gen-useStyleGuide", STEP);
      expect(await page().locator("#gen-useStyleGuide option").allInnerTexts()).toEqual(["default (on)", "on", "off"]);
    },
    T,
  );
});
