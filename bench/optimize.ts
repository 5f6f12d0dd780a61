/**
 * optimize=true against the classic pipeline, per corpus pack, in the same run.
 * Run: bun bench/optimize.ts   (needs Debian's optipng and zip: apt-get install -y optipng zip)
 *
 * For each pack of ../shared/corpus/packs: import it into a real server (2 workers), export it plainly, and
 * - ours: `GET /export?optimize=true`, cold (the optimiser's PNG cache emptied), timed; then a second cold run
 *   whose bytes must be identical;
 * - baseline: the plain export's tree extracted to a folder, `optipng -o2 -quiet` on every PNG, then
 *   `zip -9 -X -r -q` of the tree; timed (optipng runs one file at a time, as a script would).
 * Target (issue 25): ours no larger than the baseline, and byte-identical on the second run.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { unzipSync } from "fflate";
import { loadConfig } from "../src/config.ts";
import { startServer } from "../src/listen.ts";
import { createAccount } from "../src/core/accounts.ts";
import { createKey } from "../src/core/keys.ts";
import { forgetOptimizedPngs } from "../src/export/optimize.ts";

const PACKS = join(import.meta.dir, "../../shared/corpus/packs");
for (const tool of ["optipng", "zip"]) {
  try {
    execFileSync("which", [tool], { stdio: "ignore" });
  } catch {
    console.error(`${tool} is missing: apt-get install -y optipng zip`);
    process.exit(2);
  }
}

const dir = mkdtempSync(join(tmpdir(), "packsmith-bench-optimize-"));
const server = await startServer(
  loadConfig({ port: "0", data: join(dir, "data"), workers: "2", "rate-reads": "100000", "rate-writes": "100000" }, {}),
);
const account = await createAccount(server.svc.db, "bench", "pro", 0);
const key = (await createKey(server.svc.db, account.id, "rest")).key;
const call = (method: string, path: string, body?: unknown) =>
  fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

async function importPack(zip: Uint8Array): Promise<string> {
  const accepted = (await (
    await call("POST", "/v1/imports", { file: { base64: Buffer.from(zip).toString("base64") } })
  ).json()) as any;
  for (;;) {
    const job = (await (await call("GET", `/v1/jobs/${encodeURIComponent(accepted.job)}`)).json()) as any;
    if (job.status === "ready") return accepted.pack.slug;
    if (job.status === "error") throw new Error(`import failed: ${job.error}`);
    await Bun.sleep(200);
  }
}

async function exported(slug: string, optimize: boolean): Promise<Uint8Array> {
  const res = await call("GET", `/v1/packs/${slug}/export${optimize ? "?optimize=true" : ""}`);
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}

function baseline(plainZip: Uint8Array, name: string): { bytes: number; ms: number } {
  const tree = join(dir, `tree-${name}`);
  for (const [path, data] of Object.entries(unzipSync(plainZip))) {
    if (path.endsWith("/")) continue;
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), data);
  }
  const pngs = execFileSync("find", [tree, "-type", "f", "-iname", "*.png"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  const out = join(dir, `${name}-baseline.zip`);
  const t = performance.now();
  let refused = 0;
  for (const png of pngs) {
    try {
      execFileSync("optipng", ["-o2", "-quiet", png], { stdio: "ignore" });
    } catch {
      refused++; // optipng leaves a file it cannot read (a bad CRC the game tolerates) as it was
    }
  }
  if (refused) console.log(`  (${name}: optipng refused ${refused} of ${pngs.length} PNGs; they stay as they were)`);
  execFileSync("zip", ["-9", "-X", "-r", "-q", out, "."], { cwd: tree });
  return { bytes: statSync(out).size, ms: performance.now() - t };
}

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
const rows: string[] = [];
let allOk = true;
for (const file of readdirSync(PACKS)
  .filter((f) => f.endsWith(".zip"))
  .sort()) {
  const slug = await importPack(new Uint8Array(readFileSync(join(PACKS, file))));
  const plain = await exported(slug, false);
  forgetOptimizedPngs();
  const t = performance.now();
  const ours = await exported(slug, true);
  const oursMs = performance.now() - t;
  forgetOptimizedPngs();
  const again = await exported(slug, true);
  const identical = Buffer.compare(Buffer.from(ours), Buffer.from(again)) === 0;
  const base = baseline(plain, slug);
  const ok = ours.length <= base.bytes && identical;
  allOk &&= ok;
  rows.push(
    `| ${file} | ${mib(plain.length)} | ${mib(ours.length)} (${(oursMs / 1000).toFixed(1)} s) | ${mib(base.bytes)} (${(base.ms / 1000).toFixed(1)} s) | ${((ours.length / base.bytes) * 100).toFixed(1)}% | ${identical ? "yes" : "NO"} |`,
  );
  console.log(rows[rows.length - 1]);
}
console.log(
  "\n| pack | plain export | optimize=true (time) | optipng -o2 + zip -9 -X (time) | ours / baseline | 2nd run identical |",
);
console.log("|---|---|---|---|---|---|");
for (const r of rows) console.log(r);
console.log(allOk ? "\nevery pack: no larger than the baseline, byte-identical on a second run" : "\nTARGET MISSED");
await server.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(allOk ? 0 : 1);
