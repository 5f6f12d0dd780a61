/**
 * Compound heads (interpret/compound-head.ts, scripts/lexicon/heads.ts): a head noun read against its modifier's
 * sense, and the household implements declared for the senses no family drew (art/implements-household.ts).
 */
import { describe, expect, test } from "bun:test";
import { interpretTask } from "../../src/gen/interpret/task.ts";
import { readHead } from "../../src/gen/interpret/compound-head.ts";
import { itemRgba } from "../../src/gen/item.ts";
import type { Rgba } from "../../src/media/png.ts";

const read = (prompt: string) => interpretTask({ op: "item", req: { prompt, seed: 1, size: 16, target: null } });
const picture = (prompt: string): Rgba => itemRgba({ prompt, seed: 1, size: 16, target: null });
const same = (a: Rgba, b: Rgba) => a.data.length === b.data.length && a.data.every((v, i) => v === b.data[i]);
const colours = (img: Rgba) => {
  const set = new Set<string>();
  for (let i = 0; i < img.data.length; i += 4) if (img.data[i + 3] > 0) set.add(img.data.slice(i, i + 3).join(","));
  return set.size;
};

describe("which sense of a head its modifier means", () => {
  test("a gloss that names the modifier chooses its sense (simplified Lesk)", () => {
    expect(readHead("ice cream", "scoop")).toMatchObject({ by: "sense", how: "gloss", hit: { target: "ladle" } });
    expect(readHead("clothes", "iron")).toMatchObject({ by: "sense", how: "gloss", hit: { target: "flatiron" } });
  });
  test("a living or eaten modifier before a head's plant or food sense names the thing", () => {
    expect(readHead("garlic", "bulb")).toEqual({ by: "modifier" });
    expect(readHead("onion", "bulb")).toEqual({ by: "modifier" });
    // An animal's part is drawn as itself.
    expect(read("a shark tooth").subject).toBe("tooth");
  });
  test("any other modifier picks the head's tool sense, one the painters draw first", () => {
    expect(readHead("steam", "iron")).toMatchObject({ by: "sense", how: "tool", hit: { target: "flatiron" } });
  });
  test("a head with one reading, or no sense to choose, is left alone", () => {
    expect(readHead("dungeon", "zzzz")).toBeNull();
  });
});

describe("the item chooser reads compounds", () => {
  test.each([
    ["a garlic bulb", "garlic"],
    ["an old clothes iron", "flatiron"],
    ["a steam iron", "flatiron"],
    ["ice cream scoop", "ladle"],
    ["an onion bulb", "onion"],
  ])("%s is %s, through the compound", (prompt, subject) => {
    const r = read(prompt);
    expect(r.subject).toBe(subject);
    expect(r.fallback).toBeUndefined();
    expect(r.via?.some((path) => path[0].includes(" "))).toBe(true);
  });
  test("a head that is a drawn thing of its own keeps it against a far or tool sense", () => {
    expect(read("dungeon key").subject).toBe("key");
    expect(read("wax seal stamp").subject).toBe("stamp");
    expect(read("chocolate chip cookie").subject).toBe("cookie");
    expect(read("cute pink heart").subject).toBe("heart");
    expect(read("fisherman's net").subject).toBe("net");
    // A far sense is no better than the prompt as before: a quiver is no amulet, a glue gun no car.
    expect(read("an arrow quiver").subject).not.toBe("amulet");
    expect(read("a glue gun").subject).not.toBe("car");
    // A name written as one is a name of its own ("teacup"); a cup is first a drinking vessel, not punch.
    expect(read("a tea cup").subject).toBe("cup");
    // A food modifier before a head whose food sense is a dish of its own: no part of the food (a grinder is
    // also WordNet's sandwich).
    expect(readHead("pepper", "grinder")).toBeNull();
  });
  test("a material, colour or wear word in front is no compound", () => {
    expect(read("iron sword").subject).toBe("sword");
    expect(read("charred wooden stick").subject).toBe("staff");
  });
  test("a word is said to choose the thing only where the picture without it differs", () => {
    // "garlic bulb" draws what "garlic" draws: the bulb is reported, not claimed.
    expect(read("garlic bulb").unmatched).toContain("bulb");
    expect(same(picture("garlic bulb"), picture("garlic"))).toBe(true);
    // The modifier is claimed: without it the head draws another thing.
    for (const [compound, head] of [
      ["garlic bulb", "bulb"],
      ["clothes iron", "iron"],
      ["steam iron", "iron"],
      ["ice cream scoop", "scoop"],
      ["onion bulb", "bulb"],
    ]) {
      expect(read(compound).unmatched).not.toContain(compound.split(" ")[0]);
      expect(same(picture(compound), picture(head))).toBe(false);
    }
  });
});

