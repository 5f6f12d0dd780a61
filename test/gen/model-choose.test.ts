/**
 * How a prompt picks its model template (models/choose.ts): names of several words read as one (WordNet's own
 * collocations and templates' words, also written as one word), the head noun before what follows a link or a
 * participle, describing words last, a far template reached through a later sense left for the broad kind; and
 * the template families for whole groups of things (racks, machines, baskets, globes, ladders, aquariums).
 */
import { describe, expect, test } from "bun:test";
import { chosenTemplate, optionWords, pickTemplate } from "../../src/gen/models/index.ts";
import { interpret } from "../../src/gen/interpret/read.ts";
import { checkBlockModel } from "../../src/pack/model-rules.ts";
import { hasColour } from "../../bench/fidelity-colour.ts";
import { decodePng } from "../../src/media/png-decode.ts";
import { generatedModel } from "../support/generated-model.ts";
import { contentsOf } from "../../src/gen/models/contents.ts";
import { reach } from "../../src/gen/interpret/lexicon.ts";
import { assignMaterials } from "../../src/gen/models/materials.ts";
import { recoloured, slotColours } from "../../src/gen/models/colours.ts";
import { figureOf, figureSubject, statueOf } from "../../src/gen/models/figure.ts";

const picks = (cases: [string, string][]) => {
  for (const [prompt, name] of cases) expect({ prompt, name: pickTemplate(prompt).name }).toEqual({ prompt, name });
};
const elements = (prompt: string, seed = 3) => JSON.stringify(generatedModel(prompt, seed).model.elements);

describe("names of several words are one thing", () => {
  test("a template's word of several words wins over a template word inside it", () => {
    picks([
      ["oak chest of drawers with brass knobs", "wardrobe"],
      ["wooden coat rack with a few hooks", "rack"],
      ["red vending machine", "machine"],
      ["fortune teller's crystal ball", "globe"],
      ["jewelry box with a ruby", "chest"],
    ]);
    expect(chosenTemplate("pine chest of drawers")?.words).toEqual(["chest", "of", "drawers"]);
    expect(interpret("model", "pine chest of drawers")).toMatchObject({ subject: "wardrobe" });
    expect(interpret("model", "pine chest of drawers").unmatched).toEqual([]);
  });
  test("the words of a name are read from the end, so the head noun's name wins", () => {
    picks([["street lamp post", "lamp"]]);
  });
  test("two words written apart are the one word WordNet or a template writes", () => {
    picks([
      ["stone bird bath", "well"],
      ["step ladder", "ladder"],
      ["glass fish bowl", "aquarium"],
    ]);
  });
  test("WordNet's own collocations reach a template through their own path", () => {
    const r = interpret("model", "old washing machine");
    expect(r.subject).toBe("machine");
    expect(r.unmatched).not.toContain("washing");
  });
});

describe("the head noun", () => {
  test("what follows a link or a participle does not name the thing", () => {
    picks([
      ["stone altar with candles", "table"],
      ["tavern sign hanging from a post", "sign"],
      ["weapon rack holding swords", "rack"],
      ["treasure chest overflowing with gold", "chest"],
      ["lantern on a table", "lantern"],
      ["bonsai tree in a blue pot", "tree"],
    ]);
  });
  test("the head stays the thing when it is also a material; a material in front of it only describes", () => {
    picks([
      ["small potted cactus", "cactus"],
      ["crystal chandelier", "lamp"],
    ]);
  });
  test("a word in front of the head reaches no template through the lexicon (a silver reliquary is no silverware)", () => {
    const r = interpret("model", "silver reliquary");
    expect(r.subject).toBe("barrel");
    expect(r.fallback).toContain("reliquary");
  });
  test("a template reached only by a later sense is not taken when the broad kind is much nearer (a can is no seat)", () => {
    expect(chosenTemplate("tin can")).toBeNull();
    expect(interpret("model", "tin can").subject).not.toBe("chair");
  });
});

