/**
 * Resident memory of the server alone while it imports a large pack: the server runs as its own process
 * (`bun src/main.ts serve`) and VmRSS / RssAnon are read from /proc every 50 ms, so this process's own copy of the
 * pack does not count. Issue 17's target: under 300 MB for a Dokucraft-size pack.
 *
 *   bun bench/import-memory.ts [--files 13604]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseFlags } from "../src/config.ts";
import { BIG_PACK_FILES, bigPackZip } from "../test/support/big-pack.ts";

const { flags } = parseFlags(process.argv.slice(2));
const files = Number(flags.files ?? 13604);
const zip = await bigPackZip(undefined, files / BIG_PACK_FILES);
const data = mkdtempSync(join(tmpdir(), "packsmith-import-memory-"));
const main = join(import.meta.dir, "..", "src", "main.ts");
const cli = (...args: string[]) =>
  Bun.spawnSync(["bun", main, ...args, "--data", data], { stdout: "pipe" })
    .stdout.toString()
    .trim();
cli("accounts", "create", "bench", "--plan", "pro", "--credits", "10", "--init");
const key = cli("keys", "create", "bench");

const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
const port = probe.port;
probe.stop(true);
const server = Bun.spawn(["bun", main, "serve", "--port", String(port), "--data", data, "--asset-limit", "50000"], {
  stdout: "pipe",
  stderr: "pipe",
});
const url = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100 && !(await fetch(`${url}/healthz`).catch(() => null))?.ok; i++) await Bun.sleep(50);
const call = (method: string, path: string, body?: unknown) =>
  fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });

let peak = { total: 0, anon: 0 };
const sample = setInterval(() => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  peak = { total: Math.max(peak.total, mb("VmRSS")), anon: Math.max(peak.anon, mb("RssAnon")) };
}, 50);
try {
  const up = (await (await call("POST", "/v1/uploads", { fileName: "pack.zip" })).json()) as any;
  await fetch(up.url, {
    method: "PUT",
    body: new Blob([zip as Uint8Array<ArrayBuffer>]),
    headers: { authorization: `Bearer ${key}` },
  });
  const started = performance.now();
  const body = (await (await call("POST", "/v1/imports", { file: { upload: up.upload } })).json()) as any;
  let job: any;
  do {
    await Bun.sleep(50);
    job = await (await call("GET", `/v1/jobs/${body.job}`)).json();
  } while (job.status === "generating");
  if (job.status !== "ready") throw new Error(`the import ended ${job.status}: ${job.error}`);
  console.log(
    `${files.toLocaleString("en")}-file pack (zip ${(zip.length / 1048576).toFixed(1)} MiB) imported in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `server process peak: VmRSS ${peak.total.toFixed(0)} MB, of it anonymous ${peak.anon.toFixed(0)} MB (target < 300 MB) ${peak.total < 300 ? "OK" : "OVER TARGET"}`,
  );
} finally {
  clearInterval(sample);
  server.kill();
  await server.exited;
  rmSync(data, { recursive: true, force: true });
}