describe("two family words side by side: the last is the head noun", () => {
  test("a bucket hat is a hat, a candle lantern a lantern, a skull helmet a helmet", () => {
    expect(read("a bucket hat").subject).toBe("hat");
    expect(read("a candle lantern").subject).toBe("lantern");
    expect(read("a skull helmet").subject).toBe("helmet");
  });
  test("not a vessel: what is named in front of it is what it holds", () => {
    expect(read("a potion bottle").subject).toBe("potion");
  });
});

describe("a name of several words that reaches only a far kind yields to its head noun's family", () => {
  test("a hot water bottle (WordNet: a receptacle) is the bottle family", () => {
    expect(read("a hot water bottle").subject).toBe("bottle");
    expect(read("a baseball cap").subject).toBe("cap");
  });
});

describe("what holds the contents named after 'of' is the thing", () => {
  test("the holder's sense of a container, not a family word among the contents", () => {
    expect(read("a can of soup").subject).toBe("can");
    expect(read("a pot of soup").subject).toBe("pot");
    // The contents still change the picture (vessel contents), so they stay claimed.
    expect(same(picture("a can of soup"), picture("a can"))).toBe(false);
  });
  test("a counted thing, a holder named by a material and a thing of its own are read as before", () => {
    expect(read("a slice of watermelon").subject).toBe("slice");
    expect(read("chilled glass of milk").subject).toBe("glass");
    expect(read("a bowl of soup").subject).toBe("bowl");
    expect(read("a book of spells").subject).toBe("book");
  });
});

describe("a word whose nearest drawn thing is a part's name is drawn as the whole", () => {
  test("a broomstick (WordNet: the handle of a broom) is the broom, not the library's handle (a teacup's)", () => {
    const r = read("a witch's broomstick");
    expect(r.subject).toBe("brush");
    expect(r.via).toContainEqual(["broomstick", "broom", "brush"]);
    expect(r.fallback).toBeUndefined();
  });
  test("a word that names a part as itself stays that part's reading", () => {
    expect(read("a spearhead").subject).toBe("spear");
  });
});

describe("a verb's -ing or -ed form is no compound", () => {
  test("cooking is no king, curling no ling: the head noun is read, the verb form reported", () => {
    expect(read("a cooking pot").subject).toBe("pot");
    // The verb form is read as the pot's use (a cook's, clean: scripts/lexicon/uses.ts), not as a compound.
    expect(read("a cooking pot").via).toContainEqual(["cooking", "cook", "clean"]);
    expect(read("a curling iron").subject).not.toBe("brush");
    // A compound that only ends in -ing stays one ("earring": ear + ring).
    expect(read("an earring").subject).not.toBe("ear");
  });
});

describe("icons draw the compound's thing", () => {
  test("an icon of an ice cream scoop is the scoop, of a bucket hat the hat", () => {
    const icon = (prompt: string) => interpretTask({ op: "icon", req: { name: "", prompt, seed: 1, height: 16 } });
    expect(icon("ice cream scoop").subject).toBe("ladle");
    expect(icon("a bucket hat").subject).toBe("hat");
    expect(icon("a clothes iron icon").subject).toBe("flatiron");
  });
});

describe("household implements", () => {
  test.each([
    ["a spirit level", "level"],
    ["pizza cutter", "cutter"],
    ["a potato peeler", "peeler"],
    ["a flour sifter", "sieve"],
    ["a colander", "sieve"],
    ["a plastic fly swatter", "flyswatter"],
    ["a flatiron", "flatiron"],
    ["a glass salt shaker", "shaker"],
    ["black pepper grinder", "shaker"],
    ["a pink hair dryer", "hair_dryer"],
    ["a chrome toaster", "toaster"],
    ["a microwave oven", "microwave"],
  ])("%s is drawn as %s, in 4-12 colours, the same for a seed", (prompt, subject) => {
    const r = read(prompt);
    expect(r.subject).toBe(subject);
    expect(r.fallback).toBeUndefined();
    const img = picture(prompt);
    expect(colours(img)).toBeGreaterThanOrEqual(4);
    expect(colours(img)).toBeLessThanOrEqual(12);
    expect(same(img, picture(prompt))).toBe(true);
  });
  test("none stands for the rest of its kind: a fridge is no clothes iron, a windmill no pepper mill", () => {
    expect(read("a fridge").subject).not.toBe("flatiron");
    expect(read("a fridge").subject).not.toBe("toaster");
    expect(read("a windmill").subject).not.toBe("shaker");
    expect(read("a fuel gauge").subject).not.toBe("level");
    expect(read("a clothes dryer").subject).not.toBe("hair_dryer");
  });
  test("WordNet's kinds and senses reach them", () => {
    // "level" alone is the carpenter's tool (its only sense of a made thing), a strainer a kind of sieve.
    expect(read("a level").subject).toBe("level");
    expect(read("a tea strainer").subject).toBe("sieve");
  });
});
