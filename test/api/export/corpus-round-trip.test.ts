/**
 * Real public packs through Packsmith and back: import each pack of the shared corpus, export it for the
 * same version, and compare the two zips file by file. A resource file comes back when its bytes are the
 * same, or its JSON is equal, or (PNG) its pixels are; every other file must be named in the export's
 * report with a reason. No exported model may point at a texture or parent that is neither in the zip
 * nor vanilla's.
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

/** Models whose parent or textures in a pack namespace (not minecraft's) are missing from the zip. */
function brokenReferences(zip: Record<string, Uint8Array>): string[] {
  const broken: string[] = [];
  const id = (ref: string) => (ref.includes(":") ? ref.split(":") : ["minecraft", ref]);
  for (const [path, bytes] of Object.entries(zip)) {
    if (!/^(?:[^/]+\/)?assets\/[^/]+\/models\/.+\.json$/.test(path)) continue;
    const prefix = path.startsWith("assets/") ? "" : path.slice(0, path.indexOf("/") + 1);
    let model: any;
    try {
      model = JSON.parse(utf8.decode(bytes));
    } catch {
      continue;
    }
    const has = (p: string) => !!zip[prefix + p] || !!zip[p];
    if (typeof model.parent === "string" && !model.parent.startsWith("builtin/")) {
      const [ns, p] = id(model.parent);
      if (ns !== "minecraft" && !has(`assets/${ns}/models/${p}.json`)) broken.push(`${path} -> ${model.parent}`);
    }
    for (const ref of Object.values(model.textures ?? {}) as unknown[]) {
      if (typeof ref !== "string" || ref.startsWith("#")) continue;
      const [ns, p] = id(ref);
      if (ns !== "minecraft" && !has(`assets/${ns}/textures/${p}.png`)) broken.push(`${path} -> ${ref}`);
    }
  }
  return broken;
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
  const out = unzipSync(new Uint8Array(await exp.arrayBuffer()));
  const input = unzipSync(new Uint8Array(bytes));
  const names = Object.keys(input).filter((n) => !n.endsWith("/"));
  const root = findPackRoot(names);
  const report = JSON.parse(utf8.decode(out[REPORT_PATH])) as any;
  const reported = new Set<string>(
    [...(report.notKept ?? []), ...(report.rewritten ?? []), ...(report.leftOut ?? [])]
      .map((r: any) => r.path)
      .filter(Boolean),
  );
  const resource = names.filter((n) => n.startsWith(root) && !isSourceOrJunk(n.slice(root.length)));
  const back: string[] = [];
  const lost: string[] = [];
  for (const n of resource) {
    const rel = n.slice(root.length);
    if (out[rel] && sameContent(rel, input[n], out[rel])) back.push(rel);
    else lost.push(rel);
  }
  return { out, resource, back, lost, reported, slug: accepted.pack.slug };
}

describe.skipIf(!hasCorpus)("corpus packs come back whole", () => {
  const zips = hasCorpus ? readdirSync(PACKS).filter((f) => f.endsWith(".zip")) : [];
  const totals = { back: 0, resource: 0 };
  for (const zip of zips)
    test(
      zip,
      async () => {
        const r = await roundTrip(join(PACKS, zip));
        totals.back += r.back.length;
        totals.resource += r.resource.length;
        const share = ((r.back.length / r.resource.length) * 100).toFixed(1);
        console.log(
          `${zip}: ${r.back.length} of ${r.resource.length} resource files back (${share}%)` +
            (r.lost.length ? `; changed, each with its reason in the report: ${r.lost.join(", ")}` : ""),
        );
        // No exported model points at a texture or parent of a pack namespace that is not in the zip.
        expect(brokenReferences(r.out)).toEqual([]);
        // Whatever did not come back as it was is named in packsmith-export.json with its reason.
        expect(r.lost.filter((p) => !r.reported.has(p))).toEqual([]);
        expect(r.back.length).toBeGreaterThanOrEqual(r.resource.length - 1);
      },
      T,
    );
  test("over the whole corpus, at least 99% of the resource files come back", () => {
    console.log(`corpus: ${totals.back} of ${totals.resource} resource files back`);
    expect(totals.resource).toBeGreaterThan(0);
    expect(totals.back / totals.resource).toBeGreaterThanOrEqual(0.99);
  });
});