describe("template families for groups that had none", () => {
  test("each group's words pick it, through WordNet for words it does not list", () => {
    picks([
      ["tall iron hat stand", "rack"],
      ["armor stand", "rack"],
      ["vintage typewriter", "machine"],
      ["retro jukebox", "machine"],
      ["old sewing machine", "machine"],
      ["wicker picnic basket", "basket"],
      ["laundry hamper", "basket"],
      ["spinning globe on a stand", "globe"],
      ["snow globe with a tiny house", "globe"],
      ["wooden ladder", "ladder"],
      ["stepladder", "ladder"],
      ["fish tank with goldfish", "aquarium"],
      ["iron brazier with hot coals", "campfire"],
      ["stone gargoyle", "statue"],
    ]);
  });
  test("the kinds within a family are built differently, and every one is a model the game loads", () => {
    const prompts = [
      "coat rack",
      "armor stand",
      "weapon rack",
      "typewriter",
      "washing machine",
      "vending machine",
      "gramophone",
      "generator",
      "basket of apples",
      "laundry hamper",
      "globe",
      "snow globe",
      "crystal ball",
      "ladder",
      "stepladder",
      "aquarium",
      "brazier",
      "chest of drawers",
    ];
    const shapes = new Set<string>();
    // (Every template is also checked on four versions and fifty seeds in model.test.ts.)
    for (const prompt of prompts) {
      const m = generatedModel(prompt);
      const problems = checkBlockModel(m.model, { minecraftVersion: "1.21.11", textureSlots: "must-resolve" });
      expect({ prompt, problems }).toEqual({ prompt, problems: [] });
      for (const el of m.model.elements as { from: number[]; to: number[] }[])
        for (const v of [...el.from, ...el.to]) expect(v >= -16 && v <= 32).toBe(true);
      shapes.add(JSON.stringify(m.model.elements));
    }
    expect(shapes.size).toBe(prompts.length);
  });
});

describe("the words that change the build are read, and change it", () => {
  test("a pot under a tree or a cactus, a bonsai's pot and size, a brazier's bowl", () => {
    for (const [plain, said, word] of [
      ["cherry tree", "cherry tree in a pot", "pot"],
      ["cherry tree", "cherry bonsai", "bonsai"],
      ["desert cactus", "potted cactus", "pot"],
      ["stone bird bath", "stone fountain", "fountain"],
    ]) {
      expect({ said, differs: elements(plain) !== elements(said) }).toEqual({ said, differs: true });
      expect(optionWords(said).has(word)).toBe(true);
    }
    expect(interpret("model", "small potted cactus").unmatched).not.toContain("potted");
  });
  test("a colour said of the pot lands in the pot, not the leaves", () => {
    const m = generatedModel("bonsai tree in a blue pot");
    const textures = (m.model as { textures: Record<string, string> }).textures;
    const pot = decodePng(m.textures[textures.pot.replace("packsmith:block/m_", "")]);
    const leaves = decodePng(m.textures[textures.leaves.replace("packsmith:block/m_", "")]);
    expect(hasColour(pot, "blue")).toBe(true);
    expect(hasColour(leaves, "blue")).toBe(false);
  });
  test("a gramophone's horn takes the metal said of it", () => {
    const slots = (prompt: string) => (generatedModel(prompt).model as { textures: Record<string, string> }).textures;
    expect(slots("gramophone with a copper horn").horn).not.toBe(slots("gramophone").horn);
  });
});

describe("what a container holds is painted in the held thing's colour (models/contents.ts)", () => {
  test("the held thing's library picture gives its colour; the word is read only when that changes the slot", () => {
    const basket = pickTemplate("basket of apples");
    expect(contentsOf("basket of apples", basket)).toMatchObject({ word: "apples", slot: "contents" });
    expect(contentsOf("basket of apples", basket)?.material).toContain("red");
    expect(contentsOf("vase with roses", pickTemplate("vase with roses"))?.material).toContain("red");
    // A part is no contents, nor is a thing as green as the leaves already are.
    expect(contentsOf("basket with a tall handle", basket)).toBeNull();
    expect(interpret("model", "basket of apples").unmatched).toEqual([]);
  });
  test("the held thing changes the model's textures, for several things", () => {
    const textures = (prompt: string) =>
      Object.values(generatedModel(prompt).textures).map((p) => Buffer.from(p).toString("hex"));
    for (const prompt of [
      "basket of apples",
      "basket of oranges",
      "vase with sunflowers",
      "weapon rack holding swords",
    ]) {
      const plain = prompt.replace(/ (of|with|holding) .*/, "");
      expect({ prompt, same: textures(prompt).join() === textures(plain).join() }).toEqual({ prompt, same: false });
    }
  });
});

