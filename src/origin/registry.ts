import type { SqlDriver } from "../store/sql.ts";
import { invalid } from "../domain-error.ts";

/**
 * The origin registry: content hashes of exported, service-generated files (spec, "Origin check").
 * A record holds only hash, form, kind and first-seen time — never a pack, user, prompt or asset id.
 *
 * Storage: one WITHOUT ROWID table clustered on the hash, so a lookup is one B-tree descent and a
 * 5-character prefix range is one contiguous scan (`hash >= prefix AND hash < prefix || 'g'`, since
 * 'g' sorts after every lowercase hex digit; on PostgreSQL that needs the C collation for the column).
 * first_seen is epoch milliseconds to keep rows small at a million and more.
 */
export const ORIGIN_MIGRATION = `
CREATE TABLE IF NOT EXISTS origin_records (
  hash TEXT PRIMARY KEY NOT NULL CHECK (length(hash) = 64),
  form TEXT NOT NULL,
  kind TEXT NOT NULL,
  first_seen INTEGER NOT NULL
) WITHOUT ROWID, STRICT;
`;

export const MAX_LOOKUP_HASHES = 256;
export const RANGE_PREFIX_LENGTH = 5;
/**
 * Padding for range answers (`Add-Padding: true`): the answer is topped up with decoys to a total
 * drawn uniformly from [PAD_MIN_TOTAL, PAD_MAX_TOTAL], so its length says nothing about the real
 * bucket. With 16^5 buckets a registry holds ~24 x 1M = 24M records before a typical bucket outgrows
 * the padding; a bucket already past the drawn total is returned without decoys.
 */
export const PAD_MIN_TOTAL = 24;
export const PAD_MAX_TOTAL = 48;

const HASH_RE = /^[0-9a-fA-F]{64}$/;
const PREFIX_RE = /^[0-9a-fA-F]{5}$/;

export type LookupResult =
  | { hash: string; verdict: "generated"; form: string; kind: string; firstSeen: string }
  | { hash: string; verdict: "no_record" };

export interface RangeEntry {
  suffix: string;
  form: string;
  kind: string;
  firstSeen: string;
  decoy?: true;
}

export interface OriginEntry {
  hash: string;
  form: string;
  kind: string;
}

interface Row {
  hash: string;
  form: string;
  kind: string;
  first_seen: number;
}

/** Checks a lookup body's `hashes` and returns them lowercased; invalid_request otherwise. */
export function validateHashes(input: unknown): string[] {
  if (!Array.isArray(input)) throw invalid("hashes must be an array of 64-character hex strings");
  if (input.length > MAX_LOOKUP_HASHES) {
    throw invalid(`hashes holds ${input.length} entries; at most ${MAX_LOOKUP_HASHES} per call`);
  }
  return input.map((h, i) => {
    if (typeof h !== "string" || !HASH_RE.test(h)) {
      throw invalid(`hashes[${i}] must be 64 hexadecimal characters (a SHA-256 in hex)`);
    }
    return h.toLowerCase();
  });
}

/** Checks a range prefix and returns it lowercased; invalid_request otherwise. */
export function validatePrefix(input: unknown): string {
  if (typeof input !== "string" || !PREFIX_RE.test(input)) {
    throw invalid(`prefix must be exactly ${RANGE_PREFIX_LENGTH} hexadecimal characters`);
  }
  return input.toLowerCase();
}

const iso = (ms: number) => new Date(ms).toISOString();

const INSERT =
  "INSERT INTO origin_records (hash, form, kind, first_seen) VALUES (?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING";
const BY_HASH = "SELECT hash, form, kind, first_seen FROM origin_records WHERE hash = ?";
const BY_RANGE = "SELECT hash, form, kind, first_seen FROM origin_records WHERE hash >= ? AND hash < ? ORDER BY hash";

export class OriginRegistry {
  constructor(private readonly db: SqlDriver) {}

