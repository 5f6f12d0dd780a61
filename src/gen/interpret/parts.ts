/**
 * Item part words and the silhouette region each paints (art/silhouettes.ts names the regions):
 * M the main material (blade, head), H the handle, A the accent (guard, gem, liquid, leaf), S the
 * secondary (cork, pages, string). "ruby sword with a gold hilt" paints M ruby and H gold.
 */
export type Region = "M" | "H" | "A" | "S";

export const PART_REGIONS: Record<string, Region> = {
  blade: "M",
  head: "M",
  edge: "M",
  tip: "M",
  body: "M",
  hilt: "H",
  handle: "H",
  grip: "H",
  shaft: "H",
  haft: "H",
  pole: "H",
  stick: "H",
  rod: "H",
  /** What `with <material>` paints when no part is named: gems, inlays, a rim. */
  accent: "A",
  guard: "A",
  crossguard: "A",
  pommel: "A",
  gem: "A",
  jewel: "A",
  inlay: "A",
  ribbon: "A",
  band: "A",
  trim: "A",
  liquid: "A",
  content: "A",
  leaf: "A",
  cross: "S",
  emblem: "S",
  stripe: "S",
  cork: "S",
  page: "S",
  label: "S",
  string: "S",
  lid: "S",
};
