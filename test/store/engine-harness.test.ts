/**
 * The throwaway PostgreSQL of test/support/postgres.ts leaves nothing behind when the process that started it
 * dies: an uncaught error or a SIGTERM still stops the server and deletes its folder.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pgMissing } from "../support/postgres.ts";

const missing = pgMissing();
if (missing) console.warn(`PostgreSQL harness tests skipped: ${missing}`);
const FIXTURE = join(import.meta.dir, "../fixtures/engines/pg-then-die.ts");
const folders = () => new Set(readdirSync(tmpdir()).filter((f) => f.startsWith("packsmith-pg-")));

describe.skipIf(!!missing)("throwaway PostgreSQL", () => {
  for (const how of ["throw", "sigterm"]) {
    test(`is stopped and deleted when its process dies (${how})`, async () => {
      const before = folders();
      const child = Bun.spawn(["bun", FIXTURE, how], { stdout: "pipe", stderr: "pipe" });
      const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
      expect(code).not.toBe(0);
      const { port } = JSON.parse(out.trim().split("\n")[0]);
      // Nothing listens on its port any more, and its folder is gone.
      const connected = await Bun.connect({ hostname: "127.0.0.1", port, socket: { data() {} } }).then(
        (s) => (s.end(), true),
        () => false,
      );
      expect(connected).toBe(false);
      expect([...folders()].filter((f) => !before.has(f))).toEqual([]);
    }, 120_000);
  }
});
