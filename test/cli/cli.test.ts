import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childEnv, cli, cliJson, MAIN, readUntil, REPO } from "../support/cli.ts";
import { openSqlite } from "../../src/store/sqlite-driver.ts";
import { ledgerSum } from "../../src/core/accounts.ts";

let dir: string;
/** Servers this file started; afterAll kills any a failed or timed-out test left running. */
const servers: ReturnType<typeof Bun.spawn>[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "packsmith-cli-"));
});
afterAll(() => {
  for (const p of servers) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("admin commands", () => {
  test("accounts create, with and without --json", async () => {
    // The first command on a new folder must say --init (a mistyped --data is refused, not made anew).
    const text = await cli(dir, "accounts", "create", "ann", "--plan", "pro", "--credits", "7", "--init");
    expect(text.code).toBe(0);
    expect(text.stdout.trim()).toBe("created account ann (plan pro, 7 credits)");
    const json = await cliJson(dir, "accounts", "create", "bob");
    expect(json.account).toMatchObject({ name: "bob", plan: "creator", credits: 0 });
    expect(typeof json.account.id).toBe("number");
  });

  test("accounts create refuses a taken name, a bad plan and bad credits (exit 2, error body with --json)", async () => {
    const dup = await cli(dir, "accounts", "create", "ann", "--json");
    expect(dup.code).toBe(2);
    expect(JSON.parse(dup.stdout).error.code).toBe("conflict");
    const plan = await cli(dir, "accounts", "create", "cat", "--plan", "gold");
    expect(plan.code).toBe(2);
    expect(plan.stderr).toContain("--plan must be starter, creator or pro");
    const credits = await cli(dir, "accounts", "create", "dan", "--credits", "-5", "--json");
    expect(JSON.parse(credits.stdout).error.code).toBe("invalid_request");
    const name = await cli(dir, "accounts", "create", "no spaces", "--json");
    expect(JSON.parse(name.stdout).error.code).toBe("invalid_request");
  });

  test("keys create prints only the key in text mode; --json gives its record; --kind and --read-only apply", async () => {
    const text = await cli(dir, "keys", "create", "ann");
    expect(text.code).toBe(0);
    expect(text.stdout.trim()).toMatch(/^ps_rest_[A-Za-z0-9_-]{20,}$/);
    const mcp = await cliJson(dir, "keys", "create", "ann", "--kind", "mcp", "--read-only");
    expect(mcp).toMatchObject({ kind: "mcp", readOnly: true, revokedAt: null, account: "ann" });
    expect(mcp.key).toMatch(/^ps_mcp_/);
    expect(mcp.id).toMatch(/^key_/);
    const bad = await cli(dir, "keys", "create", "ann", "--kind", "admin", "--json");
    expect(JSON.parse(bad.stdout).error.code).toBe("invalid_request");
    const nobody = await cli(dir, "keys", "create", "nobody", "--json");
    expect(JSON.parse(nobody.stdout).error.code).toBe("not_found");
  });

  test("keys list and keys revoke, with and without --json; secrets are never listed", async () => {
    const { id, key } = await cliJson(dir, "keys", "create", "bob");
    const listed = await cliJson(dir, "keys", "list", "bob");
    expect(listed.keys.map((k: any) => k.id)).toContain(id);
    expect(JSON.stringify(listed)).not.toContain(key);
    const text = await cli(dir, "keys", "list", "bob");
    expect(text.stdout).toMatch(
      new RegExp(`${id}\\trest\\tps_rest_\\S{4}…\\tread-write\\tcreated \\S+Z\\tnever used\\tactive`),
    );
    expect(text.stdout).not.toContain(key);

    const revoked = await cli(dir, "keys", "revoke", id);
    expect(revoked.stdout.trim()).toBe(`revoked ${id}`);
    const after = await cliJson(dir, "keys", "list", "bob");
    expect(after.keys.find((k: any) => k.id === id).revokedAt).toMatch(/Z$/);
    // Revoking twice keeps the first revocation time.
    const again = await cliJson(dir, "keys", "revoke", id);
    expect(again.revokedAt).toBe(after.keys.find((k: any) => k.id === id).revokedAt);
    const missing = await cli(dir, "keys", "revoke", "key_000000000000", "--json");
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout).error.code).toBe("not_found");
  });

  test("credits grant adds to the balance through the ledger; N must be a whole number > 0", async () => {
    const text = await cli(dir, "credits", "grant", "ann", "5");
    expect(text.stdout.trim()).toBe("ann now has 12 credits");
    expect(await cliJson(dir, "credits", "grant", "ann", "3")).toEqual({ account: "ann", granted: 3, balance: 15 });
    for (const n of ["0", "-1", "2.5", "lots"]) {
      const bad = await cli(dir, "credits", "grant", "ann", n, "--json");
      expect(bad.code).toBe(2);
      expect(JSON.parse(bad.stdout).error.code).toBe("invalid_request");
    }
    const db = openSqlite(join(dir, "packsmith.sqlite"));
    try {
      const ann = (await db.get("SELECT id, credits FROM accounts WHERE name = 'ann'")) as {
        id: number;
        credits: number;
      };
      expect(ann.credits).toBe(15);
      expect(await ledgerSum(db, ann.id)).toBe(15);
    } finally {
      await db.close();
    }
  });

  test("packs share, with and without --json; unknown pack or account is not_found; the owner is refused", async () => {
    const db = openSqlite(join(dir, "packsmith.sqlite"));
    try {
      const ann = (await db.get("SELECT id FROM accounts WHERE name = 'ann'")) as { id: number };
      const at = new Date().toISOString();
      await db.run(
        "INSERT INTO packs (slug, name, minecraft_version, owner_id, created_at, updated_at) VALUES ('anns-pack', 'Ann', '1.21.11', ?, ?, ?)",
        [ann.id, at, at],
      );
    } finally {
      await db.close();
    }
    const text = await cli(dir, "packs", "share", "anns-pack", "bob");
    expect(text.stdout.trim()).toBe("bob is now a collaborator on anns-pack");
    // Sharing again is harmless.
    expect(await cliJson(dir, "packs", "share", "anns-pack", "bob")).toEqual({
      pack: "anns-pack",
      collaborator: "bob",
    });
    expect(JSON.parse((await cli(dir, "packs", "share", "no-pack", "bob", "--json")).stdout).error.code).toBe(
      "not_found",
    );
    expect(JSON.parse((await cli(dir, "packs", "share", "anns-pack", "nobody", "--json")).stdout).error.code).toBe(
      "not_found",
    );
    expect(JSON.parse((await cli(dir, "packs", "share", "anns-pack", "ann", "--json")).stdout).error.code).toBe(
      "invalid_request",
    );
  });

  test("an unknown command exits 2 and names the commands; help exits 0", async () => {
    const r = await cli(dir, "frobnicate", "now");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("accounts create");
    const help = await cli(dir, "help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("packsmith serve");
  });
});

describe("first start", () => {
  /** Starts `serve` on a free port and reads stdout until `done` holds; the caller stops it. */
  async function serve(data: string, done: (text: string) => boolean, ...extra: string[]) {
    const proc = Bun.spawn(["bun", MAIN, "serve", "--port", "0", "--data", data, ...extra], {
      cwd: REPO,
      env: childEnv(),
      stdout: "pipe",
      stderr: "pipe",
    });
    servers.push(proc);
    try {
      const { text } = await readUntil(proc.stdout, (t) => (done(t) ? true : undefined), "the serving banner");
      const url = /(http:\/\/[\d.]+:\d+)/.exec(text)![1];
      return { proc, url, text };
    } catch (e) {
      proc.kill();
      throw e;
    }
  }
  async function stop(proc: ReturnType<typeof Bun.spawn>) {
    // main.ts installs its SIGTERM handler just after printing the banner; a signal sent the instant the
    // banner is read can beat it (exit 143). Reported to the lead; remove this pause once it's installed first.
    await Bun.sleep(100);
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
  }
  const jsonLine = (text: string) => text.split("\n").find((l) => l.startsWith("{") && l.endsWith("}"));
  const bannerJson = (text: string) => JSON.parse(jsonLine(text)!);

  test("an empty data dir gets account local and one REST and one MCP key, printed once; the second start prints none", async () => {
    const data = mkdtempSync(join(tmpdir(), "packsmith-first-"));
    try {
      const first = await serve(data, (t) => /MCP key:\s+\S+\n/.test(t));
      let keys: { rest: string; mcp: string };
      try {
        const rest = /REST key:\s+(ps_rest_\S+)/.exec(first.text)?.[1];
        const mcp = /MCP key:\s+(ps_mcp_\S+)/.exec(first.text)?.[1];
        expect(rest).toBeDefined();
        expect(mcp).toBeDefined();
        keys = { rest: rest!, mcp: mcp! };
        expect(first.text).toContain("'local'");
        const list = await fetch(`${first.url}/v1/packs`, { headers: { authorization: `Bearer ${keys.rest}` } });
        expect(list.status).toBe(200);
        expect(await list.json()).toEqual({ packs: [] });
        const wrong = await fetch(`${first.url}/v1/packs`, { headers: { authorization: `Bearer ${keys.mcp}` } });
        expect(((await wrong.json()) as any).error.code).toBe("wrong_key_kind");
      } finally {
        await stop(first.proc);
      }
      const listed = await cliJson(data, "keys", "list", "local");
      expect(listed.keys.map((k: any) => k.kind).sort()).toEqual(["mcp", "rest"]);

      // --json prints the whole banner as one line, so a finished line means nothing more is coming.
      const second = await serve(data, (t) => jsonLine(t) !== undefined, "--json");
      try {
        const banner = bannerJson(second.text);
        expect(banner.url).toBe(second.url);
        expect(banner.keys).toBeUndefined();
        expect(second.text).not.toMatch(/ps_(rest|mcp)_/);
        // The first start's key still works after a restart.
        expect(
          (await fetch(`${second.url}/v1/packs`, { headers: { authorization: `Bearer ${keys.rest}` } })).status,
        ).toBe(200);
      } finally {
        await stop(second.proc);
      }
      const db = openSqlite(join(data, "packsmith.sqlite"));
      try {
        expect(await db.all("SELECT name, plan, credits FROM accounts")).toEqual([
          { name: "local", plan: "pro", credits: 1000 },
        ]);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  }, 30_000);

  test("--json on first start prints one JSON object carrying both keys", async () => {
    const data = mkdtempSync(join(tmpdir(), "packsmith-first-json-"));
    try {
      const s = await serve(data, (t) => jsonLine(t) !== undefined, "--json");
      try {
        const banner = bannerJson(s.text);
        expect(banner.keys.rest).toMatch(/^ps_rest_/);
        expect(banner.keys.mcp).toMatch(/^ps_mcp_/);
        expect(banner.data).toBe(data);
      } finally {
        await stop(s.proc);
      }
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  }, 30_000);
});
