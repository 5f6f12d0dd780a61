import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { writeArtifact } from "../support/artifacts.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";

/** Debian's chromium (apt-get install -y chromium); the e2e tests skip, saying so, when it is missing. */
export const CHROMIUM = "/usr/bin/chromium";
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM)
  console.warn(
    `studio e2e tests SKIPPED: ${CHROMIUM} not found (install it with: apt-get update && apt-get install -y chromium)`,
  );

export const ARTIFACTS = join(import.meta.dir, "..", "artifacts", "studio");

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions the page produced (failed fetches the app handles are left out). */
  problems: string[];
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile, no network chatter of its own, 1280x800. */
export async function openBrowser(): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  const profile = mkdtempSync(join(tmpdir(), "packsmith-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    // A 4xx the app asked for and shows (e.g. a pack without a style guide) logs "Failed to load resource".
    if (m.type() === "error" && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return {
    context,
    page,
    problems,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Takes a screenshot (so the page could be drawn); it is kept in test/artifacts/studio only for `bun run artifacts`. */
/** Signs the studio in with `key` (as the sign-in page stores it), then opens `route` (e.g. #/packs/<slug>). */
export async function openSignedIn(page: Page, url: string, key: string, route: string): Promise<void> {
  await page.goto(`${url}/#/signin`);
  await page.evaluate((v) => localStorage.setItem("packsmith.apiKey", v), key);
  await page.goto(`${url}/${route}`);
}

export async function screenshot(page: Page, name: string): Promise<Uint8Array> {
  const png = new Uint8Array(await page.screenshot());
  writeArtifact(`studio/${name}.png`, png);
  return png;
}

const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** Runs axe-core in the page (WCAG 2.x A/AA rules) and returns the serious and critical findings. */
export async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate("typeof window.axe"))!.toString().startsWith("object")) await page.evaluate(AXE);
  const results: any = await page.evaluate(
    `axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } })`,
  );
  return results.violations
    .filter((v: any) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v: any) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n: any) => n.target.join(" "))
          .join(", ")}`,
    );
}

/**
 * Presses Tab through the whole page and returns the visible, enabled controls it never reached
 * (described by tag, id and text), so a control a mouse can use but the keyboard cannot fails the test.
 */
export async function unreachableByTab(page: Page): Promise<string[]> {
  const total: number = await page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary, [tabindex]"),
    ].filter(
      (el) =>
        el.tabIndex >= 0 &&
        !(el as HTMLButtonElement).disabled &&
        el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) &&
        // A radio group is one Tab stop; the arrow keys move inside it.
        !(el instanceof HTMLInputElement && el.type === "radio" && !el.checked),
    );
    controls.forEach((el, i) => el.setAttribute("data-kb", String(i)));
    (window as any).__reached = new Set<string>();
    document.addEventListener("focusin", (e) =>
      (window as any).__reached.add((e.target as HTMLElement).getAttribute("data-kb")),
    );
    (document.activeElement as HTMLElement | null)?.blur();
    return controls.length;
  });
  // Media elements hold several Tab stops of their own (play, mute, volume…), so allow for them.
  const extra = await page.locator("audio[controls]").count();
  for (let i = 0; i < total + 5 * extra + 3; i++) await page.keyboard.press("Tab");
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-kb]")]
      .filter((el) => !(window as any).__reached.has(el.getAttribute("data-kb")))
      .map((el) => `${el.tagName.toLowerCase()}#${el.id} ${el.textContent?.trim().slice(0, 30) ?? ""}`),
  );
}

/** Bytes behind a blob: URL the page made (its previews), read inside the page. */
export async function blobBytes(page: Page, url: string): Promise<Uint8Array> {
  const b64: string = await page.evaluate(async (u) => {
    const buf = new Uint8Array(await (await fetch(u)).arrayBuffer());
    let s = "";
    for (const c of buf) s += String.fromCharCode(c);
    return btoa(s);
  }, url);
  return new Uint8Array(Buffer.from(b64, "base64"));
}

/** Tabs until the element matching `selector` has focus (the page must be operable without a mouse). */
export async function tabTo(page: Page, selector: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${selector} never received focus in ${max} tabs`);
}
