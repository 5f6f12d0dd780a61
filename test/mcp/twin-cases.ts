import type { Rng } from "../../src/gen/rng.ts";

/**
 * Input domains for the REST/MCP twin property test: per tool, a base that succeeds, the valid values
 * of each field and the invalid ones (bounds, wrong enums, wrong types). `$pack` and `$foreign` stand
 * for the caller's pack and another account's pack; `undefined` means "leave the field out".
 */
export interface Field {
  valid: unknown[];
  invalid: unknown[];
  /** Required fields may also be dropped (missing-field cases). */
  required?: boolean;
}

export interface ToolDomain {
  base: Record<string, unknown>;
  fields: Record<string, Field>;
}

const text = (n: number, c = "a") => c.repeat(n);
const packField: Field = {
  valid: ["$pack"],
  invalid: ["no-such-pack", "$foreign", text(65, "p"), "a b", "Twin"],
  required: true,
};
const prompt: Field = {
  valid: ["cracked stone bricks", text(1000, "p")],
  invalid: ["", text(1001, "p"), 3, null],
  required: true,
};
const seed: Field = { valid: [3, 0, 4294967295], invalid: [-1, 4294967296, 1.5, "3"] };
const useStyleGuide: Field = { valid: [undefined, true, false], invalid: ["yes", 1] };
const label: Field = { valid: [undefined, "My Asset", text(100, "n")], invalid: ["", text(101, "n"), 7] };
const reference: Field = { valid: [undefined], invalid: ["ref-1", ""] };

export const GENERATION_DOMAINS: Record<string, ToolDomain> = {
  generate_texture: {
    base: { pack: "$pack", prompt: "mossy granite", size: 16, mode: "custom", description: "granite", seed: 3 },
    fields: {
      pack: packField,
      prompt,
      size: { valid: [16, 64, 128], invalid: [15, 129, 16.5, "16", null], required: true },
      mode: { valid: ["custom", "vanilla"], invalid: ["both", "", "CUSTOM"], required: true },
      vanillaTarget: {
        valid: [undefined, "oak_planks", "stone", "oak_log", "furnace"],
        invalid: ["diamond_sword", "not_a_block", "", text(101)],
      },
      description: { valid: [undefined, "rough granite"], invalid: ["", text(1001, "d")] },
      faceSlot: { valid: [undefined, "top", "side", "bottom"], invalid: ["front", ""] },
      referenceId: reference,
      referenceStrength: { valid: [undefined, 0.5, 2, -1], invalid: ["0.5"] },
      animation: {
        valid: [undefined, { effect: "pulse" }, { effect: "flow", frames: 2, frametime: 200, interpolate: true }],
        invalid: [{ effect: "spin" }, { effect: "wobble" }, { effect: "pulse", frames: 33 }, { frames: 4 }],
      },
      count: { valid: [undefined, 1, 2], invalid: [0, 5, 1.5, "2"] },
      name: label,
      seed,
      useStyleGuide,
    },
  },
  generate_model: {
    base: { pack: "$pack", prompt: "oak table", seed: 3 },
    fields: {
      pack: packField,
      prompt,
      carrierKind: { valid: [undefined, "item", "full", "partial"], invalid: ["block", ""] },
      directional: { valid: [undefined, true, false], invalid: ["no"] },
      carrierBlockId: {
        valid: [undefined, "oak_planks", "minecraft:furnace"],
        invalid: ["air", "not_a_block", "", text(101)],
      },
      referenceId: reference,
      name: label,
      seed,
      useStyleGuide,
    },
  },
  generate_item: {
    base: { pack: "$pack", prompt: "ruby sword", seed: 3 },
    fields: {
      pack: packField,
      prompt,
      target: { valid: [undefined, null, "diamond_sword", "apple"], invalid: ["stone_bricks", "", text(101)] },
      variant: { valid: [undefined, "ruby", text(40, "v")], invalid: ["Ruby!", text(41, "v"), ""] },
      shape: { valid: [undefined, "sprite", "3d"], invalid: ["2d", ""] },
      size: { valid: [undefined, 16, 128], invalid: [15, 129, 20.5] },
      name: label,
      seed,
      useStyleGuide,
    },
  },
  generate_gui: {
    base: { pack: "$pack", prompt: "birch", target: "furnace", seed: 3 },
    fields: {
      pack: packField,
      prompt,
      target: {
        valid: ["furnace", "generic_54", "hopper", "anvil"],
        invalid: ["chest", "", "FURNACE", 5],
        required: true,
      },
      name: label,
      seed,
      useStyleGuide,
    },
  },
  generate_hud: {
    base: { pack: "$pack", prompt: "golden", seed: 3 },
    fields: { pack: packField, prompt, name: label, seed, useStyleGuide },
  },
  generate_icon: {
    base: { pack: "$pack", prompt: "gold coin", name: "coin", seed: 3 },
    fields: {
      pack: packField,
      prompt,
      name: { valid: ["coin", "Heart Icon", text(100, "n")], invalid: ["", text(101, "n"), 1], required: true },
      char: { valid: [undefined, "A", "\u2605", "\u{1F600}"], invalid: ["AB", "", "abc"] },
      height: { valid: [undefined, 5, 32, 9], invalid: [4, 33, 9.5] },
      seed,
      useStyleGuide,
    },
  },
  generate_sound: {
    base: { pack: "$pack", prompt: "coin pickup", event: "packsmith:coin", seed: 3 },
    fields: {
      pack: packField,
      prompt,
      event: {
        valid: [
          "packsmith:coin",
          "block.stone.break",
          "minecraft:entity.player.hurt",
          "packsmith:ui/click",
          "packsmith:odd name",
        ],
        invalid: ["not an event", "Packsmith:Zap", "", "minecraft:nope.nope"],
        required: true,
      },
      category: { valid: [undefined, "block", "player", "master"], invalid: ["loud", ""] },
      durationSeconds: { valid: [undefined, 0.1, 10, 1.5], invalid: [0.09, 10.5, "1"] },
      name: label,
      seed,
      useStyleGuide,
    },
  },
};

