import { randomBytes } from "node:crypto";
import type { Database } from "../store/db.ts";
import { nowIso } from "../store/db.ts";
import { ApiError } from "./errors.ts";
import { getAccount, type Account } from "./accounts.ts";

export type KeyKind = "rest" | "mcp";

export interface ApiKeyInfo {
  id: string;
  kind: KeyKind;
  readOnly: boolean;
  createdAt: string;
  revokedAt: string | null;
}

/** Keys are stored only as SHA-256 hashes; the secret is shown once, at creation. */
export const hashKey = (secret: string) => new Bun.CryptoHasher("sha256").update(secret).digest("hex");

const toInfo = (r: any): ApiKeyInfo => ({
  id: r.id,
  kind: r.kind,
  readOnly: !!r.read_only,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

export function createKey(
  db: Database,
  accountId: number,
  kind: KeyKind,
  readOnly = false,
): { key: string; info: ApiKeyInfo } {
  const id = "key_" + randomBytes(6).toString("hex");
  // The kind is readable in the secret so a person can tell keys apart; auth still checks the row.
  const key = `ps_${kind}_${randomBytes(24).toString("base64url")}`;
  db.query("INSERT INTO api_keys (id, account_id, kind, read_only, hash, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
    id,
    accountId,
    kind,
    readOnly ? 1 : 0,
    hashKey(key),
    nowIso(),
  );
  return { key, info: toInfo(db.query("SELECT * FROM api_keys WHERE id = ?").get(id)) };
}

export function revokeKey(db: Database, id: string, accountId?: number): ApiKeyInfo {
  const r = db.query("SELECT * FROM api_keys WHERE id = ?").get(id) as any;
  if (!r || (accountId !== undefined && r.account_id !== accountId)) throw new ApiError("not_found", `no key '${id}'`);
  if (!r.revoked_at) db.query("UPDATE api_keys SET revoked_at = ? WHERE id = ?").run(nowIso(), id);
  return toInfo(db.query("SELECT * FROM api_keys WHERE id = ?").get(id));
}

export function listKeys(db: Database, accountId: number): ApiKeyInfo[] {
  return (db.query("SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id").all(accountId) as any[]).map(
    toInfo,
  );
}

export interface Caller {
  account: Account;
  key: ApiKeyInfo;
}

/**
 * Resolves a bearer secret to its account. Always reads the row (no cache) so a key revoked by the CLI
 * in another process fails on its very next request.
 */
export function authenticate(db: Database, secret: string | null, expected: KeyKind): Caller {
  if (!secret) throw new ApiError("missing_api_key", "send the header 'Authorization: Bearer <API key>'");
  const r = db.query("SELECT * FROM api_keys WHERE hash = ?").get(hashKey(secret)) as any;
  if (!r || r.revoked_at) throw new ApiError("invalid_api_key", "this API key is unknown or was revoked");
  if (r.kind !== expected)
    throw new ApiError(
      "wrong_key_kind",
      expected === "rest"
        ? "this is an MCP key; the REST API needs a REST key"
        : "this is a REST key; the MCP tool server needs an MCP key",
    );
  const account = getAccount(db, r.account_id)!;
  if (account.plan === "starter")
    throw new ApiError("plan_required", "the Starter plan has no API access; upgrade to Creator or Pro");
  return { account, key: toInfo(r) };
}
