/**
 * Upload progress in percent, in headless Chromium: the file goes up through XMLHttpRequest, whose upload
 * events move a bar and the status line from 0% to 100%. The browser's network is slowed (DevTools
 * emulation) so the bytes take several progress events; nothing here waits on a clock.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { newPack } from "../support/jobs.ts";
import { encodePng, newRgba } from "../../src/media/png.ts";
import { HAVE_CHROMIUM, axeFindings, openBrowser, type Browser, openSignedIn } from "./browser.ts";

const T = 180_000;
/** Setup starts a server and a browser (and some generations): generous, for a busy machine. */
const SETUP = { timeout: 180_000 };
let ts: TestServer;
let br: Browser;
let key = "";
let slug = "";
const page = () => br.page;

/** A 256×256 GUI sheet of noise: it does not compress, so the upload is a quarter megabyte. */
function noisyGui(): Buffer {
  const img = newRgba(256, 256);
  let x = 12345;
  for (let i = 0; i < img.data.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    img.data[i] = i % 4 === 3 ? 255 : x >>> 24;
  }
  return Buffer.from(encodePng(img));
}

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("uploader", { plan: "creator", credits: 1 })).key;
  slug = await newPack(ts, key, "Progress test");
  br = await openBrowser();
}, SETUP);

afterAll(async () => {
  await br?.close();
  await ts?.close();
}, SETUP);

describe.skipIf(!HAVE_CHROMIUM)("upload progress in Chromium", () => {
  test(
    "a file's upload is shown in percent, rising to 100%, then the asset is stored byte for byte",
    async () => {
      await openSignedIn(page(), ts.url, key, `#/packs/${encodeURIComponent(slug)}/upload`);
      await page().waitForSelector("#up-type");
      await page().selectOption("#up-type", "gui");
      await page().click("summary");
      await page().fill("#up-target", "furna");
      // The target's suggestions follow the type: container screens for a GUI sheet.
      await page().waitForFunction(() =>
        [...(document.querySelector<HTMLInputElement>("#up-target")!.list?.options ?? [])].some(
          (o) => o.value === "furnace",
        ),
      );
      await page().fill("#up-target", "furnace");
      // Every percent the page shows, in order.
      await page().evaluate(() => {
        const bar = document.querySelector("progress.upload-progress")!;
        (window as any).__percents = [];
        new MutationObserver(() => {
          const v = bar.getAttribute("aria-valuetext");
          if (v) (window as any).__percents.push(v);
        }).observe(bar, { attributes: true, attributeFilter: ["aria-valuetext"] });
      });
      const cdp = await page().context().newCDPSession(page());
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 64 * 1024,
      });
      const png = noisyGui();
      await page().setInputFiles(".drop input[type=file]", { name: "noise.png", mimeType: "image/png", buffer: png });
      await page().waitForSelector(".status:has-text('Uploading noise.png…')");
      await page().waitForSelector(".status:has-text('Uploaded noise.png')", { timeout: 120_000 });
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const seen: number[] = (await page().evaluate(() => (window as any).__percents as string[])).map((v) =>
        Number.parseInt(v, 10),
      );
      expect(seen[0]).toBe(0);
      expect(seen.at(-1)).toBe(100);
      expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      // Done: the bar goes away, the result stays.
      expect(await page().locator("progress.upload-progress").isHidden()).toBe(true);
      const file = await ts.call("GET", `/v1/packs/${slug}/assets/texture/gui:furnace`, { key });
      expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
      expect(await axeFindings(page())).toEqual([]);
      expect(br.problems).toEqual([]);
    },
    T,
  );
});
