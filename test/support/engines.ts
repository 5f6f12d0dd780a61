/** Process plumbing shared by the throwaway engines (test/support/postgres.ts, swift.ts). */

/** A port nobody listens on now (the kernel's pick); the caller must cope with losing it to a race. */
export async function freePort(): Promise<number> {
  const s = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = s.port;
  s.stop(true);
  return port;
}

/** Runs a command to completion: its exit code (null when killed at `timeoutMs`) and its output. */
export async function spawnResult(
  argv: string[],
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  const p = Bun.spawn(argv, { env, stdout: "pipe", stderr: "pipe", timeout: timeoutMs, killSignal: "SIGKILL" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code: p.signalCode ? null : code, output: err + out };
}

/** Runs a command to completion; throws with its output when it fails or outlives `timeoutMs`. */
export async function spawnChecked(argv: string[], env: Record<string, string>, timeoutMs: number): Promise<string> {
  const r = await spawnResult(argv, env, timeoutMs);
  if (r.code !== 0) throw new Error(`${argv.join(" ")} failed (${r.code ?? "killed after timeout"}): ${r.output}`);
  return r.output;
}

/** Polls `ready` every 100 ms until it answers true; throws naming `what` after `timeoutMs` (busy machines are slow, never hang). */
export async function waitUntil(what: string, timeoutMs: number, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await ready()) return;
    } catch (e) {
      last = e;
    }
    await Bun.sleep(100);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${last}` : ""}`);
}

const cleanups = new Set<() => void>();
let hooked = false;

/**
 * Runs `stop` (synchronous) when the test process ends however it ends short of SIGKILL: a normal exit, an
 * uncaught error, ^C or a TERM/HUP (those exit with the signal's status, which runs every registered stop).
 * Answers the function that unregisters it, for the normal stop path.
 */
export function stopAtExit(stop: () => void): () => void {
  cleanups.add(stop);
  if (!hooked) {
    hooked = true;
    process.on("exit", () => {
      for (const f of cleanups) {
        try {
          f();
        } catch {}
      }
      cleanups.clear();
    });
    for (const [signal, n] of [
      ["SIGINT", 2],
      ["SIGTERM", 15],
      ["SIGHUP", 1],
    ] as const)
      process.once(signal, () => process.exit(128 + n));
  }
  return () => cleanups.delete(stop);
}

/** A word for sh, single-quoted. */
export const shellQuote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * The last line of defence, for a death no handler sees (SIGKILL, a crash, an OOM kill): a detached shell in a
 * session of its own (so a kill of this process group does not take it) that polls for this process once a
 * second and runs `cleanup` (sh) when it is gone. Answers the function that disarms it, for the normal stop.
 */
export function watchdog(cleanup: string): () => void {
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${cleanup}`;
  const dog = Bun.spawn(["setsid", "sh", "-c", script], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
  dog.unref();
  return () => dog.kill("SIGKILL");
}
