/**
 * Command-line tools from npm that some tests run against a real server (the MCP Inspector, Spectral) but that
 * are not project dependencies: each is installed once with npm (`--no-save`) into a temp folder named by its
 * version and reused. When npm cannot install it, the answer says why, in npm's own words, so the test can skip
 * saying so.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runToEnd } from "./cli.ts";

/** Runs a tool with this process's environment (plus `env`), killed after `limitMs` (3 minutes unless given). */
export const run = (cmd: string[], opts: { cwd: string; env?: Record<string, string>; limitMs?: number }) =>
  runToEnd(cmd, {
    cwd: opts.cwd,
    env: { ...(process.env as Record<string, string>), ...opts.env },
    limitMs: opts.limitMs ?? 180_000,
  });

export interface NpmTool {
  /** The temp folder it is installed under (a working folder for its runs). */
  dir: string;
  /** The launcher script of its `bin` entry. */
  launcher: string;
}

/** Installs `name@version` (if not already there) and finds its `bin` entry; or the reason it cannot be had. */
export async function npmTool(name: string, version: string, bin: string): Promise<NpmTool | { skip: string }> {
  const dir = join(tmpdir(), `packsmith-${name.replace(/[@/]/g, "-")}-${version}`);
  const pkg = join(dir, "node_modules", name);
  if (!existsSync(join(pkg, "package.json"))) {
    if (!Bun.which("npm")) return { skip: `npm is not on PATH, so ${name} cannot be installed` };
    mkdirSync(dir, { recursive: true });
    const r = await run(
      ["npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix", dir, `${name}@${version}`],
      {
        cwd: dir,
      },
    );
    if (r.code !== 0 || !existsSync(join(pkg, "package.json"))) {
      // npm's own words: its error code and the first line that says what failed (E404, ECONNREFUSED, ...).
      const lines = (r.stderr || r.stdout)
        .split("\n")
        .filter((l) => l.startsWith("npm error") && !/^npm error\s+at /.test(l));
      const why =
        lines
          .filter((l) => /\bcode\b|Error|failed|404|403/.test(l))
          .slice(0, 2)
          .join("; ") ||
        lines[0] ||
        "no output";
      return { skip: `npm could not install ${name}@${version} (exit ${r.code}): ${why}` };
    }
  }
  const bins = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")).bin;
  return { dir, launcher: join(pkg, typeof bins === "string" ? bins : bins[bin]) };
}
