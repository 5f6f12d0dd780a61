/**
 * Subject reach of items and icons (issue 28, art-items3): the library icon a prompt's other words choose, the
 * head noun a family word only classifies, counting and placing words, and icons that draw the prompt's thing
 * rather than a glyph word that only describes it.
 */
import { describe, expect, test } from "bun:test";
import { interpret } from "../../src/gen/interpret/read.ts";
import { iconInContext } from "../../src/gen/interpret/icon-choice.ts";
import { libraryIconOf, reach } from "../../src/gen/interpret/lexicon.ts";
import { glyphFor } from "../../src/gen/art/glyphs.ts";
import { iconRgba } from "../../src/gen/icon.ts";
import { generateItem } from "../../src/gen/item.ts";
import { decodePng } from "../../src/media/png-decode.ts";

const item = (prompt: string) => interpret("item", prompt);
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe("the library icon the prompt's other words choose", () => {
  test("a word of the icon's name said picks that drawing of the subject", () => {
    expect(libraryIconOf("moon")).not.toBe("crescent-moon");
    expect(iconInContext("moon", libraryIconOf("moon")!, ["crescent", "moon"])).toBe("crescent-moon");
    expect(iconInContext("moon", libraryIconOf("moon")!, ["full", "moon"])).toBe("full-moon");
    expect(iconInContext("note", libraryIconOf("note")!, ["music", "note"])).toBe("musical-note");
    expect(iconInContext("cloud", libraryIconOf("cloud")!, ["snow", "cloud"])).toBe("cloud-with-snow");
  });
  test("with nothing more said, the icon named by the word alone, else the lexicon's", () => {
    expect(iconInContext("chain", libraryIconOf("chain")!, ["heavy", "iron", "chain"])).toBe("chains");
    expect(iconInContext("moon", libraryIconOf("moon")!, ["moon"])).toBe(libraryIconOf("moon")!);
  });
  test("the choice changes the picture", () => {
    const crescent = generateItem({ prompt: "crescent moon", seed: 1, size: 16, target: null });
    const full = generateItem({ prompt: "full moon", seed: 1, size: 16, target: null });
    expect(same(crescent, full)).toBe(false);
  });
});

describe("a family word in front of a made thing only classifies it", () => {
  test("the head noun is drawn: a paper airplane, a coin purse, a flower vase", () => {
    expect(item("paper airplane").subject).toBe("airplane");
    expect(item("leather coin pouch").subject).toBe("pouch");
    expect(item("coin purse").subject).toBe("purse");
    expect(item("flower vase").subject).toBe("vase");
  });
  test("a part of the family's own thing stays that thing: a chicken leg is meat, a candle stub a candle", () => {
    expect(item("chicken leg").subject).toBe("meat");
    expect(item("candle stub").subject).toBe("candle");
    expect(item("salmon fillet").subject).toBe("fish");
  });
});

describe("counting, placing and joined words", () => {
  test("a coil of rope is rope; a camera from the attic is a camera", () => {
    expect(item("a coil of rope").subject).toBe("rope");
    expect(item("an old camera from the attic").subject).toBe("camera");
  });
  test("two words joined by the reader are never split again: a heavy iron chain is no waffle iron", () => {
    expect(item("heavy iron chain").subject).toBe("chain");
  });
});

describe("icons draw the thing the prompt names", () => {
  test("a glyph word that only describes the head noun yields to it", () => {
    expect(glyphFor("icon_1", "grey rain cloud")).toBe("rain_cloud");
    expect(glyphFor("icon_1", "blue water drop")).toBe("drop");
    expect(glyphFor("icon_1", "yellow lightning bolt")).toBe("lightning");
    expect(glyphFor("icon_1", "green check mark")).toBe("check");
    expect(glyphFor("icon_1", "red heart")).toBe("heart");
  });
  test("a thing the library draws as itself beats a glyph the lexicon reaches further: the sun is no star", () => {
    expect(glyphFor("icon_1", "yellow sun")).toBe("sun");
    expect(interpret("icon", "yellow sun", {}, { name: "icon_1" }).subject).toBe("sun");
  });
  test("a glyph word ending a word written as one: a campfire is a flame", () => {
    expect(glyphFor("icon_1", "campfire")).toBe("flame");
    const fire = iconRgba({ name: "icon_1", prompt: "campfire", seed: 1 });
    const orb = iconRgba({ name: "icon_1", prompt: "zzzq", seed: 1 });
    expect(same(fire.data, orb.data)).toBe(false);
  });
});

describe("hand tools, utensils and hardware are declared families", () => {
  const drawn = (prompt: string) => generateItem({ prompt, seed: 2, size: 16, target: null });
  test("each reads as itself, and WordNet's kinds of it reach it with a path", () => {
    for (const [prompt, family] of [
      ["rusty hand saw", "saw"],
      ["steel chisel", "chisel"],
      ["a blacksmith's tongs", "pliers"],
      ["a wooden rolling pin", "rolling_pin"],
      ["kitchen whisk", "whisk"],
      ["soup ladle", "ladle"],
      ["garden trowel", "trowel"],
      ["oak barrel with iron bands", "barrel"],
      ["copper watering can", "watering_can"],
      ["wooden baseball bat", "bat"],
    ])
      expect({ prompt, subject: item(prompt).subject, fallback: item(prompt).fallback }).toEqual({
        prompt,
        subject: family,
        fallback: undefined,
      });
    expect(item("hacksaw").via).toEqual([["hacksaw", "saw"]]);
    expect(item("forceps").via?.[0]?.at(-1)).toBe("pliers");
    expect(item("a cask").subject).toBe("barrel");
  });
  test("a bat for a ball is the family; the animal stays the library's", () => {
    expect(item("vampire bat").subject).toBe("bat");
    expect(item("vampire bat").via?.[0]).not.toContain("baseball bat");
    expect(same(drawn("wooden baseball bat"), drawn("vampire bat"))).toBe(false);
  });
  test("no two of them draw the same picture, and none is the fallback it was", () => {
    const prompts = ["saw", "chisel", "pliers", "rolling pin", "whisk", "ladle", "spatula", "trowel", "crowbar"];
    const pictures = prompts.map((p) => Buffer.from(drawn(p)).toString("base64"));
    expect(new Set(pictures).size).toBe(prompts.length);
    expect(same(drawn("clothes hanger"), drawn("wrench"))).toBe(false);
  });
  test("a named part lands in it: a saw with a blue handle", () => {
    expect(same(drawn("saw with a blue handle"), drawn("saw"))).toBe(false);
  });
});

