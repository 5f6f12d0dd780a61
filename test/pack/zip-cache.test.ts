import { describe, expect, test } from "bun:test";
import { unzipSync } from "fflate";
import { PackedCache, packedForms } from "../../src/pack/zip-cache.ts";
import { zipBytes } from "../../src/pack/zip-write.ts";

const text = (s: string) => new TextEncoder().encode(s);

describe("packed-form cache", () => {
  test("keeps the most recently used entries within its byte budget", () => {
    const cache = new PackedCache(1000);
    const body = new Uint8Array(300);
    cache.set("a", { crc: 1, method: 8, body });
    cache.set("b", { crc: 2, method: 8, body });
    expect(cache.get("a")?.crc).toBe(1); // a is now the most recent
    cache.set("c", { crc: 3, method: 8, body }); // 3 x (300 + overhead) > 1000: b goes
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.crc).toBe(1);
    expect(cache.get("c")?.crc).toBe(3);
    cache.set("huge", { crc: 4, method: 8, body: new Uint8Array(2000) }); // larger than the budget: not kept
    expect(cache.get("huge")).toBeUndefined();
  });

  test("the key carries the deflate level, so a stored form is never served for a deflated one", async () => {
    expect(await PackedCache.key("ab", 9)).not.toBe(await PackedCache.key("ab", 0));
  });

  test("a zip built from cached forms is byte-identical to one built cold, and reads back", () => {
    const entries = () => [
      { name: "a.json", data: text(JSON.stringify({ parent: "block/cube_all", n: 1 }).repeat(20)), compress: true },
      { name: "b.bin", data: new Uint8Array([1, 2, 3, 4, 5]), compress: false, contentHash: "f".repeat(64) },
    ];
    const before = packedForms.size;
    const cold = zipBytes(entries());
    expect(packedForms.size).toBeGreaterThan(before);
    const warm = zipBytes(entries());
    expect(warm).toEqual(cold);
    const files = unzipSync(warm);
    expect(new TextDecoder().decode(files["a.json"])).toBe(
      JSON.stringify({ parent: "block/cube_all", n: 1 }).repeat(20),
    );
    expect([...files["b.bin"]]).toEqual([1, 2, 3, 4, 5]);
  });
});
