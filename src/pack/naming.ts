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
