/**
 * Sounds: each Ogg under `assets/<pack ns>/sounds/`, and one sounds.json per event namespace listing
 * every file an event plays. A vanilla event a sound replaces gets `"replace": true` (vanilla's own
 * sounds stop) and keeps vanilla's subtitle key; a sound added beside vanilla's gets `"replace": false`.
 * Custom events (`ns:name`) get their subtitle only when the asset names one. No `category`: modern
 * sounds.json has none (the game decides the slider in code), so the asset's category is not written.
 */
import type { AssetRow } from "../core/assets.ts";
import { subtitleOf } from "../pack/vanilla.ts";
import { soundEventFor, SUBTITLES } from "../pack/game-data.ts";
import { atLeast } from "../pack/versions.ts";
import { isSafeImportPath } from "./textures.ts";
import { jsonText, type ExportPlan } from "./plan.ts";
import { cmp } from "./report.ts";

interface EventEntry {
  replace: boolean;
  vanilla: boolean;
  subtitle: string | null;
  /** Pre-1.9 only: the volume slider, which those releases read from sounds.json. */
  category?: string | null;
  sounds: { id: string; asset: AssetRow }[];
  owner: AssetRow;
}

/** `ns:event` → [ns, event]; a bare event is minecraft's. */
function splitEvent(event: string): [string, string] {
  const colon = event.indexOf(":");
  return colon < 0 ? ["minecraft", event] : [event.slice(0, colon), event.slice(colon + 1)];
}

/** `assets/<ns>/sounds/<path>.ogg` → `<ns>:<path>`, the id sounds.json lists. */
function soundId(path: string): string | null {
  const m = /^assets\/([^/]+)\/sounds\/(.+)\.ogg$/.exec(path);
  return m ? `${m[1]}:${m[2]}` : null;
}

export function planSounds(plan: ExportPlan, sounds: AssetRow[]): void {
  const events = new Map<string, EventEntry>();
  // Subtitles arrived with the 1.9 event names; before them sounds.json entries carried a category instead.
  const subtitles = atLeast(plan.version, SUBTITLES);
  for (const a of [...sounds].sort((x, y) => cmp(x.name, y.name) || x.id - y.id)) {
    const imported = isSafeImportPath(a.meta.path) ? (a.meta.path as string) : null;
    // Names may hold ':' (custom events); '.' is a legal path character, so the name maps 1:1 to a file.
    const path = imported ?? `assets/${plan.namespace}/sounds/${a.name.replace(":", "/")}.ogg`;
    const id = soundId(path);
    plan.stored(a, path, imported ? 0 : 1);
    if (!id) continue;
    const names: string[] = Array.isArray(a.meta.events)
      ? a.meta.events.filter((e: unknown) => typeof e === "string")
      : typeof a.meta.event === "string"
        ? [a.meta.event]
        : [];
    for (const name of names) {
      const [ns, modern] = splitEvent(name);
      // A vanilla event goes under the name the release plays (dig.stone in 1.8); one it lacks is left out.
      const event = ns === "minecraft" ? soundEventFor(modern, plan.version) : modern;
      if (event === null) continue;
      const key = `${ns}:${event}`;
      const vanilla = ns === "minecraft";
      let entry = events.get(key);
      if (!entry) {
        entry = { replace: false, vanilla, subtitle: null, sounds: [], owner: a };
        events.set(key, entry);
      }
      entry.replace ||= typeof a.meta.replace === "boolean" ? a.meta.replace : vanilla && !!a.meta.replacesVanilla;
      if (subtitles)
        entry.subtitle ??= typeof a.meta.subtitle === "string" ? a.meta.subtitle : vanilla ? subtitleOf(event) : null;
      // "voice" arrived with 1.9; an older release would not know it, so the entry keeps the default slider.
      else if (typeof a.meta.category === "string" && a.meta.category !== "voice") entry.category ??= a.meta.category;
      entry.sounds.push({ id, asset: a });
    }
  }
  const byNamespace = new Map<string, [string, EventEntry][]>();
  for (const [key, entry] of events) {
    const [ns, event] = splitEvent(key);
    byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), [event, entry]]);
  }
  for (const [ns, list] of [...byNamespace].sort(([a], [b]) => cmp(a, b))) {
    const body: Record<string, unknown> = Object.create(null);
    for (const [event, e] of list.sort(([a], [b]) => cmp(a, b))) {
      body[event] = {
        ...(e.vanilla || e.replace ? { replace: e.replace } : {}),
        ...(e.subtitle ? { subtitle: e.subtitle } : {}),
        ...(e.category ? { category: e.category } : {}),
        sounds: e.sounds.map((s) => s.id).sort(cmp),
      };
    }
    plan.text(`assets/${ns}/sounds.json`, jsonText(body), list[0][1].owner);
  }
}
