/**
 * The studio's forms in a pack maker's words. The OpenAPI document describes the REST bodies for programs
 * (key names, tool names); a person filling a form needs a label and a line of help. A schema `title` or
 * `description` wins where the server gives one; these fill in where it does not.
 *
 * Keys are body field names; a form (the generation's path segment, or "upload") may word a key its own way.
 */
export interface Words {
  label: string;
  help?: string;
  /** Labels for an enum's values, by value. */
  choices?: Record<string, string>;
  /** The value a required field starts with where the server has no default (a person should not face a blank). */
  start?: number;
}

const SUGGESTS = "suggestions appear as you type";

const COMMON: Record<string, Words> = {
  prompt: { label: "What to make" },
  name: { label: "Name", help: "Shown in the studio; also the file's name (lower case, other characters become _)." },
  seed: { label: "Seed", help: "The same seed and the same answers make the same result; empty picks one at random." },
  useStyleGuide: { label: "Use the pack's style guide" },
  spec: {
    label: "Detailed description (JSON)",
    help: "Optional: parts, materials and colours as JSON; where it and the prompt disagree, this wins.",
  },
  size: { label: "Size in pixels", start: 16 },
  referenceId: { label: "Reference picture" },
  referenceStrength: { label: "How closely to follow the reference", help: "From 0.05 (loosely) to 0.95 (closely)." },
  animation: { label: "Animation" },
  count: { label: "Variations", help: "1 to 4 results from consecutive seeds, each charged." },
  faceSlot: {
    label: "Which face",
    help: "For a block whose faces differ.",
    choices: { top: "top", bottom: "bottom", side: "sides" },
  },
  category: { label: "Volume slider", help: "The sound settings slider that makes it louder or quieter." },
  carrierKind: {
    label: "Carried in game by",
    choices: { item: "an item (a custom item)", full: "a full block", partial: "a partial block" },
  },
  carrierBlockId: { label: "Game block it stands in for", help: `A block id, e.g. barrel; ${SUGGESTS}.` },
  directional: { label: "Turns to face the player when placed" },
  event: { label: "Sound event", help: `The game event it plays for, e.g. block.note_block.bell; ${SUGGESTS}.` },
  durationSeconds: { label: "Length in seconds" },
  char: {
    label: "Character",
    help: "The character it replaces in chat and text; empty: one is assigned when the pack is exported.",
  },
  height: { label: "Height in pixels" },
  variant: { label: "Variant", help: "A short name (letters, digits, _) for a second look of the same item." },
  shape: { label: "Shape", choices: { sprite: "flat sprite", "3d": "3D model" } },
  layer: { label: "Armour layer", choices: { "1": "1: helmet, chestplate, boots", "2": "2: leggings" } },
};

const BY_FORM: Record<string, Record<string, Words>> = {
  textures: {
    mode: {
      label: "Replace a game texture, or make a new one?",
      choices: { vanilla: "replace a game texture", custom: "make a new texture" },
    },
    vanillaTarget: { label: "Game texture to replace", help: `A block texture name, e.g. oak_log; ${SUGGESTS}.` },
    description: { label: "What the new texture is", help: "e.g. polished amethyst tiles." },
  },
  items: { target: { label: "Game item to reskin", help: `Empty makes a new item; ${SUGGESTS}.` } },
  guis: { target: { label: "Container screen" } },
  icons: { name: { label: "Name" } },
  upload: {
    type: { label: "What the file is" },
    target: { label: "Game texture it replaces", help: `Empty keeps it as a new one; ${SUGGESTS}.` },
    size: { label: "Resize to (pixels)", help: "Square edge; resized pixel for pixel." },
  },
};

/** One line on what each generation makes, for the top of its form. */
export const FORM_HELP: Record<string, string> = {
  textures:
    "A block texture that tiles, 16 to 128 pixels: either a new look for one of the game's blocks, or a new texture of your own.",
  items: "An item: a flat sprite or a 3D model, new or a new look for one of the game's items.",
  models: "A 3D block model (furniture and props: tables, lamps, barrels, statues…) with its own textures.",
  guis: "A container screen (furnace, chest, anvil…) in a new style.",
  huds: "The heads-up display in a new style: hearts, hunger, armour, air, hotbar, experience bar and buttons.",
  icons: "A small picture usable in chat and text (hearts, stars, coins, gems…) through the pack's font.",
  sounds: "A sound for one of the game's sound events.",
};

export function wordsFor(form: string, key: string): Words | undefined {
  return BY_FORM[form]?.[key] ?? COMMON[key];
}

/**
 * Fields a form shows only for one answer of another field (its "mode"); every other field always shows.
 * [field]: [the field it depends on, the answers that show it].
 */
export const SHOWN_WHEN: Record<string, Record<string, [string, string[]]>> = {
  textures: { vanillaTarget: ["mode", ["vanilla"]], description: ["mode", ["custom"]] },
  models: { carrierBlockId: ["carrierKind", ["full", "partial"]] },
  upload: {
    target: ["type", ["block", "item", "gui", "hud", "armor", "armor3d", "item_model"]],
    size: ["type", ["block", "item"]],
    height: ["type", ["icon"]],
    char: ["type", ["icon"]],
    faceSlot: ["type", ["block_face"]],
    event: ["type", ["sound"]],
    category: ["type", ["sound"]],
    carrierKind: ["type", ["model"]],
    layer: ["type", ["armor", "armor3d"]],
  },
};

/**
 * Which of the game's name lists suggests values for a field (GET /vanilla-names kinds); for an upload's
 * target the list follows the file's type.
 */
export type Suggestion = string | { by: string; kinds: Record<string, string> };
export const SUGGESTIONS: Record<string, Record<string, Suggestion>> = {
  textures: { vanillaTarget: "block-texture" },
  items: { target: "item-texture" },
  models: { carrierBlockId: "block" },
  sounds: { event: "sound-event" },
  upload: {
    target: { by: "type", kinds: { block: "block-texture", item: "item-texture", gui: "gui-container" } },
    event: "sound-event",
  },
};

/**
 * Help text for people: sentences naming the API's own operations (create_pack, wait_for_job…) speak to
 * programs, so they are left out.
 */
export function forPeople(text: string, operationIds: Set<string>): string {
  return text
    .split(/(?<=\.)\s+/)
    .filter((s) => !(s.match(/\b[a-z]+(?:_[a-z0-9]+)+\b/g) ?? []).some((w) => operationIds.has(w)))
    .join(" ");
}
