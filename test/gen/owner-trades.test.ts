/**
 * Owners of more trades (scripts/lexicon/owners.ts): a maker's or a farmer's things worn with use, a
 * merchant's polished, an entertainer's in richer colours, a writer's dusty; and an owner of two words ("a
 * fortune teller's"). A thing named by its use is its user's ("a welding torch" is a welder's). Each is read
 * with its WordNet path and changes the picture.
 */
import { describe, expect, test } from "bun:test";
import { ownerFlavour } from "../../src/gen/interpret/owners.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { itemRgba } from "../../src/gen/item.ts";
import { generatedModel, UNDIRECTED } from "../support/generated-model.ts";

const item = (prompt: string) => itemRgba({ prompt, seed: 9, size: 16 });

describe("owners of the trades", () => {
  test("each reaches its kind through WordNet", () => {
    expect(ownerFlavour("painter")?.via).toEqual(["painter", "artist", "worn"]);
    expect(ownerFlavour("tailor")?.flavour).toBe("worn");
    expect(ownerFlavour("farmer")?.flavour).toBe("worn");
    expect(ownerFlavour("butcher")?.via).toEqual(["butcher", "merchant", "polished"]);
    expect(ownerFlavour("jester")?.via).toEqual(["jester", "clown", "fresh"]);
    expect(ownerFlavour("bard")?.via).toEqual(["bard", "poet", "dusty"]);
    // A sorcerer stays a sorcerer (not a master of a craft): its things enchanted.
    expect(ownerFlavour("wizard")?.flavour).toBe("enchanted");
  });

  test("an owner of two words gives its flavour through both", () => {
    const ball = interpret("item", "fortune teller's crystal ball");
    expect(ball.unmatched).toEqual([]);
    expect(ball.effects).toEqual(["dusty"]);
    expect(ball.via).toContainEqual(["teller", "fortune teller", "forecaster", "dusty"]);
  });

  test("each possessive changes the picture", () => {
    for (const [owner, thing] of [
      ["painter", "brush"],
      ["tailor", "scissors"],
      ["farmer", "pitchfork"],
      ["butcher", "cleaver"],
      ["jester", "hat"],
      ["bard", "book"],
    ]) {
      const prompt = `a ${owner}'s ${thing}`;
      expect({ prompt, unmatched: interpret("item", prompt).unmatched }).toEqual({ prompt, unmatched: [] });
      const changed = !Buffer.from(item(prompt).data).equals(Buffer.from(item(`a ${thing}`).data));
      expect({ prompt, changed }).toEqual({ prompt, changed: true });
    }
  });
});

describe("a thing named by its use is its user's", () => {
  test("the act, through its verb, to the one who does it, and that owner's flavour", () => {
    const torch = interpret("item", "welding torch");
    expect(torch.unmatched).toEqual([]);
    expect(torch.effects).toEqual(["worn"]);
    expect(torch.via).toContainEqual(["welding", "welder", "worn"]);
    expect(interpret("item", "cooking pot").via).toContainEqual(["cooking", "cook", "clean"]);
    expect(interpret("item", "mining helmet").via).toContainEqual(["mining", "miner", "worn"]);
    // A use that is the subject's own name is the subject ("fishing rod").
    expect(interpret("item", "fishing rod").effects).toBeUndefined();
  });

  test("each use changes the picture, items and models", () => {
    for (const [use, thing] of [
      ["welding", "torch"],
      ["sewing", "thimble"],
      ["mining", "helmet"],
      ["camping", "tent"],
      ["cooking", "pot"],
      ["hunting", "knife"],
    ]) {
      const changed = !Buffer.from(item(`${use} ${thing}`).data).equals(Buffer.from(item(thing).data));
      expect({ use, thing, changed }).toEqual({ use, thing, changed: true });
    }
    const model = (prompt: string) => generatedModel(prompt, 5, UNDIRECTED).textures;
    const [a, b] = [model("camping tent"), model("tent")];
    const slot = Object.keys(b)[0];
    expect(Buffer.from(a[slot]).equals(Buffer.from(b[slot]))).toBe(false);
  });
});
