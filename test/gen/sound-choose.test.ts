import { describe, expect, test } from "bun:test";
import { chooseSound, matchesWord, SOUND_FAMILIES } from "../../src/gen/sound/choose.ts";
import { MATERIALS } from "../../src/gen/sound/material.ts";

const familyOf = (prompt: string, event = "") => chooseSound(prompt, event).family.id;

describe("matchesWord", () => {
  test("plain inflections match", () => {
    for (const [token, word] of [
      ["coins", "coin"],
      ["breaking", "break"],
      ["dripping", "drip"],
      ["hitting", "hit"],
      ["exploded", "explode"],
      ["exploding", "explode"],
      ["footsteps", "footstep"],
      ["squeaky", "squeak"],
      ["clicks", "click"],
    ]) {
      expect(matchesWord(token, word)).toBe(true);
    }
  });

  test("longer words that merely start alike do not", () => {
    for (const [token, word] of [
      ["battle", "bat"],
      ["catch", "cat"],
      ["rattle", "rat"],
      ["orange", "ore"],
      ["popcorn", "pop"],
      ["icicle", "ice"],
    ]) {
      expect(matchesWord(token, word)).toBe(false);
    }
  });
});

describe("chooseSound from the prompt", () => {
  const cases: [string, string][] = [
    ["a heavy punch hit", "hit"],
    ["player gets hurt", "hit"],
    ["collect item pop", "pickup"],
    ["shiny coin", "coin"],
    ["coin pickup", "coin"],
    ["big TNT explosion", "explosion"],
    ["8-bit jump", "jump"],
    ["UI button click", "click"],
    ["menu blip", "click"],
    ["power-up fanfare", "powerup"],
    ["level up!", "powerup"],
    ["sci-fi laser zap", "laser"],
    ["magic spell sparkle", "magic"],
    ["footsteps on gravel", "step"],
    ["glass shattering", "break"],
    ["creaky wooden door opening", "door"],
    ["gentle water bubbling", "water"],
    ["lava ambience", "lava"],
    ["zombie growl", "growl"],
    ["angry snake hiss", "hiss"],
    ["a mouse squeaks", "squeak"],
    ["sword swing whoosh", "whoosh"],
    ["something indescribable", "generic"],
    ["", "generic"],
  ];
  for (const [prompt, family] of cases) test(`"${prompt}" -> ${family}`, () => expect(familyOf(prompt)).toBe(family));
});

describe("the event fills in and breaks ties", () => {
  test("a vague prompt takes the event's family", () => {
    expect(familyOf("my custom sound", "entity.generic.explode")).toBe("explosion");
    expect(familyOf("custom", "entity.zombie.ambient")).toBe("growl");
    expect(familyOf("custom", "entity.creeper.primed")).toBe("hiss");
    expect(familyOf("custom", "entity.bat.ambient")).toBe("squeak");
    expect(familyOf("custom", "entity.player.levelup")).toBe("powerup");
    expect(familyOf("custom", "entity.experience_orb.pickup")).toBe("pickup");
    expect(familyOf("custom", "ui.button.click")).toBe("click");
    expect(familyOf("custom", "block.lava.ambient")).toBe("lava");
    expect(familyOf("custom", "entity.player.hurt")).toBe("hit");
  });

  test("block events: the action decides, the block names the material", () => {
    expect(chooseSound("", "block.stone.break")).toMatchObject({
      family: { id: "break" },
      material: { id: "stone" },
      materialNamed: true,
    });
    expect(chooseSound("", "block.grass.step")).toMatchObject({ family: { id: "step" }, material: { id: "grass" } });
    expect(chooseSound("", "block.deepslate.hit")).toMatchObject({ family: { id: "step" }, material: { id: "stone" } });
    expect(chooseSound("", "block.glass.place")).toMatchObject({ family: { id: "step" }, material: { id: "glass" } });
    expect(chooseSound("", "block.wooden_door.open")).toMatchObject({
      family: { id: "door" },
      material: { id: "wood" },
    });
  });

  test("the prompt wins over the event", () => {
    expect(familyOf("coin", "block.stone.break")).toBe("coin");
    expect(familyOf("laser blast", "entity.player.hurt")).toBe("laser");
  });
});

describe("materials", () => {
  test("the first surface named wins; none named means stone, flagged", () => {
    expect(chooseSound("glass shattering on a stone floor").material.id).toBe("glass");
    expect(chooseSound("iron door slam").material.id).toBe("metal");
    expect(chooseSound("walking in snow").material.id).toBe("snow");
    expect(chooseSound("footsteps on sand").material.id).toBe("sand");
    expect(chooseSound("footsteps")).toMatchObject({ material: { id: "stone" }, materialNamed: false });
  });

  test("no word selects two materials or two families", () => {
    const seen = new Map<string, string>();
    for (const m of MATERIALS) for (const w of m.words) expect(seen.get(w) ?? m.id).toBe(m.id), seen.set(w, m.id);
    const families = new Map<string, string>();
    for (const f of SOUND_FAMILIES)
      for (const w of f.words) expect(families.get(w) ?? f.id).toBe(f.id), families.set(w, f.id);
  });
});
