import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../support/server.ts";
import { buildStudio, BUNDLE } from "../../src/studio/build.ts";
import { STUDIO_FILES } from "../../src/studio/serve.ts";

const STUDIO = join(import.meta.dir, "..", "..", "src", "studio");

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe("studio assets", () => {
  test("the committed bundle is what src/studio/build.ts makes from client/ (run it after editing client/)", async () => {
    expect(readFileSync(BUNDLE, "utf8") === (await buildStudio())).toBe(true);
  });

  test("script and style together stay under the 300 KB budget, before compression", () => {
    const total = STUDIO_FILES.reduce((n, f) => n + Buffer.byteLength(f.body), 0);
    expect(STUDIO_FILES.map((f) => f.path)).toEqual(["/", "/studio/app.js", "/studio/style.css"]);
    expect(total).toBeLessThan(300 * 1024);
  });

  test("nothing is loaded from another host (works on a LAN without internet)", () => {
    for (const f of STUDIO_FILES)
      expect({
        path: f.path,
        external: f.body.match(/(?:src|href|url)\s*[=(]\s*["']?(?:https?:)?\/\/[^"')\s]+/g),
      }).toEqual({ path: f.path, external: null });
    const html = readFileSync(join(STUDIO, "index.html"), "utf8");
    expect([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).sort()).toEqual(
      [
        "#main",
        "#/account",
        "#/packs",
        "#/packs",
        "/docs",
        "/openapi.json",
        "/studio/app.js",
        "/studio/style.css",
        "data:,",
      ].sort(),
    );
  });

  test("GET / and its assets are served with types, a CSP and ETag revalidation; no key needed", async () => {
    for (const f of STUDIO_FILES) {
      const res = await ts.call("GET", f.path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(f.type);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await res.text()).toBe(f.body);
      const again = await ts.call("GET", f.path, { headers: { "if-none-match": res.headers.get("etag")! } });
      expect(again.status).toBe(304);
    }
    const page = await ts.call("GET", "/");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(await page.text()).toBe(readFileSync(join(STUDIO, "index.html"), "utf8"));
    expect(await (await ts.call("GET", "/studio/app.js")).text()).toBe(readFileSync(BUNDLE, "utf8"));
  });
});
