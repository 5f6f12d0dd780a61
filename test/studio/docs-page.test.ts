/**
 * /docs in headless Chromium against a real server: the reference renders from /openapi.json grouped by the
 * document's tags, nothing is fetched from another host, the page's CSP holds (no console errors), and
 * "Try it out" with a key under Authorize runs a real request against this server.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { HAVE_CHROMIUM, openBrowser, screenshot, type Browser } from "./browser.ts";

const STEP = { timeout: 90_000 };
let ts: TestServer;
let br: Browser;
let key = "";
const elsewhere: string[] = [];

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("docs-reader")).key;
  await ts.call("POST", "/v1/packs", { key, body: { name: "Read through the docs" } });
  br = await openBrowser();
  // Any request that leaves this server is recorded and refused: the page must work on a LAN with no internet.
  await br.context.route(
    (url) => !url.href.startsWith(ts.url),
    (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    },
  );
});

afterAll(async () => {
  await br?.close();
  await ts?.close();
});

describe.skipIf(!HAVE_CHROMIUM)("/docs reference", () => {
  test(
    "groups every operation under the document's declared tags, loading nothing from another host",
    async () => {
      const page = br.page;
      await page.goto(`${ts.url}/docs`);
      await page.locator(".opblock-tag").first().waitFor();
      const doc = (await (await ts.call("GET", "/openapi.json")).json()) as any;
      const shown = (await page.locator(".opblock-tag").allTextContents()).map((t) => t.trim());
      for (const tag of doc.tags) expect(shown.some((s: string) => s.startsWith(tag.name))).toBe(true);
      const operations = Object.values(doc.paths).reduce((n: number, p: any) => n + Object.keys(p).length, 0);
      expect(await page.locator(".opblock").count()).toBe(operations);
      await screenshot(page, "docs");
      expect(elsewhere).toEqual([]);
      expect(br.problems).toEqual([]);
    },
    STEP,
  );

  test(
    "Try it out with a key under Authorize lists the caller's packs from this server",
    async () => {
      const page = br.page;
      await page.locator("button.authorize").first().click();
      await page.locator(".modal-ux input[type=text], .modal-ux input[type=password]").first().fill(key);
      await page.locator(".modal-ux button.authorize").first().click();
      await page.locator(".modal-ux button.btn-done, .modal-ux button.close-modal").first().click();
      const list = page.locator("#operations-packs-list_packs, .opblock-get:has([data-path='/v1/packs'])").first();
      await list.locator(".opblock-summary").click();
      const execute = list.locator("button.execute");
      if (!(await execute.isVisible())) await list.locator("button.try-out__btn").click();
      await execute.click();
      const code = list.locator(".live-responses-table tr.response .response-col_status").first();
      await code.waitFor();
      expect((await code.textContent())?.trim()).toBe("200");
      expect(await list.locator(".live-responses-table .microlight").first().textContent()).toContain(
        "Read through the docs",
      );
      expect(elsewhere).toEqual([]);
      expect(br.problems).toEqual([]);
    },
    STEP,
  );
});
