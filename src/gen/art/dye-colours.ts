/**
 * The colour words every painter reads (the game's sixteen dye colours and a few more) and the colour each one
 * paints. Apart from art/vocabulary.ts, the material words, because colours are read on their own by the colour
 * names, the sketch legend, the lexicon and the vocabulary operation.
 */
export const COLOURS: Record<string, string> = {
  white: "#e9ecec",
  light_gray: "#9d9d97",
  gray: "#474f52",
  grey: "#474f52",
  black: "#1e1b1b",
  brown: "#835432",
  red: "#b02e26",
  orange: "#f9801d",
  yellow: "#fed83d",
  lime: "#80c71f",
  green: "#4d7e16",
  cyan: "#169c9c",
  light_blue: "#3ab3da",
  blue: "#3c44aa",
  purple: "#8932b8",
  magenta: "#c74ebd",
  pink: "#f38baa",
  teal: "#2a8c86",
  violet: "#7a3fc0",
  crimson_red: "#9b1c2c",
  golden: "#f2cf3a",
  // Potion effects, coloured as the game colours them.
  healing: "#e8343c",
  health: "#e8343c",
  poison: "#4e9331",
  swiftness: "#7cafc6",
  speed: "#7cafc6",
  strength: "#a32423",
  invisibility: "#8f93a2",
  regeneration: "#cd5cab",
  leaping: "#22ff4c",
  mana: "#3553d4",
  // What containers hold ("bucket of honey", "jar of milk"): the liquid's own colour.
  honey: "#eda32c",
  milk: "#f4f4ee",
  lava: "#e4571b",
  slime: "#7ec850",
  blood: "#8a1018",
  ink: "#1d1a2b",
  soup: "#b0703a",
  chocolate: "#5a3219",
  // Words whose colour is the thing: "salmon" pink, "wheat" straw green, "ender" teal.
  salmon: "#e88a7a",
  wheat: "#7fae3a",
  ender: "#1f7a68",
  wizard: "#5b3f8f",
};
