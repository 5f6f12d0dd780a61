import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { unzipSync, strFromU8, zipSync } from "fflate";
import { startTestServer, type TestServer } from "../support/server.ts";
import { waitJob } from "../support/jobs.ts";
import { encodePng, newRgba } from "../../src/media/png.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import {
  HAVE_CHROMIUM,
  openBrowser,
  screenshot,
  axeFindings,
  unreachableByTab,
  blobBytes,
  tabTo,
  type Browser,
} from "./browser.ts";

/**
 * The studio driven end to end in headless Chromium against a real server: every step goes through the
 * page (keyboard where it matters), and what the page shows is checked against the API and the bytes.
 */
/**
 * A small pack made here (the studio's import is what is tested; real packs go through test/api/imports): textures,
 * one in a sub-folder (a name with '/'), a model, a README that stays out, and no pack.mcmeta, which warns.
 */
function packToImport(): Uint8Array {
  const tile = (r: number, g: number, b: number) => {
    const img = newRgba(16, 16);
    for (let i = 0; i < 256; i++) img.data.set([r + (i % 7) * 3, g, b + (i % 5) * 4, 255], i * 4);
    return encodePng(img);
  };
  const text = (v: string) => new TextEncoder().encode(v);
  return zipSync({
    "assets/minecraft/textures/block/stone.png": tile(120, 120, 120),
    "assets/minecraft/textures/block/custom/ruby_tile.png": tile(190, 30, 50),
    "assets/minecraft/textures/item/apple.png": tile(200, 40, 40),
    "assets/minecraft/models/block/ruby_tile.json": text(
      JSON.stringify({ parent: "minecraft:block/cube_all", textures: { all: "minecraft:block/custom/ruby_tile" } }),
    ),
    "README.md": text("# A pack made by the studio test"),
  });
}
const T = 60_000;

let ts: TestServer;
let br: Browser;
let key: string;
let slug = "";
let _accountId: number;
/** Generation jobs the test holds back (it wraps the engine's scheduler) so "generating" can be seen. */

const page = () => br.page;
const text = (sel: string) => page().locator(sel).first().innerText();

function rubyPng(): Buffer {
  const img = newRgba(16, 16);
  for (let y = 0; y < 16; y++)
    for (let x = 0; x < 16; x++) {
      const d = Math.abs(x - 7.5) + Math.abs(y - 7.5);
      if (d < 7) img.data.set([200 - d * 12, 20, 60 + d * 6, 255], (y * 16 + x) * 4);
    }
  return Buffer.from(encodePng(img));
}

/** axe-core finds nothing serious, and Tab reaches every control on the page. */
async function expectAccessible(name: string): Promise<void> {
  const findings = await axeFindings(page());
  expect({ page: name, findings }).toEqual({ page: name, findings: [] });
  expect({ page: name, unreachable: await unreachableByTab(page()) }).toEqual({ page: name, unreachable: [] });
}

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  ts = await startTestServer({ workers: "2" });
  const a = await ts.account("studio-user", { plan: "creator", credits: 200 });
  key = a.key;
  _accountId = a.id;
  br = await openBrowser();
});

afterAll(async () => {
  await br?.close();
  await ts?.close();
});

/** Jobs accepted while held stay generating until release() (the engine claims nothing while paused). */
function hold(): void {
  ts.engine.pause();
}

function release(): void {
  void ts.engine.resume();
}

