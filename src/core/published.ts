/**
 * Published builds: a pack's zip frozen at one moment and served without a key at an unguessable URL, so a
 * Minecraft server can point `resource-pack=` at it and every player's client can download it.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { SqlDriver } from "../store/sql.ts";
import { nowIso } from "../store/db.ts";
import { ApiError } from "./errors.ts";
import type { Services } from "../services.ts";
import type { PackRow } from "./packs.ts";

export interface PublishedBuild {
  id: string;
  packId: number;
  blob: string;
  sha1: string;
  sizeBytes: number;
  minecraftVersion: string;
  /** The UUID a 1.20.3+ server sends as resource-pack-id. */
  resourcePackId: string;
  createdAt: string;
}

const toBuild = (r: any): PublishedBuild => ({
  id: r.id,
  packId: r.pack_id,
  blob: r.blob,
  sha1: r.sha1,
  sizeBytes: r.size_bytes,
  minecraftVersion: r.minecraft_version,
  resourcePackId: r.resource_pack_id,
  createdAt: r.created_at,
});

/** 24 random bytes: the URL is the only secret between the server owner and the world. */
const newBuildId = () => randomBytes(24).toString("base64url");

export async function insertBuild(
  db: SqlDriver,
  b: { packId: number; blob: string; sha1: string; sizeBytes: number; minecraftVersion: string },
): Promise<PublishedBuild> {
  const r = await db.get(
    "INSERT INTO published_builds (id, pack_id, blob, sha1, size_bytes, minecraft_version, resource_pack_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
    [newBuildId(), b.packId, b.blob, b.sha1, b.sizeBytes, b.minecraftVersion, randomUUID(), nowIso()],
  );
  return toBuild(r);
}

export async function getBuild(db: SqlDriver, id: string): Promise<PublishedBuild | null> {
  const r = await db.get("SELECT * FROM published_builds WHERE id = ?", [id]);
  return r ? toBuild(r) : null;
}

export async function listBuilds(db: SqlDriver, packId: number): Promise<PublishedBuild[]> {
  return (await db.all("SELECT * FROM published_builds WHERE pack_id = ? ORDER BY created_at DESC, id", [packId])).map(
    toBuild,
  );
}

export async function deleteBuild(db: SqlDriver, packId: number, id: string): Promise<PublishedBuild> {
  const b = await getBuild(db, id);
  if (!b || b.packId !== packId) throw new ApiError("not_found", `no published build '${id}' in this pack`);
  await db.run("DELETE FROM published_builds WHERE id = ?", [id]);
  return b;
}

/** A zip kept as a new build of `pack`: stored as a blob, its SHA-1 taken (what servers and plugins pass on). */
export async function publishZip(svc: Services, pack: PackRow, bytes: Uint8Array): Promise<PublishedBuild> {
  const blob = await svc.blobs.put(bytes);
  return insertBuild(svc.db, {
    packId: pack.id,
    blob,
    sha1: new Bun.CryptoHasher("sha1").update(bytes).digest("hex"),
    sizeBytes: bytes.length,
    minecraftVersion: pack.minecraftVersion,
  });
}
