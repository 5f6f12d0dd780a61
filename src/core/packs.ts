import type { SqlDriver } from "../store/sql.ts";
import { randomBytes } from "node:crypto";
import { nowIso } from "../store/db.ts";
import { UniqueViolation } from "../store/sql.ts";
import { ApiError } from "./errors.ts";
import type { Account } from "./accounts.ts";

export type Role = "owner" | "collaborator";

export interface PackRow {
  id: number;
  slug: string;
  name: string;
  minecraftVersion: string;
  ownerId: number;
  description: string;
  createdAt: string;
  updatedAt: string;
}

export interface AssetCounts {
  textures: number;
  models: number;
  icons: number;
  sounds: number;
}

const toPack = (r: any): PackRow => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  minecraftVersion: r.minecraft_version,
  ownerId: r.owner_id,
  description: r.description,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Slug rules: lower-case letters, digits and single hyphens, at most 48 characters; never a colon (handles split on it). */
export function slugBase(name: string): string {
  const s = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return s || "pack";
}

/**
 * Creates a pack with a server-wide unique slug. The slug is picked and inserted in one transaction,
 * and the UNIQUE index settles any race with another process (the CLI) by retrying with another suffix.
 */
export async function createPack(
  db: SqlDriver,
  owner: Account,
  name: string,
  minecraftVersion: string,
  packLimit: number,
  description = "",
): Promise<PackRow> {
  const base = slugBase(name);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const owned = (await tx.get<{ n: number }>("SELECT count(*) AS n FROM packs WHERE owner_id = ?", [owner.id]))!
          .n;
        if (owned >= packLimit)
          throw new ApiError(
            "pack_limit_reached",
            `the ${owner.plan} plan allows ${packLimit} packs and this account has ${owned}`,
          );
        const slug = await freeSlug(tx, base);
        const at = nowIso();
        const r = await tx.get(
          "INSERT INTO packs (slug, name, minecraft_version, owner_id, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *",
          [slug, name, minecraftVersion, owner.id, description, at, at],
        );
        return toPack(r);
      });
    } catch (e) {
      // The only unique key a new pack can collide on is its slug: another process took it first.
      if (e instanceof UniqueViolation) continue;
      throw e;
    }
  }
  throw new ApiError("request_failed", "could not find a free slug; try again");
}

/**
 * The slug itself when free, else the base with a short random suffix (`my-pack-k3x9qz`), whoever holds the
 * base: a counted suffix (`my-pack-2`) would tell a caller that another account has a pack of that name.
 */
async function freeSlug(db: SqlDriver, base: string): Promise<string> {
  let slug = base;
  while (await db.get("SELECT 1 FROM packs WHERE slug = ?", [slug]))
    slug = `${base.slice(0, SLUG_MAX - SUFFIX_LENGTH - 1).replace(/-+$/, "")}-${randomSuffix()}`;
  return slug;
}

const SLUG_MAX = 48;
const SUFFIX_LENGTH = 6;
const SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
/** Six letters or digits: 36^6 ≈ 2.2 billion, so a collision of suffixes is a retry, not a pattern. */
const randomSuffix = () =>
  Array.from(randomBytes(SUFFIX_LENGTH), (b) => SUFFIX_ALPHABET[b % SUFFIX_ALPHABET.length]).join("");

export async function getPackById(db: SqlDriver, id: number): Promise<PackRow | null> {
  const r = await db.get("SELECT * FROM packs WHERE id = ?", [id]);
  return r ? toPack(r) : null;
}

export async function getPackBySlug(db: SqlDriver, slug: string): Promise<PackRow | null> {
  const r = await db.get("SELECT * FROM packs WHERE slug = ?", [slug]);
  return r ? toPack(r) : null;
}

/** The caller's role in a pack, or null when the pack is not theirs to see. */
export async function roleIn(db: SqlDriver, pack: PackRow, accountId: number): Promise<Role | null> {
  if (pack.ownerId === accountId) return "owner";
  return (await db.get("SELECT 1 FROM pack_members WHERE pack_id = ? AND account_id = ?", [pack.id, accountId]))
    ? "collaborator"
    : null;
}

/** A pack the caller can reach; another account's pack answers not_found so slugs leak nothing. */
export async function reachablePack(
  db: SqlDriver,
  slug: string,
  accountId: number,
): Promise<{ pack: PackRow; role: Role }> {
  const pack = await getPackBySlug(db, slug);
  const role = pack ? await roleIn(db, pack, accountId) : null;
  if (!pack || !role) throw new ApiError("not_found", `no pack '${slug}'`);
  return { pack, role };
}

export async function listReachablePacks(db: SqlDriver, accountId: number): Promise<{ pack: PackRow; role: Role }[]> {
  const rows = await db.all<any>(
    `SELECT p.*, CASE WHEN p.owner_id = ? THEN 'owner' ELSE 'collaborator' END AS role FROM packs p
     WHERE p.owner_id = ? OR p.id IN (SELECT pack_id FROM pack_members WHERE account_id = ?) ORDER BY p.id`,
    [accountId, accountId, accountId],
  );
  return rows.map((r) => ({ pack: toPack(r), role: r.role }));
}

export async function sharePack(db: SqlDriver, slug: string, accountId: number): Promise<void> {
  const pack = await getPackBySlug(db, slug);
  if (!pack) throw new ApiError("not_found", `no pack '${slug}'`);
  if (pack.ownerId === accountId) throw new ApiError("invalid_request", "the owner is already in the pack");
  await db.run("INSERT INTO pack_members (pack_id, account_id, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", [
    pack.id,
    accountId,
    nowIso(),
  ]);
}

/**
 * Counts by the spec's four buckets: textures are block textures, item sprites and GUI/HUD sheets
 * (a model's own textures belong to the model); icons are font glyphs.
 */
export async function assetCounts(db: SqlDriver, packId: number): Promise<AssetCounts> {
  const rows = await db.all<{ kind: string; n: number }>(
    "SELECT kind, count(*) AS n FROM assets WHERE pack_id = ? AND type != 'model_texture' GROUP BY kind",
    [packId],
  );
  const by = Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  return { textures: by.texture ?? 0, models: by.model ?? 0, icons: by.font ?? 0, sounds: by.sound ?? 0 };
}
