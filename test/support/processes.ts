import { MAIN, REPO, childEnv, readUntil } from "./cli.ts";

/** A `packsmith` child process started with --json, and the JSON line it printed once it was up. */
export interface Started {
  proc: ReturnType<typeof Bun.spawn>;
  banner: any;
}

/**
 * Starts `bun src/main.ts <args> --json` (serve or worker) and waits for its banner line. Every process started
 * is added to `into`, so a test's afterAll can SIGKILL whatever is still running.
 */
export async function startPacksmith(args: string[], into: Set<ReturnType<typeof Bun.spawn>>): Promise<Started> {
  const proc = Bun.spawn(["bun", MAIN, ...args, "--json"], {
    cwd: REPO,
    env: childEnv(),
    stdout: "pipe",
    stderr: "inherit",
  });
  into.add(proc);
  const { value } = await readUntil(
    proc.stdout,
    (t) => (t.includes("\n") ? JSON.parse(t.split("\n")[0]) : undefined),
    `the banner of packsmith ${args[0]}`,
  );
  return { proc, banner: value };
}
