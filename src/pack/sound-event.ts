import { invalid } from "../domain-error.ts";
import { isVanillaSoundEvent } from "./vanilla.ts";
import { didYouMean } from "./suggest.ts";
import { vanillaNames } from "./game-data.ts";

/** The game's volume sliders, one of which a sound belongs to (sounds.json `category`). */
export const SOUND_CATEGORIES = [
  "master",
  "music",
  "record",
  "weather",
  "block",
  "hostile",
  "neutral",
  "player",
  "ambient",
  "voice",
] as const;

/** A custom event `namespace:name` (Minecraft resource-location rules), or a vanilla event id. */
const CUSTOM_EVENT = /^[a-z0-9_.-]+:[a-z0-9_./-]+$/;

/**
 * A sound's event as generation and upload both take it: a vanilla event (with or without `minecraft:`,
 * answered without) that the sound replaces, or a custom `namespace:name`; anything else is refused.
 */
export function checkSoundEvent(event: string): { event: string; replacesVanilla: boolean } {
  const bare = event.startsWith("minecraft:") ? event.slice(10) : event;
  if (isVanillaSoundEvent(bare)) return { event: bare, replacesVanilla: true };
  if (CUSTOM_EVENT.test(event) && bare === event) return { event, replacesVanilla: false };
  throw invalid(
    `event '${event}' is neither a vanilla sound event (e.g. block.stone.break) nor a custom event of the form namespace:name${didYouMean(event, vanillaNames("sound-event"))}`,
  );
}
