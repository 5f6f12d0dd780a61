/**
 * Registration at export (spec, "Origin check", verdict rules 3 and 4): while a zip streams, every
 * service-generated PNG and JSON it holds is fingerprinted from the exact bytes written; the
 * fingerprints are committed in one transaction once the whole zip has been produced, so an export
 * that fails or is abandoned registers nothing. Uploaded and imported files are never noted, sounds
 * never, and content below the distinctness floor (distinct.ts) never. A record holds hash, form,
 * kind and first-seen time only; the first export of a hash fixes them.
 */
import type { SqlDriver } from "../store/sql.ts";
import type { Kind } from "../pack/asset-kind.ts";
import { originFingerprint } from "./distinct.ts";
import { OriginRegistry, type OriginEntry } from "./registry.ts";

const registries = new WeakMap<SqlDriver, OriginRegistry>();

/** The registry over a store's database, built once. */
export function originRegistry(db: SqlDriver): OriginRegistry {
  let r = registries.get(db);
  if (!r) registries.set(db, (r = new OriginRegistry(db)));
  return r;
}

const REGISTERED_FILE = /\.(png|json)$/i;

/**
 * Fingerprints by content: decoding a PNG costs far more than the zip work around it, and an unchanged
 * pack exports the same bytes every time. A fingerprint depends only on the bytes and the form, so
 * (SHA-256 of the bytes, extension) is an exact key. Oldest entries go first past the cap (~10 MB).
 */
const MEMO_CAP = 100_000;
const memo = new Map<string, { hash: string; form: OriginEntry["form"] } | null>();

function fingerprint(path: string, bytes: Uint8Array, contentHash?: string) {
  const key = `${path.slice(path.lastIndexOf(".") + 1).toLowerCase()}:${contentHash ?? new Bun.CryptoHasher("sha256").update(bytes).digest("hex")}`;
  if (memo.has(key)) return memo.get(key)!;
  const fp = originFingerprint(path, bytes);
  if (memo.size >= MEMO_CAP) memo.delete(memo.keys().next().value!);
  memo.set(key, fp);
  return fp;
}

export class ExportRegistration {
  private readonly entries: OriginEntry[] = [];
  private readonly seen = new Set<string>();
  private committed = false;

  constructor(private readonly db: SqlDriver) {}

  /**
   * Fingerprints one generated file as written into the zip; false when it is not registrable.
   * `contentHash`, the SHA-256 of `bytes` when the caller already has it (a blob's name), saves hashing.
   */
  note(path: string, bytes: Uint8Array, kind: Kind, contentHash?: string): boolean {
    if (this.committed) throw new Error("this export's registration is already committed");
    if (kind === "sound" || !REGISTERED_FILE.test(path)) return false;
    const fp = fingerprint(path, bytes, contentHash);
    if (!fp) return false;
    if (!this.seen.has(fp.hash)) {
      this.seen.add(fp.hash);
      this.entries.push({ hash: fp.hash, form: fp.form, kind });
    }
    return true;
  }

  get size(): number {
    return this.entries.length;
  }

  /** Records everything noted; returns how many hashes were new to the registry. */
  async commit(at: Date = new Date()): Promise<number> {
    if (this.committed) return 0;
    this.committed = true;
    return this.entries.length ? originRegistry(this.db).register(this.entries, at) : 0;
  }
}
