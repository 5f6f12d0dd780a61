import { randomBytes } from "node:crypto";
import type { SqlDriver } from "../store/sql.ts";
import { nowIso } from "../store/db.ts";
import { ApiError, isStorageFull } from "./errors.ts";
import { getAccount, type Account } from "./accounts.ts";

export type KeyKind = "rest" | "mcp";

export interface ApiKeyInfo {
  id: string;
  kind: KeyKind;
  readOnly: boolean;
  createdAt: string;
  revokedAt: string | null;
  /** The first characters of the secret (`ps_rest_AbCd`), so a person can tell keys apart; null for old keys. */
  prefix: string | null;
  /** Within a minute (keyUsed is throttled); null when never used. */
  lastUsedAt: string | null;
}

/** How much of a secret is kept readable: the kind tag and four random characters. */
const prefixOf = (key: string) => key.slice(0, key.indexOf("_", 3) + 5);

/** Keys are stored only as SHA-256 hashes; the secret is shown once, at creation. */
export const hashKey = (secret: string) => new Bun.CryptoHasher("sha256").update(secret).digest("hex");

const toInfo = (r: any): ApiKeyInfo => ({
  id: r.id,
  kind: r.kind,
  readOnly: !!r.read_only,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
  prefix: r.prefix ?? null,
  lastUsedAt: r.last_used_at ?? null,
});

export async function createKey(
  db: SqlDriver,
  accountId: number,
  kind: KeyKind,
  readOnly = false,
): Promise<{ key: string; info: ApiKeyInfo }> {
  const id = "key_" + randomBytes(6).toString("hex");
  // The kind is readable in the secret so a person can tell keys apart; auth still checks the row.
  const key = `ps_${kind}_${randomBytes(24).toString("base64url")}`;
  const r = await db.get(
    "INSERT INTO api_keys (id, account_id, kind, read_only, hash, prefix, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *",
    [id, accountId, kind, readOnly ? 1 : 0, hashKey(key), prefixOf(key), nowIso()],
  );
  return { key, info: toInfo(r) };
}

export async function revokeKey(db: SqlDriver, id: string, accountId?: number): Promise<ApiKeyInfo> {
  const r = await db.get<any>("SELECT * FROM api_keys WHERE id = ?", [id]);
  if (!r || (accountId !== undefined && r.account_id !== accountId)) throw new ApiError("not_found", `no key '${id}'`);
  if (!r.revoked_at) await db.run("UPDATE api_keys SET revoked_at = ? WHERE id = ?", [nowIso(), id]);
  return toInfo(await db.get("SELECT * FROM api_keys WHERE id = ?", [id]));
}

export async function listKeys(db: SqlDriver, accountId: number): Promise<ApiKeyInfo[]> {
  return (await db.all("SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id", [accountId])).map(toInfo);
}

export interface Caller {
  account: Account;
  key: ApiKeyInfo;
}

/** When each key's last use was written; a write per request would cost every cached read its cache. */
const lastUseWritten = new Map<string, number>();
const LAST_USE_EVERY_MS = 60_000;

/**
 * Records that a key was used, at most once a minute per key. Undefined (not a promise) when there is nothing
 * to write, so the hot path of a cached read pays no await for it.
 */
export function keyUsed(db: SqlDriver, id: string, now = Date.now()): Promise<void> | undefined {
  if (now - (lastUseWritten.get(id) ?? 0) < LAST_USE_EVERY_MS) return undefined;
  lastUseWritten.set(id, now);
  return writeLastUse(db, id, now);
}

async function writeLastUse(db: SqlDriver, id: string, now: number): Promise<void> {
  try {
    await db.run("UPDATE api_keys SET last_used_at = ? WHERE id = ?", [new Date(now).toISOString(), id]);
  } catch (e) {
    // Bookkeeping, not the caller's request: on a full disk a read must still be answered.
    if (!isStorageFull(e)) throw e;
    lastUseWritten.delete(id);
  }
}

/**
 * Resolves a bearer secret to its account. Always reads the row (no cache) so a key revoked by the CLI
 * in another process fails on its very next request.
 */
export async function authenticate(db: SqlDriver, secret: string | null, expected: KeyKind): Promise<Caller> {
  if (!secret) throw new ApiError("missing_api_key", "send the header 'Authorization: Bearer <API key>'");
  const r = await db.get<any>("SELECT * FROM api_keys WHERE hash = ?", [hashKey(secret)]);
  if (!r || r.revoked_at) throw new ApiError("invalid_api_key", "this API key is unknown or was revoked");
  if (r.kind !== expected)
    throw new ApiError(
      "wrong_key_kind",
      expected === "rest"
        ? "this is an MCP key; the REST API needs a REST key"
        : "this is a REST key; the MCP tool server needs an MCP key",
    );
  const account = (await getAccount(db, r.account_id))!;
  if (account.plan === "starter")
    throw new ApiError("plan_required", "the Starter plan has no API access; upgrade to Creator or Pro");
  return { account, key: toInfo(r) };
}

/** The caller a key id stands for while that key is live (a signed download link carries the id, not the secret). */
export async function callerForKeyId(db: SqlDriver, id: string): Promise<Caller | null> {
  const r = await db.get<any>("SELECT * FROM api_keys WHERE id = ?", [id]);
  if (!r || r.revoked_at) return null;
  const account = await getAccount(db, r.account_id);
  if (!account) return null;
  if (account.plan === "starter")
    throw new ApiError("plan_required", "the Starter plan has no API access; upgrade to Creator or Pro");
  return { account, key: toInfo(r) };
}
