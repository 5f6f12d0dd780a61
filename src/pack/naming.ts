/**
 * Where a pack's own (non-vanilla) content lives in the exported zip. The namespace is the pack's slug:
 * slugs are unique server-wide and valid namespaces ([a-z0-9-]), so two Packsmith packs loaded together
 * never overwrite each other's custom files.
 */
export const packNamespace = (slug: string) => slug;

/** A stored name made safe as one resource-path segment: `item:ruby` → `ruby`, `model:x` → `x`. */
export const pathSegment = (name: string) => name.replace(/^(item|gui|hud|model):/, "").replace(/[^a-z0-9_.\-/]/g, "_");

/** The resource-location prefix a model's own textures are written under (`<ns>:block/<model>_<slot>`). */
export const modelTexturePrefix = (slug: string, modelName: string, folder: "block" | "item") =>
  `${packNamespace(slug)}:${folder}/${pathSegment(modelName).replace(/\//g, "_")}_`;

/** Stored name of a model's own texture asset. */
export const modelTextureName = (modelName: string, slot: string) =>
  `model:${pathSegment(modelName).replace(/\//g, "_")}_${slot}`;

/**
 * Characters no user-given name or display name may hold: C0 controls, DEL and C1 controls (they break lines and
 * logs and end up in pack.mcmeta), and the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069),
 * which make a name read differently from what it is. As a JSON-Schema pattern (the schemas refuse them) and a
 * global expression (derived names, such as a zip's file name, have them removed).
 */
export const UNSAFE_TEXT_CLASS = "\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069";
export const PLAIN_TEXT_PATTERN = `^[^${UNSAFE_TEXT_CLASS}]*$`;
const UNSAFE_TEXT = new RegExp(`[${UNSAFE_TEXT_CLASS}]`, "g");

/** A derived name with the unsafe characters removed, cut to `max` characters (code points, as the spec counts). */
export function plainName(text: string, max = Number.POSITIVE_INFINITY): string {
  return Array.from(text.replace(UNSAFE_TEXT, "")).slice(0, max).join("").trim();
}
