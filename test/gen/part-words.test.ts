/**
 * The words people use for parts land in the part's region (issue 28): a bottle's cap is its stopper, boots'
 * laces a band, a shield's border its trim, a ring's stone its gem, a gift's bow its ribbon. Checked inside the
 * part mask the fidelity bench reads (partMaskForTask in src/gen/item.ts), on the decoded pixels.
 */
import { describe, expect, test } from "bun:test";
import { hasColour } from "../../bench/fidelity-colour.ts";
import { itemPartMask, itemRgba } from "../../src/gen/item.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { placePart } from "../../src/gen/art/assembly.ts";
import { SILHOUETTES } from "../../src/gen/art/silhouettes.ts";
import { PART_ALIASES, partNames } from "../../src/gen/art/part-words.ts";

/** Whether `colour` shows inside `part`'s pixels of the item drawn for `prompt`, and nowhere when it is not named. */
function landsIn(prompt: string, part: string, colour: string, size = 16): boolean {
  const req = { prompt, seed: 7, size, target: null };
  const m = itemPartMask(req);
  const mask = Uint8Array.from(m.parts, (p) => (p === part ? 1 : 0));
  return mask.some(Boolean) && hasColour(itemRgba(req), colour, mask);
}

describe("part words", () => {
  const CASES: [string, string, string][] = [
    ["glass bottle with a black cap", "cap", "black"],
    ["leather boots with red laces", "laces", "red"],
    ["black leather boots with silver buckles", "buckles", "silver"],
    ["brown backpack with a green strap", "strap", "green"],
    ["wooden shield with a blue border", "border", "blue"],
    ["silver ring with a sapphire stone", "stone", "blue"],
    ["blue gift with a yellow bow", "bow", "yellow"],
    ["oak bow with a silver string", "string", "silver"],
    ["arrow with white fletching", "fletching", "white"],
    ["diamond pickaxe with a red grip", "grip", "red"],
    ["iron sword with a crimson hilt", "hilt", "crimson"],
    ["sword with a lime green blade", "blade", "lime"],
    ["teal bottle with a red label", "label", "red"],
    ["red apple with a green leaf", "leaf", "green"],
    ["iron helmet with gold trim", "trim", "gold"],
    ["golden key with a teal ribbon", "ribbon", "teal"],
    ["red candle with a blue flame", "flame", "blue"],
    // A flame shows its lightest shade: it keeps the named hue there (the game's green leans yellow).
    ["candle with a green flame", "flame", "green"],
    ["brown book with gold corners", "corners", "gold"],
    // Two part words in a row name one part, the last.
    ["scroll with a red wax seal", "seal", "red"],
  ];
  test.each(CASES)("%s: the %s is %s", (prompt, part, colour) => {
    expect(interpret("item", prompt).parts.map((p) => p.part)).toContain(part);
    expect(interpret("item", prompt).unmatched).toEqual([]);
    for (const size of [16, 32])
      expect({ prompt, size, landed: landsIn(prompt, part, colour, size) }).toEqual({
        prompt,
        size,
        landed: true,
      });
  });

  test("parts a family lacks land on bodies of glass or thin sticks too, and on a hat between its crown and brim", () => {
    for (const [prompt, part, colour] of [
      ["bottle with a red band", "band", "red"],
      ["lantern with a blue ribbon", "ribbon", "blue"],
      ["hat with a red lid", "lid", "red"],
      ["sword with black stars", "stars", "black"],
    ] as const)
      expect({ prompt, landed: landsIn(prompt, part, colour) }).toEqual({ prompt, landed: true });
  });

  test("a part word after 'with' does not choose the subject: a bottle with a cap is a bottle", () => {
    expect(interpret("item", "glass bottle with a black cap").subject).toBe("bottle");
    expect(interpret("item", "leather boots with red laces").subject).toBe("boots");
  });

  test("a material word is a part only where the family declares it: a stone sword is made of stone", () => {
    expect(interpret("item", "grey stone sword").parts).toEqual([]);
    expect(interpret("item", "silver ring with a sapphire stone").parts).toEqual([
      { part: "stone", material: "sapphire" },
    ]);
  });

  test("every alias group ends in a part any body can take, so no named part is dropped", () => {
    for (const word of Object.keys(PART_ALIASES)) {
      const placed = ["sword", "potion", "ingot", "apple", "helmet"].map((f) =>
        placePart(f as never, SILHOUETTES[f as keyof typeof SILHOUETTES], word),
      );
      expect({ word, placed: placed.some(Boolean) }).toEqual({ word, placed: true });
    }
    // Plurals the table lacks read as the singular.
    expect(partNames("tassels")).toContain("ribbon");
  });

  test("a part that takes the whole body leaves the body's material to the accent: the emerald shows", () => {
    const img = itemRgba({ prompt: "emerald ring with a gold band", seed: 2, size: 16, target: null });
    expect(hasColour(img, "green")).toBe(true);
    expect(hasColour(img, "gold")).toBe(true);
  });
});