export const CREATE_PACK: ToolDomain = {
  base: { name: "Fresh" },
  fields: {
    name: {
      valid: ["Fresh", text(100, "n"), "  Spaced  Name ", "Émile's Pack"],
      invalid: ["", "   ", text(101, "n"), 5, null],
      required: true,
    },
    minecraftVersion: { valid: [undefined, "1.21.11", "1.20.1", "1.16.5"], invalid: ["0.0.1", "", "latest", 1.21] },
  },
};

export const LIST_ASSETS: ToolDomain = {
  base: { pack: "$pack" },
  fields: {
    pack: packField,
    kind: { valid: [undefined, "texture", "model", "font", "sound"], invalid: ["shader", "", "TEXTURE"] },
    limit: { valid: [undefined, 1, 2, 200], invalid: [0, 201, 1.5, -1, "abc"] },
    cursor: { valid: [undefined, 0, 2, 5], invalid: [-1, 0.5, "x"] },
    status: { valid: [undefined, "ready", "error", "generating"], invalid: ["failed", "", "READY"] },
    // q: up to 100 characters (SEARCH_MAX), LIKE's wildcards taken literally.
    q: {
      valid: [undefined, "", "stone", "STONE", "item:", "%", "_", "a%_b\\", "gui:", "HUD", "x".repeat(100)],
      invalid: ["x".repeat(101)],
    },
  },
};

/**
 * The cases for one domain: every invalid value of every field once, every required field dropped once,
 * an unknown field once, then `random` draws that mix valid values with at most one invalid one.
 */
export function casesFor(domain: ToolDomain, rng: Rng, random: number): Record<string, unknown>[] {
  const pick = <T>(xs: T[]) => xs[Math.floor(rng() * xs.length)];
  const set = (args: Record<string, unknown>, key: string, value: unknown) => {
    if (value === undefined) delete args[key];
    else args[key] = value;
    return args;
  };
  const out: Record<string, unknown>[] = [{ ...domain.base }];
  for (const [key, f] of Object.entries(domain.fields)) {
    for (const v of f.valid) out.push(set({ ...domain.base }, key, v));
    for (const v of f.invalid) out.push(set({ ...domain.base }, key, v));
    if (f.required) out.push(set({ ...domain.base }, key, undefined));
  }
  out.push({ ...domain.base, bogus: 1 });
  for (let i = 0; i < random; i++) {
    const args: Record<string, unknown> = { ...domain.base };
    for (const [key, f] of Object.entries(domain.fields)) if (rng() < 0.4) set(args, key, pick(f.valid));
    if (rng() < 0.5) {
      const [key, f] = pick(Object.entries(domain.fields));
      set(args, key, pick(f.invalid));
    }
    out.push(args);
  }
  return out;
}
