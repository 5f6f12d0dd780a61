import { Lru } from "../lru.ts";

/**
 * What the zip writer learns about an entry's bytes, kept by their SHA-256 so that the next export of the
 * same bytes copies instead of deflating again (a level-9 deflate per small JSON file). Keyed only by a
 * content hash (the blob store's, or one computed here), never by a weaker checksum, which a hostile
 * upload could collide with another pack's file. Bounded by the bytes it holds; least recently used first out.
 */
export interface PackedForm {
  crc: number;
  /** 8 = deflate, 0 = stored (deflate did not make it smaller, or was not asked for: only the CRC is kept). */
  method: 0 | 8;
  /** The deflated bytes when method is 8. */
  body?: Uint8Array;
}

/** Default budget: small against a server's memory, large enough for a few thousand JSON models. */
export const PACKED_CACHE_BYTES = 32 * 1024 * 1024;
/** Bookkeeping per entry (key, CRC, map slot), counted against the budget. */
const ENTRY_OVERHEAD = 128;

export class PackedCache extends Lru<PackedForm> {
  constructor(maxBytes = PACKED_CACHE_BYTES) {
    super(maxBytes, (form) => (form.body?.length ?? 0) + ENTRY_OVERHEAD);
  }

  /** The key: content hash plus the deflate level, so a change of level never serves old bytes. */
  static key(contentHash: string, level: number): string {
    return `${level}:${contentHash}`;
  }
}

/** One cache per process, shared by every export. */
export const packedForms = new PackedCache();
