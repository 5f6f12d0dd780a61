/**
 * The generate and upload forms in a pack maker's words, in headless Chromium: labels and help instead of key
 * names and tool names, only the fields the chosen mode uses, defaults filled in, the game's names suggested
 * as you type (GET /vanilla-names), and the job's price said before it is sent.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/server.ts";
import { newPack } from "../support/jobs.ts";
import { HAVE_CHROMIUM, axeFindings, openBrowser, screenshot, type Browser, openSignedIn } from "./browser.ts";

const T = 180_000;
/** Setup starts a server and a browser (and some generations): generous, for a busy machine. */
const SETUP = { timeout: 180_000 };
let ts: TestServer;
let br: Browser;
let key = "";
let slug = "";
let operationIds: string[] = [];
const page = () => br.page;

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("form-filler", { plan: "creator", credits: 42 })).key;
  slug = await newPack(ts, key, "Forms test");
  const doc = (await (await ts.call("GET", "/openapi.json")).json()) as any;
  operationIds = Object.values(doc.paths as Record<string, any>).flatMap((item) =>
    Object.values(item as Record<string, any>)
      .map((op) => op?.operationId)
      .filter((id): id is string => typeof id === "string"),
  );
  br = await openBrowser();
  await openSignedIn(page(), ts.url, key, `#/packs/${encodeURIComponent(slug)}`);
  await page().click("nav.tabs >> text=Generate");
  await page().waitForSelector("#gen-prompt");
}, SETUP);

afterAll(async () => {
  await br?.close();
  await ts?.close();
}, SETUP);

const choose = async (path: string, ready: string) => {
  await page().selectOption("#gen-kind", path);
  // The form is rebuilt for the chosen generation: wait for that one, not the one it replaces.
  await page().waitForSelector(`.gen-form[data-op="${path}"] ${ready}`);
};
const visible = (sel: string) => page().locator(sel).isVisible();
const labelOf = async (id: string) => (await page().locator(`label[for="${id}"]`).innerText()).trim();

/** The datalist of a field holds `name` once the field has been typed into (or focused). */
async function suggests(input: string, typed: string, name: string): Promise<void> {
  await page().fill(input, typed);
  await page().waitForFunction(
    ([sel, n]) => {
      const el = document.querySelector<HTMLInputElement>(sel)!;
      return [...(el.list?.options ?? [])].some((o) => o.value === n);
    },
    [input, name] as const,
  );
}

describe.skipIf(!HAVE_CHROMIUM)("forms in people's words, in Chromium", () => {
  test(
    "every generation form: labelled in words (no key names), help without tool names, the price shown",
    async () => {
      const paths = await page()
        .locator("#gen-kind option")
        .evaluateAll((os: HTMLOptionElement[]) => os.map((o) => o.value));
      expect(paths.length).toBeGreaterThan(5);
      for (const path of paths) {
        await choose(path, ".cost:not(:empty)");
        const labels = await page().locator(".gen-form label").allInnerTexts();
        // camelCase is a key name, not a word.
        expect({ path, keys: labels.filter((l) => /\b[a-z]+[A-Z]\w*/.test(l)) }).toEqual({ path, keys: [] });
        const words = await page().locator(".gen-form").innerText();
        expect({ path, tools: operationIds.filter((id) => words.includes(id)) }).toEqual({ path, tools: [] });
        expect(await page().locator("#gen-cost").innerText()).toMatch(/^Costs \d+ credits?; you have 42 credits\.$/);
      }
      await choose("/v1/packs/{pack}/models", ".cost:not(:empty)");
      expect(await page().locator("#gen-cost").innerText()).toBe("Costs 5 credits; you have 42 credits.");
    },
    T,
  );

  test(
    "a texture shows only what its mode uses and starts at 16 px; an item's defaults are filled in",
    async () => {
      await choose("/v1/packs/{pack}/textures", "#gen-mode");
      expect(await labelOf("gen-mode")).toContain("Replace a game texture, or make a new one?");
      // Size is required and the server has no default: the form starts at the game's own 16 px, not blank.
      expect(await page().inputValue("#gen-size")).toBe("16");
      await page().selectOption("#gen-mode", "vanilla");
      expect([await visible("#gen-vanillaTarget"), await visible("#gen-description")]).toEqual([true, false]);
      expect(await labelOf("gen-vanillaTarget")).toBe("Game texture to replace");
      await page().selectOption("#gen-mode", "custom");
      expect([await visible("#gen-vanillaTarget"), await visible("#gen-description")]).toEqual([false, true]);

      await choose("/v1/packs/{pack}/items", "#gen-shape");
      expect(await page().inputValue("#gen-size")).toBe("16");
      expect(await page().inputValue("#gen-shape")).toBe("sprite");
      await choose("/v1/packs/{pack}/models", "#gen-carrierKind");
      expect(await visible("#gen-carrierBlockId")).toBe(false);
      await page().selectOption("#gen-carrierKind", "full");
      expect(await visible("#gen-carrierBlockId")).toBe(true);
    },
    T,
  );

  test(
    "the game's names are suggested as you type: block textures, items, blocks, sound events",
    async () => {
      await choose("/v1/packs/{pack}/textures", "#gen-mode");
      await page().selectOption("#gen-mode", "vanilla");
      await suggests("#gen-vanillaTarget", "oak_lo", "oak_log");
      await screenshot(page(), "generate-form");
      expect(await axeFindings(page())).toEqual([]);
      await choose("/v1/packs/{pack}/items", "#gen-shape");
      await suggests("#gen-target", "diamond_sw", "diamond_sword");
      await choose("/v1/packs/{pack}/models", "#gen-carrierKind");
      await page().selectOption("#gen-carrierKind", "partial");
      await suggests("#gen-carrierBlockId", "barr", "barrel");
      await choose("/v1/packs/{pack}/sounds", "#gen-event");
      await suggests("#gen-event", "experience_orb", "entity.experience_orb.pickup");
    },
    T,
  );

  test(
    "upload: the file's type decides which options show",
    async () => {
      await page().click("nav.tabs >> text=Upload");
      await page().waitForSelector("#up-type");
      await page().click("summary");
      expect([await visible("#up-event"), await visible("#up-size")]).toEqual([false, false]);
      await page().selectOption("#up-type", "sound");
      expect([await visible("#up-event"), await visible("#up-size")]).toEqual([true, false]);
      await suggests("#up-event", "note_block.bel", "block.note_block.bell");
      await page().selectOption("#up-type", "block");
      expect([await visible("#up-event"), await visible("#up-size")]).toEqual([false, true]);
      expect(await labelOf("up-size")).toBe("Resize to (pixels)");
      expect(await axeFindings(page())).toEqual([]);
      expect(br.problems).toEqual([]);
    },
    T,
  );
});
