import type { Services } from "../services.ts";
import { createAccount, findAccount, changeCredits, isPlan, type Account, type Plan } from "../core/accounts.ts";
import { createKey, revokeKey, listKeys, type KeyKind } from "../core/keys.ts";
import { sharePack } from "../core/packs.ts";
import { ApiError } from "../core/errors.ts";
import { BackupRefused, backupDataFolder } from "../store/backup.ts";
import { backupPostgres } from "../store/backup-postgres.ts";
import { PostgresDriver } from "../store/postgres-driver.ts";
import { resolve } from "node:path";

/** An admin command's answer: `json` is printed with --json, `text` otherwise; `note` goes to stderr. */
export interface Answer {
  json: Record<string, unknown>;
  text: string;
  note?: string;
}

type Values = Record<string, string | boolean | undefined>;

const usage = (msg: string) => new ApiError("invalid_request", msg);

/** A credit amount: a whole number from 1 to 2^53 - 1 (beyond that a double silently rounds). */
function creditAmount(raw: string | undefined, what: string, min: number): number {
  const n = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min)
    throw usage(`${what} must be a whole number from ${min} to ${Number.MAX_SAFE_INTEGER} (got '${raw ?? ""}')`);
  return n;
}

const accountLine = (a: Account) => `${a.name}\t${a.plan}\t${a.credits} credits\tcreated ${a.createdAt}`;

/** The admin commands of DESIGN.md's contract table, by their words; each works on the data folder directly. */
export const ADMIN: Record<string, (svc: Services, args: string[], values: Values) => Promise<Answer>> = {
  async "accounts create"(svc, [name], values) {
    const plan = (values.plan as string | undefined) ?? "creator";
    if (!isPlan(plan)) throw usage(`--plan must be starter, creator or pro (got '${plan}')`);
    const credits = values.credits === undefined ? 0 : creditAmount(values.credits as string, "--credits", 0);
    const a = await createAccount(svc.db, name, plan as Plan, credits);
    return { json: { account: a }, text: `created account ${a.name} (plan ${a.plan}, ${a.credits} credits)` };
  },
  async "accounts list"(svc) {
    const accounts: Account[] = [];
    for (const r of await svc.db.all<{ name: string }>("SELECT name FROM accounts ORDER BY name"))
      accounts.push(await findAccount(svc.db, r.name));
    return { json: { accounts }, text: accounts.map(accountLine).join("\n") };
  },
  async "keys create"(svc, [name], values) {
    const kind = (values.kind as string | undefined) ?? "rest";
    if (kind !== "rest" && kind !== "mcp") throw usage(`--kind must be rest or mcp (got '${kind}')`);
    const account = await findAccount(svc.db, name);
    const { key, info } = await createKey(svc.db, account.id, kind as KeyKind, values["read-only"] === true);
    // The key alone on stdout, so `KEY=$(packsmith keys create me)` works; the id (for revoking) on stderr.
    return { json: { key, ...info, account: account.name }, text: key, note: `key id ${info.id} (revoke with it)` };
  },
  async "keys revoke"(svc, [id]) {
    const info = await revokeKey(svc.db, id);
    return { json: { ...info }, text: `revoked ${info.id}` };
  },
  async "keys list"(svc, [name]) {
    const keys = await listKeys(svc.db, (await findAccount(svc.db, name)).id);
    return {
      json: { keys },
      text: keys
        .map((k) =>
          [
            k.id,
            k.kind,
            k.prefix ? `${k.prefix}…` : "-",
            k.readOnly ? "read-only" : "read-write",
            `created ${k.createdAt}`,
            k.lastUsedAt ? `last used ${k.lastUsedAt}` : "never used",
            k.revokedAt ? `revoked ${k.revokedAt}` : "active",
          ].join("\t"),
        )
        .join("\n"),
    };
  },
  async "credits grant"(svc, [name, amount]) {
    const n = creditAmount(amount, "N", 1);
    const account = await findAccount(svc.db, name);
    const balance = await changeCredits(svc.db, account.id, n, "grant");
    return { json: { account: account.name, granted: n, balance }, text: `${account.name} now has ${balance} credits` };
  },
  async backup(svc, [dest]) {
    let r: Awaited<ReturnType<typeof backupDataFolder>>;
    try {
      if (svc.db instanceof PostgresDriver && svc.config.database)
        r = await backupPostgres(svc.db, new URL(svc.config.database), svc.blobs, resolve(dest));
      else if (svc.blobs.engine !== "folder")
        throw new BackupRefused(
          "backup of a sqlite database with blobs in S3 is not built: copy the bucket with its own tools, and the sqlite file with `sqlite3 packsmith.sqlite .backup`",
        );
      else r = await backupDataFolder(svc.db, svc.config.data, resolve(dest));
    } catch (e) {
      if (e instanceof BackupRefused) throw usage(e.message);
      throw e;
    }
    const mb = (r.bytes / 1024 / 1024).toFixed(1);
    return {
      json: { ...r },
      text: `backed up to ${r.dest}: the database and ${r.blobs} blobs (${mb} MB)${r.missing.length ? `; ${r.missing.length} blobs were already missing` : ""}`,
    };
  },
  async "packs share"(svc, [slug, name]) {
    const account = await findAccount(svc.db, name);
    await sharePack(svc.db, slug, account.id);
    return {
      json: { pack: slug, collaborator: account.name },
      text: `${account.name} is now a collaborator on ${slug}`,
    };
  },
};

/** First start on an empty data dir: account `local` (pro, 1000 credits) and one key of each kind, shown once. */
export async function bootstrapIfEmpty(svc: Services): Promise<{ rest: string; mcp: string } | null> {
  const empty = (await svc.db.get<{ n: number }>("SELECT count(*) AS n FROM accounts"))!.n === 0;
  if (!empty) return null;
  const account = await createAccount(svc.db, "local", "pro", 1000);
  return {
    rest: (await createKey(svc.db, account.id, "rest")).key,
    mcp: (await createKey(svc.db, account.id, "mcp")).key,
  };
}
