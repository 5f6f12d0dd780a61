import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STUDIO_FILES } from "../../src/studio/serve.ts";
import { DOCS_FILES } from "../../src/http/docs.ts";

const REPO = join(import.meta.dir, "..", "..");
const work = mkdtempSync(join(tmpdir(), "packsmith-studio-bin-"));
let server: ReturnType<typeof Bun.spawn> | null = null;
afterAll(() => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

/** The compiled binary carries the studio: it serves the same bytes from a folder with no source next to it. */
describe("studio in the compiled binary", () => {
  test("a binary built the way `bun run build` builds it serves /, app.js, style.css and /docs with its assets byte for byte", async () => {
    const binary = join(work, "packsmith");
    const build = Bun.spawnSync(
      ["bun", "build", "--compile", "--minify", "--bytecode", "src/main.ts", "src/jobs/worker.ts", "--outfile", binary],
      { cwd: REPO, stderr: "pipe" },
    );
    expect({ code: build.exitCode, stderr: build.exitCode ? build.stderr.toString() : "" }).toEqual({
      code: 0,
      stderr: "",
    });
    const folder = mkdtempSync(join(work, "run-"));
    server = Bun.spawn([binary, "serve", "--port", "0", "--host", "127.0.0.1", "--data", join(folder, "data")], {
      cwd: folder,
      stdout: "pipe",
      stderr: "pipe",
    });
    const reader = (server.stdout as ReadableStream<Uint8Array>).getReader();
    let out = "";
    while (!/serving (http:\/\/\S+)/.test(out)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the binary exited before serving: ${out}`);
      out += new TextDecoder().decode(value);
    }
    reader.releaseLock();
    const base = /serving (http:\/\/\S+)/.exec(out)![1];
    for (const f of STUDIO_FILES) {
      const res = await fetch(base + f.path);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(f.body);
    }
    // The API reference's Swagger UI bundle and stylesheet are embedded too (read on the first /docs request).
    for (const [path, f] of Object.entries(DOCS_FILES)) {
      const res = await fetch(base + path);
      expect({ path, status: res.status, type: res.headers.get("content-type") }).toEqual({
        path,
        status: 200,
        type: f.type,
      });
      expect(await res.text()).toBe(await f.body());
    }
    expect(STUDIO_FILES[1].body).toBe(readFileSync(join(REPO, "src/studio/dist/app.js"), "utf8"));
  }, 120_000);
});
