import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildTables, ranges } from "../../scripts/game-data/tables.ts";
import {
  blockInfo,
  hasGuiFile,
  hasItem,
  hasSoundEvent,
  hasTexture,
  isBlock,
  soundEventFor,
  soundSince,
  textureNameFor,
  textureSince,
} from "../../src/pack/game-data.ts";

test("the committed tables are exactly what scripts/game-data.ts makes from the pinned packages", () => {
  const made = buildTables();
  expect(Object.keys(made).sort()).toEqual(["blocks.json", "gui.json", "items.json", "sounds.json", "textures.json"]);
  for (const [file, text] of Object.entries(made)) {
    const committed = readFileSync(join(import.meta.dir, "../../src/data/game", file), "utf8");
    // A mismatch means the tables were edited by hand or the packages moved: run `bun scripts/game-data.ts`.
    expect({ file, same: committed === text }).toEqual({ file, same: true });
  }
  // Same inputs, same bytes.
  expect(buildTables()).toEqual(made);
});

test("presence ranges: open at the end, single indices, gaps", () => {
  expect(ranges([true, true, false, true])).toBe("0-1,3-");
  expect(ranges([false, true, false, false])).toBe("1");
  expect(ranges([false, false])).toBe("");
  expect(ranges([true, true, true])).toBe("0-");
});

test("HUD sprites exist only from the release that reads them (air_empty: 1.21.4 sample, not 1.20.4 or 1.21.1)", () => {
  for (const v of ["1.20.2", "1.20.4", "1.21.1"]) expect(hasGuiFile("sprites/hud/air_empty", v)).toBe(false);
  for (const v of ["1.21.4", "1.21.11", "26.3"]) expect(hasGuiFile("sprites/hud/air_empty", v)).toBe(true);
  expect(hasGuiFile("sprites/hud/heart/full", "1.20.2")).toBe(true);
  expect(hasGuiFile("sprites/hud/heart/full", "1.20.1")).toBe(false);
  expect(hasGuiFile("icons", "1.12.2")).toBe(true);
  expect(hasGuiFile("icons", "1.21.1")).toBe(false);
});

test("pre-flattening releases read the same textures under their own names", () => {
  expect(textureNameFor("block", "stone", "1.12.2")).toBe("stone");
  expect(textureNameFor("block", "gravel", "1.12.2")).toBe("gravel");
  expect(textureNameFor("block", "oak_log", "1.12.2")).toBe("log_oak");
  expect(textureNameFor("block", "oak_log_top", "1.12.2")).toBe("log_oak_top");
  expect(textureNameFor("block", "sandstone_top", "1.12.2")).toBe("sandstone_top");
  expect(textureNameFor("block", "oak_log", "1.20.1")).toBe("oak_log");
  expect(textureNameFor("item", "golden_sword", "1.8.9")).toBe("gold_sword");
  // Newer blocks have no old name: nothing to write for 1.12.2.
  expect(textureNameFor("block", "deepslate", "1.12.2")).toBeNull();
  expect(textureSince("block", "deepslate")).toBe("1.17");
  expect(textureSince("block", "oak_log")).toBe("1.6.1");
});

test("a texture between two samples counts when its block is registered in that release (cherry in 1.20.1)", () => {
  expect(hasTexture("block", "cherry_log_top", "1.20.1")).toBe(true);
  expect(hasTexture("block", "cherry_log_top", "1.19.2")).toBe(false);
  expect(hasTexture("block", "cherry_planks", "1.20")).toBe(true);
});

test("releases after the packages inherit the newest sample plus the delta file", () => {
  expect(hasTexture("block", "stone", "26.3")).toBe(true);
  const added = JSON.parse(readFileSync(join(import.meta.dir, "../../src/data/game/delta.json"), "utf8"))
    .releases_after_packages["26.3"].item[0];
  expect(hasTexture("item", added, "26.3")).toBe(true);
  expect(hasTexture("item", added, "26.1")).toBe(false);
});

test("sound events per release, with the pre-1.9 names", () => {
  expect(soundEventFor("block.stone.break", "1.8.9")).toBe("dig.stone");
  expect(soundEventFor("block.stone.break", "1.20.1")).toBe("block.stone.break");
  expect(soundEventFor("entity.warden.roar", "1.18.2")).toBeNull();
  expect(soundEventFor("entity.warden.roar", "1.19")).toBe("entity.warden.roar");
  expect(soundEventFor("entity.warden.roar", "1.8.9")).toBeNull();
  expect(hasSoundEvent("block.note_block.harp", "1.12.2")).toBe(false);
  expect(hasSoundEvent("block.note_block.harp", "1.13.2")).toBe(true);
  expect(soundSince("block.stone.break")).toBe("1.6.1");
  expect(soundSince("entity.warden.roar")).toBe("1.19");
});

test("blocks carry their states and whether they hide their neighbours' faces", () => {
  expect(isBlock("note_block")).toBe(true);
  expect(isBlock("diamond_sword")).toBe(false);
  expect(hasItem("diamond_sword")).toBe(true);
  expect(blockInfo("note_block")).toMatchObject({ occludes: true });
  expect(blockInfo("note_block")?.states.instrument).toContain("harp");
  for (const b of ["glass", "oak_fence", "chest", "barrier", "oak_leaves"]) expect(blockInfo(b)?.occludes).toBe(false);
  expect(blockInfo("furnace")?.states.facing?.sort()).toEqual(["east", "north", "south", "west"]);
  expect(isBlock("cherry_planks", "1.19.2")).toBe(false);
  expect(isBlock("cherry_planks", "1.20")).toBe(true);
});
