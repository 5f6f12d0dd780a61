/**
 * Custom item numbers are frozen: these vectors were taken from the exports before the hash got its own
 * module; a failure here means players' /give numbers would change. Never edit a vector: add a version.
 */
import { describe, expect, test } from "bun:test";
import { ITEM_NUMBER_VERSION, itemNumberHash } from "../../src/pack/item-number.ts";

describe("item number hash, version 1", () => {
  test("vectors", () => {
    expect(ITEM_NUMBER_VERSION).toBe(1);
    const vectors: [string, string, number][] = [
      ["my_pack", "item:ruby_sword", 1719017780],
      ["shop", "item:coin", 2357638797],
      ["a", "", 2811413986],
      ["ünïcode", "item:★", 1154526573],
    ];
    for (const [ns, id, want] of vectors) expect({ ns, id, h: itemNumberHash(ns, id) }).toEqual({ ns, id, h: want });
  });
});
