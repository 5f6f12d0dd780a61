/**
 * Real public packs through Packsmith and back: import each pack of the shared corpus, export it for the
 * same version, and compare the two zips file by file. Every resource file must be in the export; it comes
 * back as it was when its bytes are the same, or its JSON is equal, or (PNG) its pixels are, and a file that
 * changed must be named in the export's report with a reason (`rewritten`). The pack checker (src/pack/check)
 * run on both zips for the pack's version finds no error in the export that the pack did not already have.
 * A model pointing at a file the pack lacks is kept and listed under `brokenReferences`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { waitJob } from "../../support/jobs.ts";
import { CORPUS } from "../../support/corpus.ts";
import { decodePng } from "../../../src/media/png-decode.ts";
import { REPORT_PATH } from "../../../src/export/report.ts";
import { findPackRoot } from "../../../src/pack/import-plan.ts";
import { isSourceOrJunk } from "../../../src/pack/import-paths.ts";
import { checkPackZip } from "../../../src/pack/check/index.ts";

const PACKS = join(CORPUS, "packs");
const hasCorpus = existsSync(PACKS);
const T = 120_000;

let ts: TestServer;
let key = "";
beforeAll(async () => {
  if (!hasCorpus) return;
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("round-trip", { plan: "pro", credits: 0 })).key;
});
afterAll(async () => {
  await ts?.close();
});

const utf8 = new TextDecoder();

/** Same bytes, else equal JSON, else equal pixels. */
function sameContent(path: string, a: Uint8Array, b: Uint8Array): boolean {
  if (Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0) return true;
  if (/\.(json|mcmeta)$/i.test(path)) {
    try {
      return Bun.deepEquals(JSON.parse(utf8.decode(a)), JSON.parse(utf8.decode(b)));
    } catch {
      return false;
    }
  }
  if (/\.png$/i.test(path)) {
    try {
      const [x, y] = [decodePng(a), decodePng(b)];
      return x.width === y.width && x.height === y.height && Buffer.compare(x.data, y.data) === 0;
    } catch {
      return false;
    }
  }
  return false;
}

async function roundTrip(zipPath: string) {
  const bytes = readFileSync(zipPath);
  const res = await ts.call("POST", "/v1/imports", {
    key,
    body: { file: { base64: bytes.toString("base64") } },
  });
  expect(res.status).toBe(202);
  const accepted = (await res.json()) as any;
  await waitJob(ts, key, accepted.job, 90_000);
  const exp = await ts.call("GET", `/v1/packs/${accepted.pack.slug}/export`, { key });
  expect(exp.status).toBe(200);
  const exported = new Uint8Array(await exp.arrayBuffer());
  const out = unzipSync(exported);
  const input = unzipSync(new Uint8Array(bytes));
  const names = Object.keys(input).filter((n) => !n.endsWith("/"));
  const root = findPackRoot(names);
  const report = JSON.parse(utf8.decode(out[REPORT_PATH])) as any;
  const rewritten = new Set<string>((report.rewritten ?? []).map((r: any) => r.path));
  const resource = names.filter((n) => n.startsWith(root) && !isSourceOrJunk(n.slice(root.length)));
  const back: string[] = [];
  const changed: string[] = [];
  const missing: string[] = [];
  for (const n of resource) {
    const rel = n.slice(root.length);
    if (!out[rel]) missing.push(rel);
    else if (sameContent(rel, input[n], out[rel])) back.push(rel);
    else changed.push(rel);
  }
  // Errors by rule and path: the export's must all be errors the pack came with.
  const version = accepted.minecraftVersion;
  const errorsOf = (zip: Uint8Array) =>
    new Set(checkPackZip(zip, { version, decodeTextures: false }).errors.map((f) => `${f.rule} ${f.path}`));
  const before = errorsOf(new Uint8Array(bytes));
  const newErrors = [...errorsOf(exported)].filter((e) => !before.has(e));
  return { report, resource, back, changed, missing, rewritten, newErrors, errorsBefore: before.size };
}

describe.skipIf(!hasCorpus)("corpus packs come back whole", () => {
  const zips = hasCorpus ? readdirSync(PACKS).filter((f) => f.endsWith(".zip")) : [];
  const totals = { present: 0, back: 0, resource: 0, newErrors: 0 };
  for (const zip of zips)
    test(
      zip,
      async () => {
        const r = await roundTrip(join(PACKS, zip));
        totals.present += r.resource.length - r.missing.length;
        totals.back += r.back.length;
        totals.resource += r.resource.length;
        totals.newErrors += r.newErrors.length;
        console.log(
          `${zip}: ${r.resource.length - r.missing.length} of ${r.resource.length} resource files present, ` +
            `${r.back.length} as they came` +
            (r.changed.length ? ` (rewritten with a reason: ${r.changed.join(", ")})` : "") +
            `; checker errors before ${r.errorsBefore}, new ${r.newErrors.length}; ` +
            `broken references reported ${r.report.brokenReferences.length}`,
        );
        expect(r.missing).toEqual([]);
        // Whatever did not come back as it was is named in packsmith-export.json with its reason.
        expect(r.changed.filter((p) => !r.rewritten.has(p))).toEqual([]);
        expect(r.newErrors).toEqual([]);
        // Nothing is left out for its references any more.
        expect(r.report.notKept).toEqual([]);
        expect(r.report.leftOut).toEqual([]);
      },
      T,
    );
  test("over the whole corpus, every resource file is present and no new checker error appears", () => {
    console.log(
      `corpus: ${totals.present} of ${totals.resource} resource files present, ${totals.back} as they came, ` +
        `${totals.newErrors} new checker errors`,
    );
    expect(totals.resource).toBeGreaterThan(0);
    expect(totals.present).toBe(totals.resource);
    expect(totals.newErrors).toBe(0);
  });
});

describe.skipIf(!hasCorpus)("a model pointing at a missing texture", () => {
  test("Blanktopia's red backpack is exported as it came and named under brokenReferences", async () => {
    const r = await roundTrip(join(PACKS, "blanktopia-1.17.zip"));
    const path = "assets/blanktopia/models/cosmetics/red_backpack.json";
    expect(r.back).toContain(path);
    const warning = r.report.brokenReferences.find((b: any) => b.path === path);
    expect(warning?.reference).toStartWith("texture ");
    expect(warning?.detail).toContain("missing texture");
  });
});
