/**
 * The words people use for the parts of a thing, folded onto the part names the families declare
 * (art/assembly.ts). A word is tried as itself first; then each name here in turn, the first one the family
 * declares winning: a bottle's "cap" is its stopper, a pickaxe's "grip" its haft, a key's "bow" its ribbon.
 * Groups follow WordNet's synonym sets and part-of relations for the parts of hand tools, containers, clothing
 * and jewellery (hilt/handle/grip/haft/helve; rim/border/edging; cap/lid/stopper/cork/plug; gem/jewel/
 * stone/gemstone; fletching/feather/plume), written out because the families' part names are few and fixed.
 * The last name of a group is one every body can take (trim, band, gem, stars: derived from the body's shape),
 * so a part the family lacks still lands where a person expects it: laces and straps are bands, a buckle a gem.
 */
export const PART_ALIASES: Record<string, readonly string[]> = {
  // What you hold.
  hilt: ["hilt", "grip", "handle", "haft", "shaft", "stick", "band"],
  handle: ["handle", "grip", "haft", "shaft", "stick", "rod", "limb", "band"],
  grip: ["grip", "handle", "haft", "shaft", "stick", "band"],
  haft: ["haft", "handle", "shaft", "stick", "band"],
  helve: ["haft", "handle", "shaft", "band"],
  shaft: ["shaft", "haft", "handle", "stick", "rod", "band"],
  shank: ["shaft", "haft", "handle", "band"],
  stick: ["stick", "handle", "shaft", "haft", "rod", "band"],
  pole: ["pole", "rod", "shaft", "staff", "handle", "band"],
  rod: ["rod", "pole", "shaft", "stick", "handle", "band"],
  // The working part.
  blade: ["blade", "blades", "head", "edge"],
  edge: ["blade", "edge", "trim"],
  tip: ["tip", "head", "prongs", "point", "blade"],
  point: ["tip", "head", "prongs", "blade"],
  head: ["head", "prongs", "blade", "tip"],
  // Edges and frames: a ring just inside the outline.
  rim: ["rim", "trim", "frame", "band"],
  border: ["trim"],
  borders: ["trim"],
  edging: ["rim", "trim"],
  edges: ["rim", "trim"],
  frame: ["frame", "rim", "case", "cage", "trim"],
  piping: ["trim"],
  binding: ["trim"],
  lining: ["trim"],
  outline: ["trim"],
  corners: ["corners", "trim"],
  corner: ["corners", "trim"],
  inlay: ["inlay", "trim"],
  inlays: ["inlay", "trim"],
  // Things that go around: a row across the body.
  band: ["band", "bands", "ribbon", "stripes"],
  bands: ["bands", "band", "stripes"],
  ribbon: ["ribbon", "band", "bow"],
  ribbons: ["ribbon", "band"],
  bow: ["bow", "ribbon", "band"],
  sash: ["ribbon", "band"],
  belt: ["band"],
  strap: ["chain", "band"],
  straps: ["chain", "band"],
  lace: ["band"],
  laces: ["band"],
  shoelaces: ["band"],
  collar: ["cuff", "band"],
  cuff: ["cuff", "band"],
  hoop: ["band"],
  hoops: ["bands", "band"],
  stripe: ["stripes", "band"],
  stripes: ["stripes", "bands", "band"],
  wrapping: ["wrapping", "wrapper", "band"],
  wrap: ["wrapping", "wrapper", "band"],
  // Small set pieces: the deepest cell of the body.
  gem: ["gem", "gems", "jewel", "orb", "stone", "boss", "band"],
  gems: ["gems", "gem", "jewels", "jewel", "stone"],
  jewel: ["jewel", "gem", "gems", "stone", "orb"],
  jewels: ["jewels", "gems", "gem", "jewel"],
  gemstone: ["gem", "stone", "jewel", "gems", "orb"],
  stone: ["stone", "gem", "jewel", "gems"],
  crystal: ["crystal", "orb", "gem"],
  orb: ["orb", "gem"],
  pearl: ["gem"],
  pendant: ["pendant", "gem"],
  buckle: ["clasp", "lock", "latch", "boss", "gem"],
  clasp: ["clasp", "lock", "latch", "gem"],
  button: ["gem"],
  buttons: ["stars"],
  stud: ["boss", "gem"],
  studs: ["stars"],
  tassel: ["tassel", "ribbon", "gem"],
  tassels: ["ribbon", "stars"],
  charm: ["gem"],
  badge: ["emblem", "gem"],
  emblem: ["emblem", "face", "gem"],
  crest: ["emblem", "gem"],
  // What closes a container.
  cap: ["cap", "stopper", "cork", "lid", "caps"],
  lid: ["lid", "stopper", "cork", "cap"],
  cork: ["cork", "stopper", "lid", "cap"],
  stopper: ["stopper", "cork", "lid", "cap"],
  plug: ["stopper", "cork", "cap"],
  top: ["stopper", "cork", "lid", "cap", "caps"],
  // Labels and faces.
  label: ["label", "wrapper", "band"],
  tag: ["label", "ribbon", "gem"],
  sticker: ["label", "gem"],
  // Strings and lines.
  string: ["string", "line", "strings", "band"],
  strings: ["strings", "string", "band"],
  bowstring: ["string"],
  cord: ["string", "chain", "line", "band"],
  chain: ["chain", "string", "band"],
  // Feathers of an arrow.
  feather: ["fletching", "feathers", "feather"],
  feathers: ["fletching", "feathers"],
  fletching: ["fletching", "feathers"],
  fletchings: ["fletching", "feathers"],
  plume: ["fletching", "feathers", "stars"],
  // Fire and light.
  flame: ["flame", "fire", "light", "spark"],
  flames: ["flame", "fire", "spark"],
  fire: ["fire", "flame", "spark"],
  light: ["light", "flame", "filament"],
  glow: ["flame", "light", "filament"],
  // What a container holds.
  liquid: ["liquid", "contents", "drink", "soup", "sand"],
  contents: ["contents", "liquid", "drink", "sand"],
  potion: ["liquid", "contents"],
  // Dots, spots and the like: scattered single cells.
  spots: ["stars"],
  dots: ["dots", "pips", "stars"],
  pips: ["pips", "dots", "stars"],
  stars: ["stars"],
  sparkles: ["stars"],
  // Parts of plants and fruit.
  leaf: ["leaf", "leaves"],
  leaves: ["leaves", "leaf"],
  stem: ["stem", "stalk"],
  stalk: ["stem"],
  petals: ["petals", "petal"],
  seeds: ["seeds", "seed", "pips"],
};

/** The names a part word may be placed as, itself first (a word with no group is only itself). */
export function partNames(word: string): readonly string[] {
  // A plural the table lacks reads as its singular ("buckles", "tassels" → buckle, tassel).
  const group = PART_ALIASES[word] ?? PART_ALIASES[word.replace(/e?s$/, "")] ?? PART_ALIASES[word.replace(/s$/, "")];
  return group ? (group[0] === word ? group : [word, ...group]) : [word];
}
