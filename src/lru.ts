/**
 * A least-recently-used map bounded by the bytes its values hold, not by their count: the caches that keep
 * bytes in memory (recently read blobs in store/, finished previews in files/, deflated zip entries in pack/)
 * hold values from a few bytes to megabytes, so only a byte budget bounds their memory. It sits at the bottom
 * layer because all three share it and none may import the others.
 */
export class Lru<V> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  /**
   * @param sizeOf what a value counts against the budget
   * @param maxEntryBytes larger values are not kept at all (one of them would evict everything else)
   */
  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
    private readonly maxEntryBytes = maxBytes,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // A Map keeps insertion order: re-inserting marks the entry most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Keeps `value` unless it is over the per-entry bound or the key is already kept; evicts the least recent. */
  set(key: string, value: V): void {
    const size = this.sizeOf(value);
    if (size > this.maxEntryBytes || this.entries.has(key)) return;
    this.entries.set(key, value);
    this.bytes += size;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= this.sizeOf(v);
    }
  }

  delete(key: string): void {
    const hit = this.entries.get(key);
    if (hit === undefined) return;
    this.entries.delete(key);
    this.bytes -= this.sizeOf(hit);
  }

  /** How many values are kept. */
  get size(): number {
    return this.entries.size;
  }
}