describe("a library icon's part colour with no colour for the whole", () => {
  test("takes the icon's largest colour group: a butterfly with blue wings is blue", () => {
    const plain = decodePng(generateItem({ prompt: "butterfly", seed: 1, size: 16, target: null }));
    const blue = decodePng(generateItem({ prompt: "butterfly with blue wings", seed: 1, size: 16, target: null }));
    const bluish = (img: ReturnType<typeof decodePng>) => {
      let n = 0;
      for (let i = 0; i < img.data.length; i += 4)
        if (img.data[i + 3] && img.data[i + 2] > img.data[i] + 30 && img.data[i + 2] > img.data[i + 1] + 10) n++;
      return n;
    };
    expect(bluish(blue)).toBeGreaterThan(bluish(plain) + 20);
  });
});

describe("owners of legend, childhood, study and the road", () => {
  test("each kind's owner marks their thing, and the picture changes", () => {
    const drawn = (prompt: string) => generateItem({ prompt, seed: 4, size: 16, target: null });
    for (const [owner, thing, effect] of [
      ["a genie's", "golden lamp", "enchanted"],
      ["a vampire's", "silver goblet", "cursed"],
      ["a child's", "red ball", "small"],
      ["an alchemist's", "old book", "dusty"],
      ["a camper's", "tin cup", "worn"],
    ]) {
      const read = item(`${owner} ${thing}`);
      expect({ owner, effects: read.effects, unmatched: read.unmatched }).toMatchObject({
        owner,
        effects: expect.arrayContaining([effect]),
        unmatched: [],
      });
      expect(same(drawn(`${owner} ${thing}`), drawn(thing))).toBe(false);
    }
  });
});

describe("a library icon draws a word's thing before its written sense", () => {
  test("a saw's icon is the tool's (its first WordNet sense is a proverb): hand saws reach it, proverbs do not", () => {
    expect(reach("handsaw", ["l"])?.target).toBe("saw");
    expect(reach("proverb", ["l"])).toBeNull();
  });
});

describe("an icon's name does not become the head noun of its prompt", () => {
  test("a prompt that names a thing is drawn as that thing, whatever the icon is called", () => {
    const named = iconRgba({ name: "weather", prompt: "grey rain cloud", seed: 1 });
    const bare = iconRgba({ name: "rain_cloud", prompt: "grey rain cloud", seed: 1 });
    expect(same(named.data, bare.data)).toBe(true);
    expect(glyphFor("weather", "grey rain cloud")).toBe("rain_cloud");
  });
});

describe("a family named only after 'with' or 'and'", () => {
  test("is a part or a second thing: the thing before it is the subject", () => {
    expect(item("yellow pencil with an eraser").subject).toBe("pencil");
    expect(item("a mop and bucket").via?.[0]?.[0]).toBe("mop");
    expect(item("a hammer and nails").subject).toBe("hammer");
    // A family before "with" stays first.
    expect(item("teal bottle with a red label").subject).toBe("bottle");
  });
});

describe("what a vessel holds, named as a thing", () => {
  const drawn = (prompt: string) => generateItem({ prompt, seed: 5, size: 16, target: null });
  test("a drawn thing in front of a vessel or after its 'of' fills its contents in the thing's colour", () => {
    for (const [prompt, bare] of [
      ["berry bowl", "bowl"],
      ["apple bucket", "bucket"],
      ["a bucket of apples", "a bucket"],
      ["a cup of tea", "a cup"],
      ["a jar of pickles", "a jar"],
      ["star potion", "potion"],
    ]) {
      const read = item(prompt);
      expect({ prompt, unmatched: read.unmatched, content: read.parts.some((p) => p.part === "content") }).toEqual({
        prompt,
        unmatched: [],
        content: true,
      });
      expect({ prompt, differs: !same(drawn(prompt), drawn(bare)) }).toEqual({ prompt, differs: true });
    }
  });
  test("where nothing declares contents the thing said before is no contents: a fish hook, a coin pouch", () => {
    // It is the item's emblem instead (interpret/emblems.ts, test/gen/emblems.test.ts).
    expect(item("a fish hook").parts.filter((p) => p.part === "content")).toEqual([]);
    expect(item("a fish hook").details).toEqual(["fish"]);
    expect(item("leather coin pouch").details).toEqual(["coin"]);
  });
  test("one contents only: a colour said after 'of' keeps it", () => {
    expect(item("a bowl of red berries").parts.filter((p) => p.part === "content")).toHaveLength(1);
  });
});

describe("a family's own name of two words", () => {
  test("is read as the family at run time, and says how in via", () => {
    expect(item("grappling hook")).toMatchObject({
      subject: "grappling_hook",
      via: [["grappling hook", "grappling_hook"]],
    });
    expect(item("tailor's measuring tape").subject).toBe("tape_measure");
    expect(item("metal bottle opener").subject).toBe("corkscrew");
    expect(item("power drill").subject).toBe("drill");
  });
});
