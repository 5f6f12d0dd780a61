/**
 * Plans for the real packs in the shared corpus. Expected counts are computed here from the raw
 * entry list (listed by fflate, not by our reader) with plain path rules, and a few numbers were
 * checked by hand with `unzip -l` / `unzip -Z1 | grep -c`.
 */
import { describe, expect, test } from "bun:test";
import { unzipSync } from "fflate";
import { existsSync } from "node:fs";
import { openPackZip, planImport, SKIP, type ImportPlan } from "../../src/pack/import-plan.ts";
import { CORPUS as SHARED_CORPUS } from "../support/corpus.ts";

const CORPUS = SHARED_CORPUS;
const have = existsSync(`${CORPUS}/packs`);
if (!have) test.skip("corpus packs (the shared corpus beside the repository is absent)", () => {});

async function load(file: string) {
  const bytes = new Uint8Array(await Bun.file(`${CORPUS}/${file}`).arrayBuffer());
  const names: string[] = [];
  unzipSync(bytes, { filter: (f) => (f.name.endsWith("/") || names.push(f.name), false) });
  return { names, archive: openPackZip(bytes) };
}

/** The path rules restated independently (no overlays or glyph sheets outside textures/font/ in the corpus). */
function expectedCounts(names: string[]) {
  const T = "^assets/[a-z0-9_.-]+/textures/";
  const is = (re: string) => names.filter((n) => new RegExp(re).test(n)).length;
  const skipFolders = "(entity|environment|misc|map|painting|particle|colormap|mob_effect|effect|trims|gui|font)/";
  return {
    textures:
      is(`${T}(block|blocks|item|items)/.+\\.png$`) +
      is(`${T}models/armor/.+\\.png$`) +
      is(`${T}entity/equipment/[^/]+/.+\\.png$`) +
      is(`${T}(?!${skipFolders}|block/|blocks/|item/|items/|models/armor/).+\\.png$`),
    models: is("^assets/[^/]+/models/(?!equipment/).+\\.json$") + is("^assets/[^/]+/items/.+\\.json$"),
    // The game's own font sheets (ascii.png…) are kept as they are, not made glyphs.
    glyphs:
      is(`${T}font/.+\\.png$`) -
      is(
        "^assets/minecraft/textures/font/(ascii|ascii_sga|accented|nonlatin_european|unicode_page_[0-9a-f]{2})\\.png$",
      ),
    guis: is(`${T}gui/(container|sprites)/.+\\.png$`) + is("^assets/minecraft/textures/gui/(icons|widgets)\\.png$"),
    sounds: is("^assets/[^/]+/sounds/.+\\.ogg$"),
  };
}

