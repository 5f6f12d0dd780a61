/**
 * The throwaway PostgreSQL of test/support/postgres.ts leaves nothing behind when the process that started it
 * dies: an uncaught error or a SIGTERM stops the server and deletes its folder at once (exit handlers), and a
 * SIGKILL, which no handler sees, within seconds (the watchdog).
 */
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { waitUntil } from "../support/engines.ts";
import { pgMissing } from "../support/postgres.ts";

const missing = pgMissing();
if (missing) console.warn(`PostgreSQL harness tests skipped: ${missing}`);
const FIXTURE = join(import.meta.dir, "../fixtures/engines/pg-then-die.ts");

const listening = (port: number) =>
  Bun.connect({ hostname: "127.0.0.1", port, socket: { data() {} } }).then(
    (s) => (s.end(), true),
    () => false,
  );

describe.skipIf(!!missing)("throwaway PostgreSQL", () => {
  for (const how of ["throw", "sigterm", "sigkill"]) {
    test(`is stopped and deleted when its process dies (${how})`, async () => {
      const child = Bun.spawn(["bun", FIXTURE, how], { stdout: "pipe", stderr: "pipe" });
      const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
      expect(code).not.toBe(0);
      const { port, dir } = JSON.parse(out.trim().split("\n")[0]);
      if (how === "sigkill") {
        // The watchdog polls once a second; on a busy machine give it a generous, bounded while.
        await waitUntil("the watchdog to stop the orphaned cluster", 60_000, async () => !existsSync(dir));
      }
      // Nothing listens on its port any more, and its folder is gone.
      expect(await listening(port)).toBe(false);
      expect(existsSync(dir)).toBe(false);
    }, 120_000);
  }
});