describe("a thing no template is near stands as the item painters' picture of it (models/figure.ts)", () => {
  test("library and family subjects are modelled as themselves, not a broad kind or stacked boxes", () => {
    for (const [prompt, subject] of [
      ["teddy bear", "teddy bear"],
      ["golden trophy", "trophy"],
      ["hourglass with blue sand", "hourglass"],
      ["ship's anchor", "anchor"],
      ["skull on a table", "skull"],
    ]) {
      const r = interpret("model", prompt);
      expect({ prompt, subject: r.subject, fallback: r.fallback }).toEqual({ prompt, subject, fallback: undefined });
    }
    // A counting word gives way to what it counts; a word only in front of the head is not the thing.
    expect(interpret("model", "stack of books").subject).not.toBe("statue");
    expect(interpret("model", "pile of logs").subject).toBe("log");
    expect(interpret("model", "garden gnome").subject).not.toBe("garden");
    // A template's own word in the head stays the template's.
    for (const prompt of ["brass oil lamp", "lantern on a table", "oak chest", "sundial on a pedestal"])
      expect({ prompt, figure: figureSubject(prompt) }).toEqual({ prompt, figure: null });
  });
  test("the figure is a model the game loads, standing in the block, its one texture the item picture", () => {
    for (const prompt of ["teddy bear", "red teddy bear", "hourglass", "brass telescope"]) {
      const m = generatedModel(prompt);
      const problems = checkBlockModel(m.model, { minecraftVersion: "1.21.11", textureSlots: "must-resolve" });
      expect({ prompt, problems }).toEqual({ prompt, problems: [] });
      for (const el of m.model.elements as { from: number[]; to: number[] }[])
        for (const v of [...el.from, ...el.to]) expect(v >= 0 && v <= 16).toBe(true);
      expect(Object.keys(m.textures)).toEqual(["sprite"]);
      expect(decodePng(m.textures.sprite).width).toBe(16);
    }
    expect(hasColour(decodePng(generatedModel("red teddy bear").textures.sprite), "red")).toBe(true);
    expect(elements("teddy bear")).not.toBe(elements("hourglass"));
  });
});

describe("a thing said to stand on a pedestal stands on one (models/pedestal.ts)", () => {
  test("the model is raised on a plinth of its own slot, the support word read, for several templates", () => {
    for (const [plain, said] of [
      ["marble statue", "marble statue on a plinth"],
      ["ceramic vase", "ceramic vase on a pedestal"],
      ["brass lantern", "brass lantern on a stone base"],
    ]) {
      const m = generatedModel(said);
      expect(elements(said)).not.toBe(elements(plain));
      expect(Object.keys((m.model as { textures: Record<string, string> }).textures)).toContain("pedestal");
      expect(checkBlockModel(m.model, { minecraftVersion: "1.21.11", textureSlots: "must-resolve" })).toEqual([]);
      expect(interpret("model", said).unmatched).toEqual([]);
    }
  });
  test("a support itself, or a template that builds its own stand, gets none", () => {
    expect(pickTemplate("crystal ball on a stand").slots.pedestal).toBeUndefined();
    expect(pickTemplate("lantern on a table").slots.pedestal).toBeUndefined();
  });
});

describe("a material word that changes a slot is read, also one drawn as its kind's plain material", () => {
  test("ceramic, porcelain and paper change the textures, and are not unmatched", () => {
    const textures = (prompt: string) =>
      Object.values(generatedModel(prompt).textures)
        .map((p) => Buffer.from(p).toString("hex"))
        .join();
    for (const [plain, said, word] of [
      ["vase", "ceramic vase", "ceramic"],
      ["vase", "porcelain vase", "porcelain"],
      ["lantern", "paper lantern", "paper"],
    ]) {
      expect({ said, same: textures(said) === textures(plain) }).toEqual({ said, same: false });
      expect(interpret("model", said).unmatched).not.toContain(word);
    }
  });
});

test("a colour said for the whole paints over the slot's own tone: a white chest of drawers is white, not grey on dark oak", () => {
  for (const prompt of ["white chest of drawers", "white wardrobe"]) {
    const m = generatedModel(prompt);
    const found = Object.values(m.textures).some((png) => hasColour(decodePng(png), "white"));
    expect({ prompt, found }).toEqual({ prompt, found: true });
  }
});

