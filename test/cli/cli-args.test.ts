/**
 * How the CLI takes its arguments (node:util parseArgs, strict): unknown flags and bad values stop it with
 * one line and exit 2, never a stack trace or a started server; flags never swallow the next word.
 */
import { loadConfig } from "../../src/config.ts";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childEnv, cli, cliJson, MAIN, REPO, refusedWith, runToEnd } from "../support/cli.ts";
import pkg from "../../package.json" with { type: "json" };

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "packsmith-cli-args-"));
  expect((await cli(dir, "accounts", "create", "alice", "--plan", "pro", "--init")).code).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI with exactly these arguments (no --data added) and a short time limit. */
const run = (...args: string[]) => runToEnd(["bun", MAIN, ...args], { cwd: REPO, env: childEnv(), limitMs: 15_000 });

describe("flags and values", () => {
  test("--version prints the package version", async () => {
    const r = await run("--version");
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  test("unknown flags and typos are refused before anything starts", async () => {
    refusedWith(await run("--bogus", "--data", dir), "Unknown option '--bogus'");
    refusedWith(await run("serve", "--prot", "9402", "--data", dir), "Unknown option '--prot'");
    refusedWith(await run("keys", "list", "alice", "--kind", "rest", "--data", dir), "Unknown option '--kind'");
  });

  test("settings are checked at start: ranges, enums, known versions", async () => {
    const cases: [string[], string][] = [
      [["--port", "abc"], "--port takes a whole number, got 'abc'"],
      [["--port", "99999"], "--port must be between 0 and 65535, got 99999"],
      [["--default-version", "9.9"], "--default-version must be a known Minecraft release"],
      [["--provider", "nonsense"], "--provider must be one of procedural, openai-images"],
      [["--rate-reads=-5"], "--rate-reads must be between 1 and"],
      [["--rate-reads", "-5"], "write a value that starts with '-' as --flag=VALUE"],
      [["--bootstrap", "maybe"], "--bootstrap takes true or false"],
      [["--lease-seconds", "0"], "--lease-seconds must be between 1 and 3600, got 0"],
      [["--lease-seconds", "3601"], "--lease-seconds must be between 1 and 3600, got 3601"],
      [["--concurrency", "0"], "--concurrency must be between 1 and 256, got 0"],
      [["--max-attempts", "0"], "--max-attempts must be between 1 and 100, got 0"],
      [["--max-attempts", "101"], "--max-attempts must be between 1 and 100, got 101"],
      [["--mcp-wait-recheck-seconds", "0"], "--mcp-wait-recheck-seconds must be between 1 and 3600, got 0"],
      [["--mcp-wait-recheck-seconds", "3601"], "--mcp-wait-recheck-seconds must be between 1 and 3600, got 3601"],
      [["--public-url", "ftp://x"], "--public-url takes an http(s) URL"],
    ];
    for (const [args, text] of cases) refusedWith(await run("serve", ...args, "--data", dir), text);
    const env = await Bun.spawn(["bun", MAIN, "serve", "--data", dir], {
      cwd: REPO,
      env: { ...childEnv(), PACKSMITH_WORKERS: "257" },
      stderr: "pipe",
    });
    expect(await env.exited).toBe(2);
    expect(await new Response(env.stderr).text()).toContain("PACKSMITH_WORKERS must be between 0 and 256");
  });

  test("the job settings' bounds are accepted, with their defaults when absent", () => {
    const at = (flags: Record<string, string>) => loadConfig(flags, {});
    expect(at({}).maxAttempts).toBe(3);
    expect(at({ "max-attempts": "1" }).maxAttempts).toBe(1);
    expect(at({ "max-attempts": "100" }).maxAttempts).toBe(100);
    expect(at({}).mcp.waitRecheckMs).toBe(5_000);
    expect(at({ "mcp-wait-recheck-seconds": "1" }).mcp.waitRecheckMs).toBe(1_000);
    expect(at({ "mcp-wait-recheck-seconds": "3600" }).mcp.waitRecheckMs).toBe(3_600_000);
    expect(loadConfig({}, { PACKSMITH_MAX_ATTEMPTS: "7" }).maxAttempts).toBe(7);
  });

  test("a flag never swallows the next word; flags may come before the command", async () => {
    const made = await run("keys", "create", "--read-only", "alice", "--json", "--data", dir);
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({ account: "alice", readOnly: true });
    const listed = await run("--json", "keys", "list", "alice", "--data", dir);
    expect(JSON.parse(listed.stdout).keys).toHaveLength(1);
    const before = await run("--data", dir, "accounts", "list");
    expect(before.stdout).toContain("alice\tpro");
    refusedWith(await run("keys", "list", "alice", "--data"), "argument missing");
    expect(existsSync(join(REPO, "true"))).toBe(false);
  });

  test("admin commands refuse a folder with no database unless --init; nothing is created", async () => {
    const empty = join(dir, "typo");
    refusedWith(await run("keys", "list", "alice", "--data", empty), "no Packsmith database in");
    expect(existsSync(join(empty, "packsmith.sqlite"))).toBe(false);
    const json = await run("keys", "list", "alice", "--data", empty, "--json");
    expect(JSON.parse(json.stdout).error.code).toBe("invalid_request");
  });

  test("keys create: the key alone on stdout, its id on stderr; both in --json", async () => {
    const r = await cli(dir, "keys", "create", "alice");
    expect(r.stdout.trim()).toMatch(/^ps_rest_\S+$/);
    const id = /key id (key_[0-9a-f]+)/.exec(r.stderr)?.[1];
    expect(id).toBeDefined();
    const listed = await cliJson(dir, "keys", "list", "alice");
    const row = listed.keys.find((k: any) => k.id === id);
    expect(row.prefix).toBe(r.stdout.trim().slice(0, 12));
    expect(row.lastUsedAt).toBeNull();
  });

  test("accounts list, text and JSON", async () => {
    const json = await cliJson(dir, "accounts", "list");
    expect(json.accounts.map((a: any) => a.name)).toContain("alice");
    const text = await cli(dir, "accounts", "list");
    expect(text.stdout).toMatch(/^alice\tpro\t\d+ credits\tcreated /m);
  });

  test("credit amounts are whole numbers within 2^53 - 1, and so is every balance", async () => {
    const huge = await cli(dir, "credits", "grant", "alice", "99999999999999999999", "--json");
    expect(huge.code).toBe(2);
    expect(JSON.parse(huge.stdout).error.message).toContain("9007199254740991");
    await cliJson(dir, "accounts", "create", "max", "--credits", String(Number.MAX_SAFE_INTEGER));
    const over = await cli(dir, "credits", "grant", "max", "1", "--json");
    expect(JSON.parse(over.stdout).error.code).toBe("invalid_request");
    expect((await cliJson(dir, "accounts", "list")).accounts.find((a: any) => a.name === "max").credits).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  test("per-command --help prints that command's usage", async () => {
    const r = await run("keys", "create", "--help");
    expect(r.code).toBe(0);
    expect(r.stdout).toStartWith("packsmith keys create ACCOUNT");
    expect(r.stdout).toContain("--read-only");
    expect(r.stdout).not.toContain("credits grant");
    const serve = await run("help", "serve");
    expect(serve.stdout).toStartWith("packsmith serve");
  });

  test("a port in use is one clear line", async () => {
    const busy = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
    try {
      refusedWith(await run("serve", "--port", String(busy.port), "--data", dir), `port ${busy.port}`);
    } finally {
      busy.stop(true);
    }
  });
});
