import type { SqlDriver } from "../store/sql.ts";
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

export async function createAccount(
  db: SqlDriver,
  name: string,
  plan: Plan = "creator",
  credits = 0,
): Promise<Account> {
  if (!/^[a-zA-Z0-9_.-]{1,64}$/.test(name))
    throw new ApiError("invalid_request", `account name '${name}' must be 1-64 letters, digits, '.', '_' or '-'`);
  if (!Number.isInteger(credits) || credits < 0)
    throw new ApiError("invalid_request", "credits must be a whole number >= 0");
  return db.transaction(async (tx) => {
    if (await tx.get("SELECT 1 FROM accounts WHERE name = ?", [name]))
      throw new ApiError("conflict", `account '${name}' already exists`);
    const at = nowIso();
    const { id } = (await tx.get<{ id: number }>(
      "INSERT INTO accounts (name, plan, credits, created_at) VALUES (?, ?, 0, ?) RETURNING id",
      [name, plan, at],
    ))!;
    if (credits > 0) await changeCredits(tx, id, credits, "grant");
    return (await getAccount(tx, id))!;
  });
}

export async function getAccount(db: SqlDriver, id: number): Promise<Account | null> {
  const r = await db.get("SELECT * FROM accounts WHERE id = ?", [id]);
  return r ? toAccount(r) : null;
}

export async function findAccount(db: SqlDriver, name: string): Promise<Account> {
  const r = await db.get("SELECT * FROM accounts WHERE name = ?", [name]);
  if (!r) throw new ApiError("not_found", `no account '${name}'`);
  return toAccount(r);
}

/**
 * The only way a balance changes: one ledger row and the new balance, inside the caller's transaction when
 * there is one (a savepoint then). The bounds are checked by the UPDATE itself, so two changes can never both
 * pass a check made on the same old balance, whatever the engine's isolation; the CHECK constraints hold the
 * line even so. Only a refused change reads the balance, to say why.
 */
export async function changeCredits(
  db: SqlDriver,
  accountId: number,
  delta: number,
  reason: string,
  assetId: number | null = null,
): Promise<number> {
  if (!Number.isInteger(delta)) throw new ApiError("invalid_request", "credit changes are whole numbers");
  return db.transaction(async (tx) => {
    const changed = await tx.get<{ credits: number }>(
      "UPDATE accounts SET credits = credits + ? WHERE id = ? AND credits + ? >= 0 AND credits + ? <= ? RETURNING credits",
      [delta, accountId, delta, delta, Number.MAX_SAFE_INTEGER],
    );
    if (!changed) {
      const row = await tx.get<{ credits: number }>("SELECT credits FROM accounts WHERE id = ?", [accountId]);
      if (!row) throw new ApiError("not_found", `no account #${accountId}`);
      if (Number(row.credits) + delta > Number.MAX_SAFE_INTEGER)
        throw new ApiError(
          "invalid_request",
          `the balance would pass ${Number.MAX_SAFE_INTEGER}, the most a balance can hold exactly; nothing changed`,
        );
      throw new ApiError(
        "insufficient_credits",
        `this needs ${-delta} credits and the account has ${row.credits}; nothing was started or charged`,
      );
    }
    const after = Number(changed.credits);
    await tx.run(
      "INSERT INTO credit_ledger (account_id, delta, reason, asset_id, balance_after, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      [accountId, delta, reason, assetId, after, nowIso()],
    );
    return after;
  });
}

export interface LedgerEntry {
  id: number;
  delta: number;
  reason: string;
  assetId: number | null;
  balanceAfter: number;
  createdAt: string;
}

export async function ledger(db: SqlDriver, accountId: number, limit = 100): Promise<LedgerEntry[]> {
  return (
    await db.all<any>("SELECT * FROM credit_ledger WHERE account_id = ? ORDER BY id DESC LIMIT ?", [accountId, limit])
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
export async function ledgerSum(db: SqlDriver, accountId: number): Promise<number> {
  const r = await db.get<{ s: number | string }>(
    "SELECT coalesce(sum(delta), 0) AS s FROM credit_ledger WHERE account_id = ?",
    [accountId],
  );
  // PostgreSQL's sum of integers is a bigint, which comes back as a string.
  return Number(r!.s);
}