function checkConsistency(plan: ImportPlan, names: string[]) {
  const { planned } = plan;
  expect(planned.textures + planned.models + planned.glyphs + planned.guis + planned.sounds).toBe(plan.items.length);
  const skippedCount = plan.skipped.reduce((n, g) => n + g.count, 0);
  const keptCount = plan.kept.reduce((n, g) => n + g.count, 0);
  expect(plan.keptFiles.length).toBe(keptCount);
  expect(planned.files).toBe(keptCount);
  const sidecars = plan.items.filter((i) => i.mcmeta).map((i) => i.mcmeta!);
  // Every file is accounted for exactly once: an asset, an asset's .mcmeta sidecar, a pack file, or a skip.
  expect(plan.items.length + sidecars.length + keptCount + skippedCount).toBe(names.length);
  const used = [...plan.items.map((i) => i.path), ...sidecars, ...plan.keptFiles.map((f) => f.entry)];
  expect(new Set(used).size).toBe(used.length);
  for (const p of used) expect(names).toContain(p);
  for (const g of [...plan.skipped, ...plan.kept]) expect(g.examples.length).toBe(Math.min(5, g.count));
  for (const g of plan.skipped) for (const p of g.examples) expect(used).not.toContain(p);
  const keys = plan.items.map((i) => `${i.kind}/${i.name}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const i of plan.items) expect(i.name).toMatch(/^[a-z0-9_.:/-]+$/);
}

/** The planned asset counts, without the pack-file count. */
const assetCounts = (plan: ImportPlan) => {
  const { files: _files, ...assets } = plan.planned;
  return assets;
};
const keptBy = (plan: ImportPlan, reason: string) => plan.kept.find((g) => g.reason === reason)?.count ?? 0;
const skippedBy = (plan: ImportPlan, reason: string) => plan.skipped.find((g) => g.reason === reason)?.count ?? 0;
const byPath = (plan: ImportPlan, path: string) => plan.items.find((i) => i.path === path);

describe.if(have)("corpus packs", () => {
  const handChecked: Record<string, { version: string; counts: ReturnType<typeof assetCounts> }> = {
    "packs/ak1089-example-resource-pack.zip": {
      version: "1.20.5",
      counts: { textures: 3, models: 0, glyphs: 0, guis: 0, sounds: 4 },
    },
    "packs/blanktopia-1.17.zip": {
      version: "1.16.5",
      counts: { textures: 161, models: 498, glyphs: 1, guis: 0, sounds: 21 },
    },
    "packs/cloudiesmp-s10.zip": {
      version: "26.2",
      counts: { textures: 102, models: 160, glyphs: 22, guis: 0, sounds: 0 },
    },
    "packs/faithful-32x-java-1.8.9.zip": {
      version: "1.8.9",
      counts: { textures: 604, models: 0, glyphs: 0, guis: 19, sounds: 0 },
    },
    "packs/vanilla-plus-hud.zip": {
      version: "1.20.1",
      counts: { textures: 1, models: 0, glyphs: 0, guis: 69, sounds: 0 },
    },
  };
  for (const [file, want] of Object.entries(handChecked)) {
    test(`${file}: counts match the raw entry list and hand-checked numbers`, async () => {
      const { names, archive } = await load(file);
      const plan = planImport(archive);
      expect(plan.root).toBe("");
      expect(await assetCounts(plan)).toEqual(expectedCounts(names));
      expect(await assetCounts(plan)).toEqual(want.counts);
      expect(plan.minecraftVersion).toBe(want.version);
      expect(plan.versionSource).toBe("pack.mcmeta");
      expect(plan.packIcon).toBe("pack.png");
      checkConsistency(plan, names);
    });
  }

  test("faithful 1.8.9: old plural folders, MCPatcher kept as pack files, animation sidecars carried", async () => {
    const { archive } = await load("packs/faithful-32x-java-1.8.9.zip");
    const plan = planImport(archive);
    expect(keptBy(plan, SKIP.optifine)).toBe(850); // unzip -Z1 | grep -c "mcpatcher/\|optifine/\|\.properties$"
    expect(plan.warnings).toEqual([]);
    const clock = byPath(plan, "assets/minecraft/textures/items/clock.png")!;
    expect(clock).toMatchObject({
      kind: "texture",
      type: "item",
      name: "item:clock",
      until: "1.13",
      mcmeta: "assets/minecraft/textures/items/clock.png.mcmeta",
    });
    expect(clock.target).toBeUndefined(); // old names are not the flattened vanilla names
    expect(byPath(plan, "assets/minecraft/textures/gui/container/generic_54.png")).toMatchObject({
      type: "gui",
      name: "gui:generic_54",
      target: "generic_54",
    });
    expect(byPath(plan, "assets/minecraft/textures/gui/icons.png")).toMatchObject({ type: "hud", name: "hud:icons" });
    expect(byPath(plan, "assets/minecraft/textures/models/armor/diamond_layer_1.png")).toMatchObject({
      type: "armor",
      name: "armor:diamond_layer_1",
    });
    expect(plan.items.filter((i) => i.mcmeta).length).toBe(11);
  });

  test("cloudiesmp: item model definitions, bitmap glyphs with provider data, equipment textures", async () => {
    const { archive } = await load("packs/cloudiesmp-s10.zip");
    const plan = planImport(archive);
    expect(plan.description).toBe("Cloudie's Server - Main Resource Pack");
    expect(byPath(plan, "assets/cloudie/items/wearables/halo.json")).toMatchObject({
      kind: "model",
      type: "item_model",
      name: "item:cloudie.wearables/halo",
      namespace: "cloudie",
    });
    expect(byPath(plan, "assets/minecraft/items/paper.json")).toMatchObject({ type: "item_model", name: "item:paper" });
    const logo = byPath(plan, "assets/minecraft/textures/font/logo.png")!;
    expect(logo).toMatchObject({ kind: "font", type: "icon", name: "logo" });
    expect(logo.glyph).toMatchObject({ font: "minecraft:default", height: 50, ascent: 50 });
    expect(plan.items.filter((i) => i.kind === "font").every((i) => i.glyph)).toBe(true);
    expect(byPath(plan, "assets/cloudie/textures/entity/equipment/wings/elytra_obf.png")).toMatchObject({
      type: "armor",
      name: "armor:cloudie.wings/elytra_obf",
    });
    expect(byPath(plan, "assets/cloudie/textures/item/furniture/vending_machine.png")!.mcmeta).toBe(
      "assets/cloudie/textures/item/furniture/vending_machine.png.mcmeta",
    );
    expect(keptBy(plan, SKIP.definitions)).toBe(3);
    expect(plan.definitions).toContain("assets/minecraft/font/default.json");
    expect(plan.keptFiles.map((f) => f.path)).toContain("assets/minecraft/font/default.json");
  });

  test("ak1089: sounds.json events attach to their files; TrueType font and entity/painting art kept as files", async () => {
    const { archive } = await load("packs/ak1089-example-resource-pack.zip");
    const plan = planImport(archive);
    expect(byPath(plan, "assets/minecraft/sounds/metronome.ogg")).toMatchObject({
      kind: "sound",
      name: "metronome",
      events: ["minecraft:entity.player.splash"],
    });
    expect(keptBy(plan, SKIP.fontBinary)).toBe(2);
    expect(keptBy(plan, SKIP.entityArt)).toBe(1);
    expect(keptBy(plan, SKIP.environmentArt)).toBe(1);
    expect(plan.warnings.join(" ")).toContain("format 23");
  });

  test("blanktopia: editor sources stay out; ModelEngine entity art is kept with its sidecars", async () => {
    const { archive } = await load("packs/blanktopia-1.17.zip");
    const plan = planImport(archive);
    expect(skippedBy(plan, SKIP.sourceOrJunk)).toBe(21); // 10 .bbmodel + 11 .pyxel
    expect(keptBy(plan, SKIP.entityArt)).toBe(43); // 40 PNG + 3 .png.mcmeta under modelengine/textures/entity
    expect(byPath(plan, "assets/blanktopia/textures/fish/carp.png")).toMatchObject({
      kind: "texture",
      type: "model_texture",
      name: "blanktopia.fish/carp",
    });
    expect(byPath(plan, "assets/blanktopia/models/fish/carp.json")).toMatchObject({
      kind: "model",
      type: "model",
      name: "blanktopia.fish/carp",
    });
    expect(plan.items.filter((i) => i.kind === "sound" && i.events?.length).length).toBe(21);
  });

  test("vanilla-plus-hud: sprites newer than the declared version are flagged; an override clears it", async () => {
    const { archive } = await load("packs/vanilla-plus-hud.zip");
    const declared = planImport(archive);
    expect(declared.warnings).toEqual([
      "66 files use the folder layout of 1.20.2 and newer, but the pack is read as 1.20.1, where they do not load; pass minecraftVersion to read it as another version",
    ]);
    expect(byPath(declared, "assets/minecraft/textures/gui/sprites/hud/heart/full.png")).toMatchObject({
      type: "hud",
      name: "hud:heart/full",
      target: "heart/full",
    });
    const chosen = planImport(archive, { minecraftVersion: "1.20.2" });
    expect(chosen.minecraftVersion).toBe("1.20.2");
    expect(chosen.versionSource).toBe("default");
    // icons.png and widgets.png are the pre-1.20.2 HUD sheets, which 1.20.2 no longer reads
    expect(chosen.warnings).toEqual([
      "minecraftVersion 1.20.2 from the request overrides 1.20.1, which pack.mcmeta declares",
      "2 files use a folder layout the game stopped reading in 1.20.2, but the pack is read as 1.20.2; pass minecraftVersion to read it as another version",
    ]);
  });

  test("malformed pack.mcmeta (missing comma): imported with the default version and a warning", async () => {
    const { names, archive } = await load("malformed/cloudiesmp-s10-broken-mcmeta.zip");
    const plan = planImport(archive, { defaultVersion: "1.21.11" });
    expect(plan.minecraftVersion).toBe("1.21.11");
    expect(plan.versionSource).toBe("default");
    expect(plan.description).toBe("");
    expect(await assetCounts(plan)).toEqual({ textures: 0, models: 0, glyphs: 4, guis: 0, sounds: 0 });
    expect(plan.warnings[0]).toMatch(/^pack\.mcmeta is not valid JSON: .*line 6, column 5.*comma missing/);
    expect(plan.warnings).toContain("imported as 1.21.11 (the default); pass minecraftVersion to choose another");
    // The unreadable pack.mcmeta is kept as written; export writes its own (it cannot merge what it cannot read).
    expect(plan.keptFiles.map((f) => f.path)).toContain("pack.mcmeta");
    checkConsistency(plan, names);
    expect(planImport(archive, { minecraftVersion: "1.21.4" }).minecraftVersion).toBe("1.21.4");
  });
});
