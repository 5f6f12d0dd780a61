import type { Database } from "../store/db.ts";
import { nowIso } from "../store/db.ts";
import { ApiError } from "./errors.ts";

export const PLANS = ["starter", "creator", "pro"] as const;
export type Plan = (typeof PLANS)[number];

export interface Account {
  id: number;
  name: string;
  plan: Plan;
  credits: number;
  createdAt: string;
}

const toAccount = (r: any): Account => ({
  id: r.id,
  name: r.name,
  plan: r.plan,
  credits: r.credits,
  createdAt: r.created_at,
});

export function isPlan(p: string): p is Plan {
  return (PLANS as readonly string[]).includes(p);
}

export function createAccount(db: Database, name: string, plan: Plan = "creator", credits = 0): Account {
  if (!/^[a-zA-Z0-9_.-]{1,64}$/.test(name))
    throw new ApiError("invalid_request", `account name '${name}' must be 1-64 letters, digits, '.', '_' or '-'`);
  if (!Number.isInteger(credits) || credits < 0)
    throw new ApiError("invalid_request", "credits must be a whole number >= 0");
  return db
    .transaction(() => {
      if (db.query("SELECT 1 FROM accounts WHERE name = ?").get(name))
        throw new ApiError("conflict", `account '${name}' already exists`);
      const at = nowIso();
      const { lastInsertRowid } = db
        .query("INSERT INTO accounts (name, plan, credits, created_at) VALUES (?, ?, 0, ?)")
        .run(name, plan, at);
      const id = Number(lastInsertRowid);
      if (credits > 0) changeCredits(db, id, credits, "grant");
      return getAccount(db, id)!;
    })
    .immediate();
}

export function getAccount(db: Database, id: number): Account | null {
  const r = db.query("SELECT * FROM accounts WHERE id = ?").get(id);
  return r ? toAccount(r) : null;
}

export function findAccount(db: Database, name: string): Account {
  const r = db.query("SELECT * FROM accounts WHERE name = ?").get(name);
  if (!r) throw new ApiError("not_found", `no account '${name}'`);
  return toAccount(r);
}

/**
 * The only way a balance changes: one ledger row and the new balance in one statement pair, inside the
 * caller's transaction when there is one. The CHECK constraints make a negative balance impossible even
 * if a caller forgets to look first; we look first to give a clear error. IMMEDIATE (a savepoint when
 * nested): a deferred read-then-write fails with SQLITE_BUSY, not a wait, when another process writes.
 */
export function changeCredits(
  db: Database,
  accountId: number,
  delta: number,
  reason: string,
  assetId: number | null = null,
): number {
  if (!Number.isInteger(delta)) throw new ApiError("invalid_request", "credit changes are whole numbers");
  return db
    .transaction(() => {
      const row = db.query("SELECT credits FROM accounts WHERE id = ?").get(accountId) as { credits: number } | null;
      if (!row) throw new ApiError("not_found", `no account #${accountId}`);
      const after = row.credits + delta;
      if (after > Number.MAX_SAFE_INTEGER)
        throw new ApiError(
          "invalid_request",
          `the balance would pass ${Number.MAX_SAFE_INTEGER}, the most a balance can hold exactly; nothing changed`,
        );
      if (after < 0)
        throw new ApiError(
          "insufficient_credits",
          `this needs ${-delta} credits and the account has ${row.credits}; nothing was started or charged`,
        );
      db.query("UPDATE accounts SET credits = ? WHERE id = ?").run(after, accountId);
      db.query(
        "INSERT INTO credit_ledger (account_id, delta, reason, asset_id, balance_after, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(accountId, delta, reason, assetId, after, nowIso());
      return after;
    })
    .immediate();
}

export interface LedgerEntry {
  id: number;
  delta: number;
  reason: string;
  assetId: number | null;
  balanceAfter: number;
  createdAt: string;
}

export function ledger(db: Database, accountId: number, limit = 100): LedgerEntry[] {
  return (
    db.query("SELECT * FROM credit_ledger WHERE account_id = ? ORDER BY id DESC LIMIT ?").all(accountId, limit) as any[]
  ).map((r) => ({
    id: r.id,
    delta: r.delta,
    reason: r.reason,
    assetId: r.asset_id,
    balanceAfter: r.balance_after,
    createdAt: r.created_at,
  }));
}

/** Sum of the ledger; equals the balance column whenever the invariant holds. */
export function ledgerSum(db: Database, accountId: number): number {
  return (
    db.query("SELECT coalesce(sum(delta), 0) AS s FROM credit_ledger WHERE account_id = ?").get(accountId) as {
      s: number;
    }
  ).s;
}