describe.skipIf(!HAVE_CHROMIUM)("web studio in Chromium", () => {
  test(
    "GET / serves the page; without a key it asks for one; a wrong key is refused with its message",
    async () => {
      await page().goto(ts.url + "/");
      await page().waitForSelector("#api-key");
      expect(page().url()).toEndWith("#/signin");
      await page().fill("#api-key", "ps_rest_not_a_real_key");
      await page().keyboard.press("Enter");
      await page().waitForSelector(".error:has-text('invalid_api_key')");
      await page().fill("#api-key", "");
      await screenshot(page(), "sign-in");
      await expectAccessible("sign-in");
    },
    T,
  );

  test(
    "sign in with the keyboard alone; the key is kept in the browser's storage",
    async () => {
      await page().reload();
      await page().waitForSelector("#api-key");
      await tabTo(page(), "#api-key");
      await page().keyboard.type(key);
      await page().keyboard.press("Enter");
      await page().waitForSelector("h1:has-text('Packs')");
      expect(await page().evaluate(() => localStorage.getItem("packsmith.apiKey"))).toBe(key);
      expect(await text(".who-name")).toContain("studio-user");
      expect(await text(".who-name")).toContain("200 credits");
    },
    T,
  );

  test(
    "create a pack with the keyboard; the pack page shows its versions",
    async () => {
      await tabTo(page(), "#pack-name");
      await page().keyboard.type("Studio Test");
      await page().keyboard.press("Enter");
      await page().waitForSelector("#export-button");
      slug = decodeURIComponent(page().url().split("#/packs/")[1]);
      const { pack } = (await (await ts.call("GET", `/v1/packs/${slug}`, { key })).json()) as any;
      expect(pack.name).toBe("Studio Test");
      expect(await text("#pack-mc-version")).toBe(pack.minecraftVersion);
      // A new pack is empty: nothing in it needs a particular version.
      expect(await text("#pack-min-version")).toBe("any version (the pack is empty)");
    },
    T,
  );

  test(
    "generate: a refused body shows the server's message; a texture is generated, watched and drawn",
    async () => {
      await page().click("nav.tabs >> text=Generate");
      await page().waitForSelector("#gen-prompt");
      // The form mirrors the REST body: the enum as a select (its answers
      // in a pack maker's words, the values the REST body takes underneath.
      expect(await page().locator("#gen-mode option").allInnerTexts()).toEqual([
        "replace a game texture",
        "make a new texture",
      ]);
      expect(
        await page()
          .locator("#gen-mode option")
          .evaluateAll((os: HTMLOptionElement[]) => os.map((o) => o.value)),
      ).toEqual(["vanilla", "custom"]);
      expect(await page().getAttribute("#gen-size", "min")).toBe("16");
      expect(await page().getAttribute("#gen-size", "max")).toBe("128");
      // One form per generation operation, each with a control for every body field of its OpenAPI entry.
      const doc = (await (await ts.call("GET", "/openapi.json")).json()) as any;
      const ops = Object.entries(doc.paths as Record<string, any>).filter(([, p]) =>
        p.post?.tags?.includes("generation"),
      );
      expect(await page().locator("#gen-kind option").count()).toBe(ops.length);
      for (const [path, item] of ops) {
        await page().selectOption("#gen-kind", path);
        const fields = Object.keys(item.post.requestBody.content["application/json"].schema.properties);
        await page().waitForFunction((n) => document.querySelectorAll(".gen-form .field").length === n, fields.length);
        for (const f of fields)
          expect(await page().locator(`.gen-form [name="${f}"], #gen-${f}`).count()).toBeGreaterThan(0);
      }
      await page().selectOption("#gen-kind", "/v1/packs/{pack}/textures");
      await page().waitForSelector("#gen-mode");
      await page().fill("#gen-prompt", "mossy cobblestone");
      await page().fill("#gen-size", "16");
      await page().selectOption("#gen-mode", "vanilla");
      await page().click("form.gen-form button[type=submit]");
      await page().waitForSelector(".gen-form .error:has-text('vanillaTarget is required')");

      await page().selectOption("#gen-mode", "custom");
      await page().fill("#gen-description", "mossy cobblestone");
      await page().fill("#gen-seed", "7");
      hold();
      await page().click("form.gen-form button[type=submit]");
      await page().waitForSelector(".watch .badge-generating");
      await screenshot(page(), "generate-running");
      release();
      await page().waitForSelector(".watch .badge-ready", { timeout: 30_000 });
      const tile = page().locator(".watch .tiled");
      await tile.waitFor();
      const bg = await tile.evaluate((el) => getComputedStyle(el).backgroundImage);
      const png = decodePng(await blobBytes(page(), /url\("(.+)"\)/.exec(bg)![1]));
      expect([png.width, png.height]).toEqual([16, 16]);
      // Drawn tiled 3x3 at 4x: 64 px tiles in a 192 px square, pixelated.
      expect(
        await tile.evaluate((el) => [
          el.clientWidth,
          getComputedStyle(el).backgroundSize,
          getComputedStyle(el).imageRendering,
        ]),
      ).toEqual([192, "64px 64px", "pixelated"]);
      const api = (await (await ts.call("GET", `/v1/packs/${slug}/assets?kind=texture`, { key })).json()) as any;
      expect(api.assets.map((a: any) => [a.name, a.status])).toEqual([["mossy_cobblestone", "ready"]]);
      await page().evaluate(() => window.scrollTo(0, 0));
      await screenshot(page(), "generate");
      await expectAccessible("generate");
    },
    T,
  );

  test(
    "upload a PNG by file input: stored as an item sprite and drawn at 8x",
    async () => {
      await page().click("nav.tabs >> text=Upload");
      await page().waitForSelector("#up-type");
      await page().selectOption("#up-type", "item");
      await page().fill("#up-name", "Ruby");
      await page().setInputFiles(".drop input[type=file]", {
        name: "ruby.png",
        mimeType: "image/png",
        buffer: rubyPng(),
      });
      await page().waitForSelector(".status:has-text('Uploaded ruby.png')");
      const img = page().locator("[aria-label=Uploaded] img");
      await img.waitFor();
      expect(await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.width, el.height])).toEqual([
        16, 128, 128,
      ]);
      const file = await ts.call("GET", `/v1/packs/${slug}/assets/texture/item:ruby`, { key });
      expect(Buffer.from(await file.arrayBuffer()).equals(rubyPng())).toBe(true);
      await page().evaluate(() => window.scrollTo(0, 0));
      await screenshot(page(), "upload");
      await expectAccessible("upload");
    },
    T,
  );

  test(
    "merge a pack zip into this one: the job's report shows counts and the paths that were not simply added",
    async () => {
      const u8 = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));
      const zip = zipSync({
        "pack.mcmeta": u8({ pack: { pack_format: 15, description: "merged" } }),
        "assets/other/lang/en_us.json": u8({ "k.a": "A" }),
        "assets/other/textures/block/gem.png": rubyPng(),
      });
      await page().setInputFiles("#merge-file", {
        name: "other.zip",
        mimeType: "application/zip",
        buffer: Buffer.from(zip),
      });
      await page().selectOption("#merge-priority", "over");
      await page().click("#merge-button");
      await page().waitForSelector("#merge-counts", { timeout: 30_000 });
      expect(await page().locator("#merge-counts").innerText()).toContain("added");
    },
    T,
  );

  test("asset grid: previews per kind, filter by kind, badges that change while a job runs", async () => {
    const gen = async (path: string, body: object) => {
      const res = await ts.call("POST", `/v1/packs/${slug}/${path}`, { key, body: { seed: 3, ...body } });
      expect(res.status).toBe(202);
      return ((await res.json()) as any).job as string;
    };
    const jobs = [
      await gen("models", { prompt: "oak barrel", name: "Barrel" }),
      await gen("sounds", { prompt: "coin pickup", event: "entity.experience_orb.pickup", durationSeconds: 0.5 }),
      await gen("guis", { prompt: "mossy stone", target: "furnace" }),
      await gen("icons", { prompt: "red heart", name: "heart" }),
    ];
    for (const j of jobs) expect((await waitJob(ts, key, j, 60_000)).status).toBe("ready");
    hold();
    const late = await gen("textures", {
      prompt: "cracked sandstone",
      size: 16,
      mode: "custom",
      description: "cracked sandstone",
      name: "Sandstone",
    });
    // Image previews come with their page (GET …/thumbnails), not one request per card. (A model card's 3D
    // view still loads its own textures, model:… names.)
    const imageFiles: string[] = [];
    const thumbnailPages: string[] = [];
    const onRequest = (r: { url(): string }) => {
      const u = r.url();
      if (/\/assets\/(texture|font)\/(?!model%3A)/.test(u)) imageFiles.push(u);
      if (u.includes("/thumbnails")) thumbnailPages.push(u);
    };
    page().on("request", onRequest);
    await page().click("nav.tabs >> text=Assets");
    const lateCard = page().locator(`[data-asset="${late}"]`);
    await lateCard.locator(".badge-generating").waitFor();
    release();
    // The same page, not reloaded: its poll turns the badge ready and draws the preview.
    await lateCard.locator(".badge-ready").waitFor({ timeout: 30_000 });
    await page().locator(`[data-asset="${late}"] .tiled`).waitFor();
    page().off("request", onRequest);
    expect(imageFiles).toEqual([]);
    expect(thumbnailPages.length).toBeGreaterThanOrEqual(1);

    await page().locator("canvas.model").first().waitFor();
    await page().locator("audio").first().waitFor();
    const gui = page().locator(`[data-asset="${slug}:texture:gui:furnace"] img`);
    await gui.waitFor();
    expect(await gui.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([256, 256]);
    const glyph = page().locator(`[data-asset="${slug}:font:heart"] img`);
    await glyph.waitFor();
    expect(await glyph.evaluate((el: HTMLImageElement) => el.width / el.naturalWidth)).toBe(8);
    // The model canvas is drawn (not blank) and turns with the keyboard.
    const canvas = page().locator(`[data-asset="${slug}:model:barrel"] canvas`);
    const pixels = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    const before = await pixels();
    const opaque = await canvas.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
      return n;
    });
    expect(opaque).toBeGreaterThan(1000);
    await canvas.focus();
    await page().keyboard.press("ArrowRight");
    expect(await pixels()).not.toBe(before);
    await screenshot(page(), "pack-assets");
    await expectAccessible("pack-assets");

    await page().check("input[name=kind][value=sound]");
    await page().waitForFunction(() =>
      [...document.querySelectorAll(".grid [data-asset]")].every((e) =>
        e.getAttribute("data-asset")!.includes(":sound:"),
      ),
    );
    expect(await page().locator(".grid [data-asset]").count()).toBe(1);
    const audio = page().locator("audio");
    expect(await audio.getAttribute("aria-label")).toContain("entity.experience_orb.pickup");
    const ogg = await blobBytes(page(), (await audio.getAttribute("src"))!);
    expect(new TextDecoder().decode(ogg.slice(0, 4))).toBe("OggS");
    await page().check("input[name=kind][value='']");
    await page().locator(`[data-asset="${slug}:model:barrel"]`).waitFor();

    // The detail view: the model bigger, closed with Escape.
    await page().click(`[aria-label="Open Barrel"]`);
    await page().locator("dialog[open] canvas.model").waitFor();
    expect(await page().locator("dialog[open] canvas.model").getAttribute("width")).toBe("320");
    await screenshot(page(), "asset-detail");
    await page().keyboard.press("Escape");
    await page().locator("dialog[open]").waitFor({ state: "detached" });
  }, 120_000);

  test(
    "style guide: palette, notes and switch saved; a reference image gives a referenceId the generate form offers",
    async () => {
      await page().click("nav.tabs >> text=Style guide");
      await page().waitForSelector("#style-notes");
      await page().click("text=Add colour");
      await page().locator("#swatch-3").fill("#aa3311");
      await page().fill("#style-notes", "Weathered, earthy, low contrast.");
      // The before/after: each sample as painted, and locked to the palette on the page (redrawn on every change).
      await page().selectOption("#style-dither", "ordered");
      const lockedColours = await page().evaluate(() => {
        const out = new Set<string>();
        for (const c of document.querySelectorAll<HTMLCanvasElement>(
          ".palette-preview canvas[aria-label$='palette']",
        )) {
          const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
          for (let i = 0; i < d.length; i += 4)
            if (d[i + 3])
              out.add(`#${[d[i], d[i + 1], d[i + 2]].map((v) => v.toString(16).padStart(2, "0")).join("")}`);
        }
        return [...out].sort();
      });
      expect(lockedColours.length).toBeGreaterThan(1);
      for (const c of lockedColours) expect(["#7a4a2b", "#5d8a3a", "#9c9c9c", "#aa3311"]).toContain(c);
      expect(await page().locator(".palette-preview canvas").count()).toBe(6);
      await page().uncheck("#style-enabled");
      await page().click("text=Save style guide");
      await page().waitForSelector(".status:has-text('Saved (4 colours, off)')");
      expect(await page().locator(".swatches code").allInnerTexts()).toEqual([
        "#7a4a2b",
        "#5d8a3a",
        "#9c9c9c",
        "#aa3311",
      ]);
      const g = ((await (await ts.call("GET", `/v1/packs/${slug}/style-guide`, { key })).json()) as any).styleGuide;
      expect(g).toMatchObject({
        palette: ["#7a4a2b", "#5d8a3a", "#9c9c9c", "#aa3311"],
        notes: "Weathered, earthy, low contrast.",
        dither: "ordered",
        enabled: false,
      });

      await page().setInputFiles(".drop input[type=file]", {
        name: "mood.png",
        mimeType: "image/png",
        buffer: rubyPng(),
      });
      await page().waitForSelector(".status:has-text('referenceId ref_')");
      const refId = await text(".refs .ref-id");
      expect(refId).toMatch(/^ref_[0-9a-f]{16}$/);
      await page().evaluate(() => window.scrollTo(0, 0));
      await screenshot(page(), "style-guide");
      await expectAccessible("style-guide");

      await page().click("nav.tabs >> text=Generate");
      await page().waitForSelector("#gen-referenceId");
      expect(await page().locator("#gen-referenceId option").allInnerTexts()).toEqual(["none", `${refId} (16×16)`]);
    },
    T,
  );

  test(
    "export: the download is the pack's zip with the generated and uploaded files",
    async () => {
      const [download] = await Promise.all([page().waitForEvent("download"), page().click("#export-button")]);
      expect(download.suggestedFilename()).toBe(`${slug}.zip`);
      const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
      const names = Object.keys(zip);
      expect(JSON.parse(strFromU8(zip["pack.mcmeta"])).pack).toBeDefined();
      expect(names.some((n) => n.endsWith("/mossy_cobblestone.png"))).toBe(true);
      expect(names.some((n) => n.endsWith("/ruby.png"))).toBe(true);
      const ruby = names.find((n) => n.endsWith("/ruby.png"))!;
      expect(decodePng(zip[ruby]).width).toBe(16);
      await page().waitForSelector(".export .status:has-text('Downloaded')");
      // The size against the game client's 250 MiB limit, with a meter.
      const size = await page().locator("#export-size").innerText();
      expect(size).toContain("of the 250.0 MB a game client accepts");
      expect(await page().locator("#export-size meter").getAttribute("max")).toBe("262144000");
    },
    T,
  );

  test(
    "import a pack by drag and drop: plan (planned, skipped, warnings), then the result",
    async () => {
      await page().click("header nav >> text=Packs");
      await page().waitForSelector("#import-name");
      const b64 = Buffer.from(packToImport()).toString("base64");
      await page().evaluate(async (data) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const dt = new DataTransfer();
        dt.items.add(new File([bytes], "example-pack.zip", { type: "application/zip" }));
        const zone = document.querySelector("[aria-labelledby=import-title] .drop")!;
        for (const type of ["dragenter", "dragover", "drop"])
          zone.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
      }, b64);
      await page().waitForSelector(".import-out h3:has-text('Plan')");
      await page().waitForSelector(".import-result h3:has-text('Result')", { timeout: 30_000 });
      const imported = decodeURIComponent(
        (await page().getAttribute(".import-result a", "href"))!.split("#/packs/")[1],
      );
      const job = (await (await ts.call("GET", `/v1/jobs/${imported}:import`, { key })).json()) as any;
      expect(job.status).toBe("ready");
      const shown = await text(".import-out");
      for (const [type, n] of Object.entries(job.import.imported as Record<string, number>))
        expect(shown).toContain(`${type}\n${n}`);
      expect(await page().locator(".import-out h3").allInnerTexts()).toEqual(["Plan", "Skipped", "Warnings", "Result"]);
      await page().locator(".import-out").scrollIntoViewIfNeeded();
      expect(await page().locator(".pack-card").count()).toBe(2);
      await screenshot(page(), "import");
      await expectAccessible("import");
      await page().click(".import-result a");
      await page().waitForSelector("#export-button");
      await page().locator(".grid [data-status=ready]").first().waitFor();
      // Imported names keep their folders ('/'): every preview still downloads and draws.
      await page().evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page().waitForFunction(() =>
        [...document.querySelectorAll(".grid .preview")].every((p) => p.children.length > 0),
      );
      expect(await page().locator(".grid .preview:has-text('preview unavailable')").count()).toBe(0);
      expect(
        await page()
          .locator(".grid .preview img, .grid .preview .tiled, .grid .preview audio, .grid .preview canvas")
          .count(),
      ).toBe(await page().locator(".grid .preview").count());
    },
    T,
  );

  test(
    "packs list shows both packs",
    async () => {
      await page().click("header nav >> text=Packs");
      await page().waitForSelector(".pack-list");
      expect(await page().locator(".pack-card").count()).toBe(2);
      await screenshot(page(), "packs");
      await expectAccessible("packs");
    },
    T,
  );

  test(
    "account: balance and ledger; create a read-only key (shown once), then revoke it",
    async () => {
      await page().click("header nav >> text=Account");
      await page().waitForSelector("#balance");
      const acct = (await (await ts.call("GET", "/v1/account", { key })).json()) as any;
      expect(await text("#balance")).toBe(String(acct.account.credits));
      expect(acct.account.credits).toBeLessThan(200);
      expect(await page().locator(".ledger tbody tr").count()).toBe(7);
      await page().selectOption("#key-kind", "rest");
      await page().check("#key-readonly");
      await page().click("text=Create key");
      await page().waitForSelector("#new-key");
      const secret = await page().inputValue("#new-key");
      expect(secret).toMatch(/^ps_rest_/);
      expect((await ts.call("GET", "/v1/packs", { key: secret })).status).toBe(200);
      expect((await ts.call("POST", "/v1/packs", { key: secret, body: { name: "nope" } })).status).toBe(403);
      await screenshot(page(), "account");
      await expectAccessible("account");

      const keys = (await (await ts.call("GET", "/v1/account/keys", { key })).json()) as any;
      const created = keys.keys.find((k: any) => k.readOnly);
      await page().click(`[aria-label="Revoke key ${created.id}"]`);
      await page().waitForSelector(`tr[data-key="${created.id}"] .key-state:has-text('revoked')`);
      expect((await ts.call("GET", "/v1/packs", { key: secret })).status).toBe(401);
      // Shown once: after a reload the secret is nowhere on the page.
      await page().reload();
      await page().waitForSelector("#balance");
      expect(await page().content()).not.toContain(secret);
    },
    T,
  );

  test(
    "sign out forgets the key; no page produced a script error or CSP violation",
    async () => {
      await page().click("text=Sign out");
      await page().waitForSelector("#api-key");
      expect(await page().evaluate(() => localStorage.getItem("packsmith.apiKey"))).toBeNull();
      expect(br.problems).toEqual([]);
    },
    T,
  );
});
