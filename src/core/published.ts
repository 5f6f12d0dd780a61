/**
 * Published builds: a pack's zip frozen at one moment and served without a key at an unguessable URL, so a
 * Minecraft server can point `resource-pack=` at it and every player's client can download it.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Database } from "../store/db.ts";
import { nowIso } from "../store/db.ts";
import { ApiError } from "./errors.ts";

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

export function insertBuild(
  db: Database,
  b: { packId: number; blob: string; sha1: string; sizeBytes: number; minecraftVersion: string },
): PublishedBuild {
  const id = newBuildId();
  db.query(
    "INSERT INTO published_builds (id, pack_id, blob, sha1, size_bytes, minecraft_version, resource_pack_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(id, b.packId, b.blob, b.sha1, b.sizeBytes, b.minecraftVersion, randomUUID(), nowIso());
  return getBuild(db, id)!;
}

export function getBuild(db: Database, id: string): PublishedBuild | null {
  const r = db.query("SELECT * FROM published_builds WHERE id = ?").get(id);
  return r ? toBuild(r) : null;
}

export function listBuilds(db: Database, packId: number): PublishedBuild[] {
  return (
    db.query("SELECT * FROM published_builds WHERE pack_id = ? ORDER BY created_at DESC, id").all(packId) as any[]
  ).map(toBuild);
}

export function deleteBuild(db: Database, packId: number, id: string): PublishedBuild {
  const b = getBuild(db, id);
  if (!b || b.packId !== packId) throw new ApiError("not_found", `no published build '${id}' in this pack`);
  db.query("DELETE FROM published_builds WHERE id = ?").run(id);
  return b;
}
