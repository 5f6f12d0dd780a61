/**
 * A part said as its -ed adjective after a colour or material (interpret/part-participles.ts): "a red-handled
 * knife" is "a knife with a red handle", drawn the same, whichever part noun the suffix was put on; said alone
 * before the subject, a thing's -ed adjective is its emblem ("a winged helmet").
 */
import { describe, expect, test } from "bun:test";
import { interpret } from "../../src/gen/interpret/read.ts";
import { itemRgba } from "../../src/gen/item.ts";
import { partsOfParticiple } from "../../src/gen/interpret/part-participles.ts";

const item = (prompt: string) => Buffer.from(itemRgba({ prompt, seed: 7, size: 16 }).data);

describe("parts said as -ed adjectives", () => {
  test("the suffix is undone against the part words: handle, hilt, tip (doubled), edge, brim", () => {
    expect(partsOfParticiple("handled")).toEqual(["handle"]);
    expect(partsOfParticiple("hilted")).toEqual(["hilt"]);
    expect(partsOfParticiple("tipped")).toEqual(["tip"]);
    expect(partsOfParticiple("edged")).toEqual(["edge"]);
    expect(partsOfParticiple("brimmed")).toEqual(["brim"]);
    expect(partsOfParticiple("crooked")).toEqual([]);
  });

  test("read and drawn as the part with its colour or material", () => {
    for (const [said, spelled, part] of [
      ["red-handled knife", "knife with a red handle", "handle"],
      ["gold-hilted sword", "sword with a gold hilt", "hilt"],
      ["diamond-tipped arrow", "arrow with a diamond tip", "tip"],
      ["iron-banded chest", "chest with iron bands", "band"],
      ["red-brimmed hat", "hat with a red brim", "brim"],
    ]) {
      const read = interpret("item", said);
      expect(read.unmatched, said).toEqual([]);
      expect(
        read.parts.map((p) => p.part),
        said,
      ).toContain(part);
      expect(item(said).equals(item(spelled)), said).toBe(true);
      expect(item(said).equals(item(said.split(" ").at(-1)!)), said).toBe(false);
    }
  });

  test("without a colour or material before it, the word is not read as a part", () => {
    expect(interpret("item", "peeled orange").unmatched).toContain("peeled");
  });

  test("said alone before the subject, it names a thing the item has, drawn as its emblem", () => {
    for (const [said, thing] of [
      ["winged helmet", "wing"],
      ["horned helmet", "horn"],
      ["feathered hat", "feather"],
      ["starred shield", "star"],
    ]) {
      const read = interpret("item", said);
      expect(read.unmatched, said).toEqual([]);
      expect(read.details, said).toEqual([thing]);
      expect(read.via, said).toContainEqual([said.split(" ")[0], thing]);
      expect(item(said).equals(item(said.split(" ")[1])), said).toBe(false);
    }
  });
});
