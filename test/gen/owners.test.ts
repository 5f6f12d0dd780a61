import { describe, expect, test } from "bun:test";
import { interpret } from "../../src/gen/interpret/read.ts";
import { ownerFlavour, ownerWords } from "../../src/gen/interpret/owners.ts";
import { itemRgba } from "../../src/gen/item.ts";
import { OWNER_KINDS } from "../../scripts/lexicon/owners.ts";
import { FLAVOUR_TABLE } from "../../src/gen/art/flavours.ts";
import type { Rgba } from "../../src/media/png.ts";

const item = (prompt: string) => itemRgba({ prompt, seed: 7, size: 16 });
const same = (a: Rgba, b: Rgba) => Buffer.from(a.data).equals(Buffer.from(b.data));

describe("an owner's mark on their things ('a knight's', 'a blacksmith's')", () => {
  test("every owner kind gives a flavour the painters draw", () => {
    for (const flavour of Object.values(OWNER_KINDS)) expect(FLAVOUR_TABLE).toHaveProperty(flavour);
  });
  test("only a word said with 's is an owner (straight or curly apostrophe)", () => {
    expect([...ownerWords("a Knight's sword and the smith\u2019s tongs")]).toEqual(["knight", "smith"]);
    expect(ownerWords("a knight chess piece").size).toBe(0);
    // Plural owners keep their written form; the lexicon reads them as their singular.
    expect([...ownerWords("the soldiers' canteens")]).toEqual(["soldiers"]);
    expect(interpret("item", "the soldiers' canteen").effects).toContain("dented");
  });
  test("persons reach the kind above them through WordNet, and the path says which", () => {
    expect(ownerFlavour("knight")).toEqual({ flavour: "ornate", via: ["knight", "male aristocrat", "ornate"] });
    expect(ownerFlavour("blacksmith")?.flavour).toBe("worn");
    expect(ownerFlavour("nurse")?.flavour).toBe("clean");
    expect(ownerFlavour("soldier")?.flavour).toBe("dented");
    expect(ownerFlavour("pirate")).toEqual({ flavour: "weathered", via: ["pirate", "plunderer", "weathered"] });
    expect(ownerFlavour("monk")?.flavour).toBe("plain");
    // A queen is first a bee in WordNet: her person sense is still read.
    expect(ownerFlavour("queen")?.flavour).toBe("ornate");
    // Things are no owners.
    expect(ownerFlavour("hammer")).toBeNull();
  });
  test("the owner is matched, reported with its path, and painted; a person before the thing owns it too", () => {
    const read = interpret("item", "a blacksmith's hammer");
    expect(read.subject).toBe("hammer");
    expect(read.effects).toContain("worn");
    expect(read.unmatched).not.toContain("blacksmith");
    expect(read.via).toContainEqual(["blacksmith", "smith", "worn"]);
    expect(same(item("a blacksmith's hammer"), item("a hammer"))).toBe(false);
    expect(same(item("a king's sword"), item("a sword"))).toBe(false);
    // A person said right before the thing owns it too ("knight sword", "witch hat"); said last or before "with"
    // the person is the thing, no owner.
    expect(interpret("item", "knight sword").effects).toContain("ornate");
    expect(same(item("knight sword"), item("sword"))).toBe(false);
    expect(interpret("item", "a knight with a sword").effects ?? []).not.toContain("ornate");
  });
  test("a person under no kind stays unmatched (an archer is filed as an expert, nothing the painters draw)", () => {
    // A farmer is a kind of its own now, worn with use (test/gen/owner-trades.test.ts).
    expect(interpret("item", "an archer's quiver").unmatched).toContain("archer");
  });
});