  /**
   * Records fingerprints in one transaction and returns how many were new. The first registration
   * of a hash wins: a later one changes neither its first-seen time nor its form or kind.
   */
  async register(entries: OriginEntry[], at: Date = new Date()): Promise<number> {
    const clean = entries.map((e, i) => {
      if (typeof e.hash !== "string" || !HASH_RE.test(e.hash))
        throw new Error(`origin entry ${i}: hash is not 64 hex characters`);
      if (!e.form || !e.kind) throw new Error(`origin entry ${i}: form and kind are required`);
      return { hash: e.hash.toLowerCase(), form: e.form, kind: e.kind };
    });
    // Hash order turns a big batch's random B-tree inserts into mostly-sequential page writes.
    if (clean.length > 1) clean.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
    const ms = at.getTime();
    return this.db.transaction(async (tx) => {
      let added = 0;
      for (const e of clean) added += (await tx.run(INSERT, [e.hash, e.form, e.kind, ms])).changes;
      return added;
    });
  }

  /** One result per hash, in the order given (duplicates answered twice); `matched` counts `generated`. */
  async lookup(hashes: unknown): Promise<{ results: LookupResult[]; matched: number }> {
    let matched = 0;
    const results: LookupResult[] = [];
    for (const hash of validateHashes(hashes)) {
      const row = await this.db.get<Row>(BY_HASH, [hash]);
      if (!row) results.push({ hash, verdict: "no_record" });
      else {
        matched++;
        results.push({
          hash,
          verdict: "generated",
          form: row.form,
          kind: row.kind,
          firstSeen: iso(Number(row.first_seen)),
        });
      }
    }
    return { results, matched };
  }

  /** Every record whose hash starts with `prefix`, by suffix; with padding, decoys are mixed in. */
  async range(prefix: unknown, opts: { padding?: boolean } = {}): Promise<{ prefix: string; suffixes: RangeEntry[] }> {
    const p = validatePrefix(prefix);
    const suffixes: RangeEntry[] = (await this.db.all<Row>(BY_RANGE, [p, `${p}g`])).map((r) => ({
      suffix: r.hash.slice(RANGE_PREFIX_LENGTH),
      form: r.form,
      kind: r.kind,
      firstSeen: iso(Number(r.first_seen)),
    }));
    if (opts.padding) {
      addDecoys(suffixes);
      suffixes.sort((a, b) => (a.suffix < b.suffix ? -1 : a.suffix > b.suffix ? 1 : 0));
    }
    return { prefix: p, suffixes };
  }

  async count(): Promise<number> {
    return (await this.db.get<{ n: number }>("SELECT count(*) AS n FROM origin_records"))!.n;
  }
}

/** Plausible-looking decoys with the same field lengths as real entries, drawn from crypto randomness. */
const DECOY_SHAPES = [
  { form: "png", kind: "texture" },
  { form: "png", kind: "font" },
  { form: "json", kind: "model" },
];
/** Decoy first-seen times fall between this date and now. */
const DECOY_EPOCH = Date.UTC(2025, 0, 1);

function addDecoys(suffixes: RangeEntry[]) {
  const [draw] = crypto.getRandomValues(new Uint32Array(1));
  const total = PAD_MIN_TOTAL + (draw % (PAD_MAX_TOTAL - PAD_MIN_TOTAL + 1));
  const needed = total - suffixes.length;
  if (needed <= 0) return;
  // One draw for every decoy: 30 bytes of suffix (59 hex used) and 8 bytes for shape and time each.
  const random = crypto.getRandomValues(new Uint8Array(needed * 38));
  const words = new DataView(random.buffer);
  const taken = new Set(suffixes.map((s) => s.suffix));
  const span = Math.max(1, Date.now() - DECOY_EPOCH);
  for (let i = 0; i < needed; i++) {
    const at = i * 38;
    const suffix = Buffer.from(random.subarray(at, at + 30))
      .toString("hex")
      .slice(0, 64 - RANGE_PREFIX_LENGTH);
    if (taken.has(suffix)) continue; // 2^-236 odds; one decoy fewer is harmless
    taken.add(suffix);
    const shape = DECOY_SHAPES[words.getUint32(at + 30) % DECOY_SHAPES.length];
    const seen = DECOY_EPOCH + Math.floor((words.getUint32(at + 34) / 2 ** 32) * span);
    suffixes.push({ suffix, ...shape, firstSeen: iso(seen), decoy: true });
  }
}
