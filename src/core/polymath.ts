/**
 * Upload tokens for the Polymath protocol (http/polymath.ts): the item plugins (Oraxen, Nexo) send no
 * Authorization header, only a base address they were configured with, so the secret travels in that address
 * (`<public-url>/polymath/<token>/upload`). A token belongs to one pack, is shown once, is stored only as its
 * SHA-256, and can be revoked; an upload is never accepted without a live one.
 */
import { randomBytes } from "node:crypto";
import type { SqlDriver } from "../store/sql.ts";
import { nowIso } from "../store/db.ts";
import { ApiError } from "./errors.ts";

export interface PolymathToken {
  id: string;
  packId: number;
  createdAt: string;
  revokedAt: string | null;
}

const hash = (token: string) => new Bun.CryptoHasher("sha256").update(token).digest("hex");
const toToken = (r: any): PolymathToken => ({
  id: r.id,
  packId: r.pack_id,
  createdAt: r.created_at,
  revokedAt: r.revoked_at ?? null,
});

/** A new token for `packId`: `pm<id><secret>`, the id (its first 14 characters) names it for listing and revoking. */
export async function createPolymathToken(db: SqlDriver, packId: number): Promise<{ token: string; id: string }> {
  const id = `pm${randomBytes(9).toString("base64url")}`;
  const token = `${id}${randomBytes(24).toString("base64url")}`;
  await db.run("INSERT INTO polymath_tokens (id, pack_id, token_hash, created_at) VALUES (?, ?, ?, ?)", [
    id,
    packId,
    hash(token),
    nowIso(),
  ]);
  return { token, id };
}

/** The live token's record, or null for an unknown or revoked one. */
export async function findPolymathToken(db: SqlDriver, token: string): Promise<PolymathToken | null> {
  if (!/^pm[A-Za-z0-9_-]{40,80}$/.test(token)) return null;
  const r = await db.get("SELECT * FROM polymath_tokens WHERE token_hash = ? AND revoked_at IS NULL", [hash(token)]);
  return r ? toToken(r) : null;
}

export async function listPolymathTokens(db: SqlDriver, packId: number): Promise<PolymathToken[]> {
  return (await db.all("SELECT * FROM polymath_tokens WHERE pack_id = ? ORDER BY created_at, id", [packId])).map(
    toToken,
  );
}

export async function revokePolymathToken(db: SqlDriver, packId: number, id: string): Promise<PolymathToken> {
  const r = await db.get("SELECT * FROM polymath_tokens WHERE id = ? AND pack_id = ?", [id, packId]);
  if (!r) throw new ApiError("not_found", `no Polymath upload token '${id}' in this pack`);
  await db.run("UPDATE polymath_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [nowIso(), id]);
  return toToken(await db.get("SELECT * FROM polymath_tokens WHERE id = ?", [id]));
}
