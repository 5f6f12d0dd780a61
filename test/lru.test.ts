import { describe, expect, test } from "bun:test";
import { Lru } from "../src/lru.ts";

const bytes = (n: number, fill = 0) => new Uint8Array(n).fill(fill);
const cache = (maxBytes: number, maxEntryBytes?: number) =>
  new Lru<Uint8Array>(maxBytes, (b) => b.length, maxEntryBytes);

describe("Lru: a least-recently-used map bounded by bytes", () => {
  test("values filling the budget exactly are all kept; one byte past it evicts the least recently used", () => {
    const c = cache(100);
    c.set("a", bytes(40, 1));
    c.set("b", bytes(60, 2));
    expect([c.get("a")?.[0], c.get("b")?.[0], c.size]).toEqual([1, 2, 2]);
    c.set("c", bytes(1, 3)); // 101 bytes: a is the least recent (b was read after it) and goes
    expect(c.get("a")).toBeUndefined();
    expect([c.get("b")?.length, c.get("c")?.length, c.size]).toEqual([60, 1, 2]);
  });

  test("reading a value makes it the most recent, so the other one is evicted first", () => {
    const c = cache(100);
    c.set("a", bytes(50));
    c.set("b", bytes(50));
    c.get("a");
    c.set("c", bytes(50));
    expect(c.get("b")).toBeUndefined();
    expect(c.get("a")).toBeDefined();
  });

  test("a value at the per-entry bound is kept, one byte over it is not (and evicts nothing)", () => {
    const c = cache(1000, 100);
    c.set("small", bytes(10));
    c.set("at", bytes(100));
    c.set("over", bytes(101));
    expect(c.get("at")?.length).toBe(100);
    expect(c.get("over")).toBeUndefined();
    expect(c.get("small")).toBeDefined();
  });

  test("the per-entry bound defaults to the whole budget", () => {
    const c = cache(100);
    c.set("whole", bytes(100));
    c.set("more", bytes(101));
    expect(c.get("whole")).toBeDefined();
    expect(c.get("more")).toBeUndefined();
  });

  test("a kept key is not replaced, and delete gives its bytes back to the budget", () => {
    const c = cache(100);
    c.set("a", bytes(60, 1));
    c.set("a", bytes(60, 9));
    expect(c.get("a")?.[0]).toBe(1);
    c.delete("a");
    c.delete("missing");
    expect(c.get("a")).toBeUndefined();
    c.set("b", bytes(50));
    c.set("c", bytes(50)); // fits only because a's 60 bytes were given back
    expect([c.get("b")?.length, c.get("c")?.length, c.size]).toEqual([50, 50, 2]);
  });

  test("sizeOf decides what a value counts", () => {
    const c = new Lru<{ body: string }>(10, (v) => v.body.length + 2);
    c.set("a", { body: "abc" }); // 5
    c.set("b", { body: "abc" }); // 10: both fit
    expect(c.size).toBe(2);
    c.set("c", { body: "" }); // 12: a goes
    expect(c.get("a")).toBeUndefined();
    expect(c.size).toBe(2);
  });
});