describe("a statue of a thing the painters draw is that thing in stone, on a plinth (models/figure.ts)", () => {
  test("the statue's thing is read and drawn; its material is the statue's, not a toy marble", () => {
    for (const [prompt, word] of [
      ["marble statue of a horse", "horse"],
      ["stone cat statue", "cat"],
      ["golden dragon statue", "dragon"],
    ]) {
      const r = interpret("model", prompt);
      expect({ prompt, subject: r.subject, unmatched: r.unmatched }).toEqual({
        prompt,
        subject: "statue",
        unmatched: [],
      });
      expect(statueOf(prompt)?.words.has(word)).toBe(true);
      const m = generatedModel(prompt);
      expect(Object.keys(m.textures).sort()).toEqual(["pedestal", "sprite"]);
      expect(checkBlockModel(m.model, { minecraftVersion: "1.21.11", textureSlots: "must-resolve" })).toEqual([]);
    }
    expect(figureOf("marble statue of a horse")).toEqual({ sprite: "marble horse", pedestal: "marble" });
    // A plain statue, or one of a thing nobody draws, is the statue template's.
    expect(figureOf("stone statue")).toBeNull();
    expect(elements("marble statue of a horse")).not.toBe(elements("marble statue of a cat"));
  });
  test("a figure said to stand on a pedestal stands on one of the material said, and the word is read", () => {
    expect(figureOf("gold trophy on a marble pedestal")?.pedestal).toBe("marble");
    expect(figureOf("skull on a pedestal")?.pedestal).toBe("smooth stone");
    expect(elements("skull on a pedestal")).not.toBe(elements("skull"));
    expect(interpret("model", "skull on a pedestal").unmatched).toEqual([]);
  });
});

test("the new templates' parts take the colour or material said of them: a basket's handle, a ladder's rungs, a rack's hooks, a globe's stand", () => {
  const slotMaterial = (prompt: string, slot: string) => {
    const t = pickTemplate(prompt);
    const materials = assignMaterials(prompt, t.slots);
    return recoloured(materials[slot], slotColours(prompt, t.slots, materials).colours[slot] ?? materials[slot]);
  };
  expect(slotMaterial("wicker basket with a red handle", "handle")).toContain("red");
  expect(slotMaterial("wicker basket with a red handle", "weave")).not.toContain("red");
  expect(slotMaterial("wooden ladder with iron rungs", "rungs")).toContain("iron");
  expect(slotMaterial("coat rack with brass hooks", "hooks")).toContain("brass");
  expect(slotMaterial("globe with a gold stand", "stand")).toContain("gold");
  // A woven wood is its weave, not planks.
  expect(assignMaterials("wicker chair", pickTemplate("wicker chair").slots).frame).toBe("wicker");
});

test("a figure takes the size and proportion words a template's model takes, and they are read", () => {
  type El = { from: number[]; to: number[] };
  const height = (prompt: string) => Math.max(...(generatedModel(prompt).model.elements as El[]).map((e) => e.to[1]));
  expect(height("small teddy bear")).toBeLessThan(height("teddy bear"));
  expect(interpret("model", "small teddy bear").unmatched).toEqual([]);
  expect(interpret("model", "tall teddy bear").unmatched).toEqual([]);
});

test("a template stands for its cousins only within furniture, containers, devices, lights and vehicles (scripts/lexicon)", () => {
  // A workplace holding a forge makes no job an anvil; a component holding a quartz crystal no input a crystal.
  for (const word of ["job", "lab", "input", "hideaway"])
    expect({ word, hit: reach(word, ["t"]) }).toEqual({ word, hit: null });
  // Kinds of furniture and devices still reach theirs.
  expect(reach("recliner", ["t"])?.target).toBe("chair");
  expect(reach("cradle", ["t"])?.target).toBe("bed");
  expect(reach("typewriter", ["t"])?.target).toBe("machine");
});

test("a wardrobe's doors are a slot of their own that follows the body unless said: glass doors are glass, a white wardrobe white all over", () => {
  const textureOf = (prompt: string, slot: string) =>
    (generatedModel(prompt).model as { textures: Record<string, string> }).textures[slot];
  // Glass said of the doors after "with" is the doors', not the body's.
  expect(textureOf("tall cabinet with glass doors", "doors")).not.toBe(
    textureOf("tall cabinet with glass doors", "wood"),
  );
  expect(assignMaterials("tall cabinet with glass doors", pickTemplate("wardrobe").slots).wood).toBe("dark oak planks");
  // Said of the whole, the doors follow.
  expect(textureOf("white wardrobe", "doors")).toBe(textureOf("white wardrobe", "wood"));
  expect(textureOf("oak chest of drawers", "doors")).toBe(textureOf("oak chest of drawers", "wood"));
});
