/**
 * Owners: "a knight's gauntlet", "a blacksmith's hammer", "a wizard's wand". The one who owns a thing says how
 * it looks, in a few broad ways the flavour table (src/gen/art/flavours.ts) already draws: a ruler's or a
 * noble's things are gilded (ornate), a sorcerer's enchanted, a worker's or an explorer's worn with use, a
 * soldier's dented, a pirate's weathered, a monk's plain, a healer's or a cook's clean. Kept by hand as a few
 * WordNet kinds of person (noun.person): every person under one (a knight is an aristocrat, a blacksmith a
 * skilled worker) reaches it through WordNet's hypernyms, so the table covers the trades and titles, not a list
 * of them. A person under none stays unmatched.
 */
export const OWNER_KINDS: Record<string, string> = {
  sovereign: "ornate",
  ruler: "ornate",
  aristocrat: "ornate",
  occultist: "enchanted",
  health_professional: "clean",
  cook: "clean",
  serviceman: "dented",
  warrior: "dented",
  worker: "worn",
  // Travellers into the wild and raiders at sea: their things weathered or worn by the road.
  explorer: "worn",
  plunderer: "weathered",
  // A monk's or a nun's things are plain.
  religious: "plain",
  // Beings of legend: a vampire's or a devil's things cursed, a genie's, an elf's or a mermaid's enchanted.
  evil_spirit: "cursed",
  spiritual_being: "enchanted",
  imaginary_being: "enchanted",
  // A child's things are small; a scholar's or an alchemist's dusty; a camper's or a mercenary's worn by the road.
  juvenile: "small",
  intellectual: "dusty",
  adventurer: "worn",
  vacationer: "worn",
  // Makers (a painter, a sculptor, a tailor, a weaver) and farmers: their things worn with use; a merchant's (a
  // butcher's, a baker's) kept polished for the shop; an entertainer's (a jester's, a clown's, a juggler's) in
  // richer colours; a writer's or a poet's dusty like a scholar's.
  artist: "worn",
  maker: "worn",
  farmer: "worn",
  merchant: "polished",
  entertainer: "fresh",
  communicator: "dusty",
};

/** Lexicographer file of the kinds and of the owners reaching them: 18 noun.person. */
export const PERSON_LEX = 18;
/** How far (hypernym steps) an owner may be below its kind: a miner is a labourer, workman, employee, worker. */
export const OWNER_REACH = 4;
