import { describe, expect, test } from "bun:test";
import { foldWord, reach } from "../../src/gen/interpret/lexicon.ts";
import { interpret } from "../../src/gen/interpret/read.ts";

describe("a metal WordNet files under 'metal' is the painters' plain metal", () => {
  test("elements and alloys reach it through WordNet, and the path says which kind", () => {
    expect(reach("tin", ["m"])).toMatchObject({ target: "iron", via: ["tin", "metallic element", "iron"] });
    expect(reach("pewter", ["m"])?.via).toEqual(["pewter", "alloy", "iron"]);
    for (const metal of ["zinc", "aluminium", "titanium", "nickel", "platinum"])
      expect(foldWord(metal)?.target).toBe("iron");
  });
  test("a metal whose name is a colour of a hue stays that colour, as people write it", () => {
    expect(reach("cobalt", ["m"])).toBeNull();
    expect(interpret("item", "cobalt shield").material).not.toBe("iron");
  });
  test("metals the painters draw themselves stay theirs", () => {
    for (const metal of ["gold", "copper", "bronze", "silver", "brass"])
      expect(reach(metal, ["m"])?.target).toBe(metal);
  });
  test("an item of one is read as made of it, not left unmatched", () => {
    const read = interpret("item", "pewter goblet");
    expect(read.material).toBe("iron");
    expect(read.unmatched).not.toContain("pewter");
  });
});
