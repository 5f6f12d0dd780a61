/**
 * Many asset rows in one pack, straight into the store (no blobs): the store-level search test and
 * bench/assets-find.ts list them. Names follow an imported pack's (block/…, item:…, model kind under
 * block/ and item:…) with a few that hold LIKE's wildcards; the status mix has errors and runs.
 */
import type { SqlDriver } from "../../src/store/db.ts";
import { createAccount } from "../../src/core/accounts.ts";
import { createPack } from "../../src/core/packs.ts";
import { insertAsset, type Kind, type Status } from "../../src/core/assets.ts";

const WORDS = ["stone", "oak_planks", "diamond_sword", "iron_ingot", "glass", "redstone", "copper", "ruby"];

export interface SeededRow {
  kind: Kind;
  name: string;
  status: Status;
}

/** The i-th row's kind, name and status (deterministic, so a test can work out what a search must find). */
export function seededRow(i: number): SeededRow {
  const word = WORDS[i % WORDS.length];
  const kind: Kind = i % 10 === 9 ? "model" : i % 10 === 8 ? "sound" : "texture";
  const name =
    i % 1000 === 500
      ? `odd_100%_${i}` // LIKE's wildcards in names: a search for "0%" must find only these
      : kind === "model"
        ? `block/${word}_${i}`
        : kind === "sound"
          ? `sfx.${word}_${i}`
          : i % 3 === 0
            ? `item:${word}_${i}`
            : `${word}_${i}`;
  const status: Status = i % 97 === 13 ? "error" : i % 211 === 7 ? "generating" : "ready";
  return { kind, name, status };
}

/** A new account and pack holding `n` seeded rows; returns the pack's id and slug and its owner's id. */
export async function fillPack(
  db: SqlDriver,
  n: number,
  name = "Big pack",
): Promise<{ id: number; slug: string; ownerId: number }> {
  const owner = await createAccount(db, `owner_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`, "pro");
  const pack = await createPack(db, owner, name, "1.21.4", 100);
  await db.transaction(async (tx) => {
    for (let i = 0; i < n; i++) {
      const r = seededRow(i);
      await insertAsset(tx, {
        packId: pack.id,
        ...r,
        type: r.kind === "sound" ? "sound" : "block",
        source: "imported",
      });
    }
  });
  return { id: pack.id, slug: pack.slug, ownerId: owner.id };
}
