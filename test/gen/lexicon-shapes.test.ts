import { describe, expect, test } from "bun:test";
import { glossShape, glossUse } from "../../scripts/lexicon/shapes.ts";
import { loadWordNet } from "../../scripts/lexicon/wordnet.ts";
import { reach } from "../../src/gen/interpret/lexicon.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { itemFamily } from "../../src/gen/item.ts";

/** A made thing's gloss read with a given text: the lexicographer file of an artefact (06). */
const artefact = (gloss: string, lemmas = ["thing"]) => ({ id: "n:0", lex: 6, lemmas, pointers: new Map(), gloss });

describe("a thing drawn as the shape its WordNet definition names", () => {
  const wn = loadWordNet();
  test("'X-shaped', 'shaped like a X', 'resembling a X' name the shape", () => {
    expect(glossShape(wn, artefact("a spoon-shaped vessel with a long handle"))?.word).toBe("spoon");
    expect(glossShape(wn, artefact("a child's coin bank (often shaped like a pig)"))?.word).toBe("pig");
    expect(glossShape(wn, artefact("a tool resembling a hammer but with a large head"))?.word).toBe("hammer");
  });
  test("not a part's shape, an example's, a describing word's, or a shape word naming a kind of shape", () => {
    // The shape of a part the definition goes on to describe, or of a quoted example.
    expect(glossShape(wn, artefact("a sailing vessel with runners and a cross-shaped frame"))).toBeNull();
    expect(glossShape(wn, artefact('something unspecified; "the ball-shaped doodad"'))).toBeNull();
    // "in the shape of a small …": small is no thing; "shaped like a human foot": the foot is the shape.
    expect(glossShape(wn, artefact("a pendant in the shape of a small heart"))).toBeNull();
    expect(glossShape(wn, artefact("holding device shaped like a human foot"))).toBeNull();
    // Only made things and food: a person's or a place's definition draws nothing.
    expect(glossShape(wn, { ...artefact("a spoon-shaped person"), lex: 18 })).toBeNull();
  });
  test("the lexicon reaches a word with no near family or icon through its shape, and says so in `via`", () => {
    // ("a bowl-shaped vessel"; a colander was the example until the sieve family drew it, through "strainer".)
    expect(reach("basin", ["f", "l"])?.via).toEqual(["basin", "bowl"]);
    expect(reach("basin", ["f", "l"])).toMatchObject({ target: "bowl", via: ["basin", "bowl"] });
    expect(reach("colander", ["f", "l"])).toMatchObject({ target: "sieve", via: ["colander", "sieve"] });
    // A word with an icon or family of its own keeps it: a bell pepper is no bell.
    expect(reach("bell_pepper", ["f", "l"])?.target).toBe("bell_pepper");
  });
  test("an item prompt draws it, without a fallback, and the answer's path names the shape", () => {
    const read = interpret("item", "stainless steel basin", undefined, {
      fallbackItem: itemFamily({ prompt: "stainless steel basin", target: null }),
    });
    expect(read.subject).toBe("bowl");
    expect(read.fallback).toBeUndefined();
    expect(read.via).toContainEqual(["basin", "bowl"]);
  });
  test("a tool is drawn by the drawn tool that does its work, as its definition says", () => {
    const tool = (word: string) =>
      wn.synsets.get((wn.senses.noun.get(word) ?? []).find((id) => wn.synsets.get(id)!.lex === 6)!)!;
    expect(glossUse(wn, tool("trowel"))?.word).toBe("shovel"); // "used for scooping or spreading plaster"
    expect(glossUse(wn, tool("rake"))?.word).toBe("hoe"); // "used to move leaves or loosen soil"
    expect(glossUse(wn, tool("tongs"))?.word).toBe("shears"); // "for taking hold of objects"
    // Only tools: a container "for holding" anything, a room, a person's trade are not.
    expect(glossUse(wn, artefact("a vessel used for scooping water"))).toBeNull();
    // A tool with a family of its own is drawn as it (a trowel, pliers: silhouettes-implements.ts); one with
    // none by its use ("scoop": "used for scooping", a shovel).
    expect(reach("trowel", ["f", "l"])?.target).toBe("trowel");
    expect(reach("pliers", ["f"])?.target).toBe("pliers");
    expect(reach("scoop", ["f", "l"])).toMatchObject({ target: "shovel" });
    const read = interpret("item", "a scoop", undefined, {
      fallbackItem: itemFamily({ prompt: "a scoop", target: null }),
    });
    expect(read).toMatchObject({ subject: "shovel" });
    expect(read.fallback).toBeUndefined();
  });
});
