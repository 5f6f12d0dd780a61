import type { Database } from "../store/db.ts";
import { nowIso } from "../store/db.ts";
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
    .slice(0, 48)
    .replace(/-+$/, "");
  return s || "pack";
}

/**
 * Creates a pack with a server-wide unique slug. The slug is picked and inserted in one transaction,
 * and the UNIQUE index settles any race with another process (the CLI) by retrying with the next suffix.
 */
export function createPack(
  db: Database,
  owner: Account,
  name: string,
  minecraftVersion: string,
  packLimit: number,
  description = "",
): PackRow {
  const base = slugBase(name);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return db
        .transaction(() => {
          const owned = (db.query("SELECT count(*) AS n FROM packs WHERE owner_id = ?").get(owner.id) as { n: number })
            .n;
          if (owned >= packLimit)
            throw new ApiError(
              "pack_limit_reached",
              `the ${owner.plan} plan allows ${packLimit} packs and this account has ${owned}`,
            );
          const slug = freeSlug(db, base);
          const at = nowIso();
          const { lastInsertRowid } = db
            .query(
              "INSERT INTO packs (slug, name, minecraft_version, owner_id, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            )
            .run(slug, name, minecraftVersion, owner.id, description, at, at);
          return getPackById(db, Number(lastInsertRowid))!;
        })
        .immediate();
    } catch (e) {
      if (e instanceof Error && /UNIQUE constraint failed: packs.slug/.test(e.message)) continue;
      throw e;
    }
  }
  throw new ApiError("request_failed", "could not find a free slug; try again");
}

function freeSlug(db: Database, base: string): string {
  if (!db.query("SELECT 1 FROM packs WHERE slug = ?").get(base)) return base;
  // Highest numeric suffix in use, so creation stays O(1) queries however many "my-pack-N" exist.
  const taken = db
    .query("SELECT slug FROM packs WHERE slug LIKE ? ESCAPE '\\'")
    .all(base.replace(/[%_\\]/g, "\\$&") + "-%") as { slug: string }[];
  let max = 1;
  for (const { slug } of taken) {
    const tail = slug.slice(base.length + 1);
    if (/^\d+$/.test(tail)) max = Math.max(max, Number(tail));
  }
  return `${base}-${max + 1}`;
}

export function getPackById(db: Database, id: number): PackRow | null {
  const r = db.query("SELECT * FROM packs WHERE id = ?").get(id);
  return r ? toPack(r) : null;
}

export function getPackBySlug(db: Database, slug: string): PackRow | null {
  const r = db.query("SELECT * FROM packs WHERE slug = ?").get(slug);
  return r ? toPack(r) : null;
}

/** The caller's role in a pack, or null when the pack is not theirs to see. */
export function roleIn(db: Database, pack: PackRow, accountId: number): Role | null {
  if (pack.ownerId === accountId) return "owner";
  return db.query("SELECT 1 FROM pack_members WHERE pack_id = ? AND account_id = ?").get(pack.id, accountId)
    ? "collaborator"
    : null;
}

/** A pack the caller can reach; another account's pack answers not_found so slugs leak nothing. */
export function reachablePack(db: Database, slug: string, accountId: number): { pack: PackRow; role: Role } {
  const pack = getPackBySlug(db, slug);
  const role = pack ? roleIn(db, pack, accountId) : null;
  if (!pack || !role) throw new ApiError("not_found", `no pack '${slug}'`);
  return { pack, role };
}

export function listReachablePacks(db: Database, accountId: number): { pack: PackRow; role: Role }[] {
  const rows = db
    .query(
      `SELECT p.*, CASE WHEN p.owner_id = ?1 THEN 'owner' ELSE 'collaborator' END AS role FROM packs p
       WHERE p.owner_id = ?1 OR p.id IN (SELECT pack_id FROM pack_members WHERE account_id = ?1) ORDER BY p.id`,
    )
    .all(accountId) as any[];
  return rows.map((r) => ({ pack: toPack(r), role: r.role }));
}

export function sharePack(db: Database, slug: string, accountId: number): void {
  const pack = getPackBySlug(db, slug);
  if (!pack) throw new ApiError("not_found", `no pack '${slug}'`);
  if (pack.ownerId === accountId) throw new ApiError("invalid_request", "the owner is already in the pack");
  db.query("INSERT OR IGNORE INTO pack_members (pack_id, account_id, added_at) VALUES (?, ?, ?)").run(
    pack.id,
    accountId,
    nowIso(),
  );
}

/**
 * Counts by the spec's four buckets: textures are block textures, item sprites and GUI/HUD sheets
 * (a model's own textures belong to the model); icons are font glyphs.
 */
export function assetCounts(db: Database, packId: number): AssetCounts {
  const rows = db
    .query("SELECT kind, count(*) AS n FROM assets WHERE pack_id = ? AND type != 'model_texture' GROUP BY kind")
    .all(packId) as {
    kind: string;
    n: number;
  }[];
  const by = Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  return { textures: by.texture ?? 0, models: by.model ?? 0, icons: by.font ?? 0, sounds: by.sound ?? 0 };
}
