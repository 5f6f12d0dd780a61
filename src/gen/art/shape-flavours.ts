/**
 * The shape adjectives of the flavour table (art/flavours.ts): each reshapes a sprite's silhouette along its
 * length (art/flavour-reshape.ts). Kept by hand like the rest of the table; WordNet brings the other words
 * (lengthy → long, spindly → thin, serpentine → curved, bulbous → round: scripts/lexicon/flavours.ts).
 */
import type { Flavour } from "./flavours.ts";

export const SHAPE_FLAVOURS = {
  slender: {
    does: "a thinner silhouette, narrower across its length",
    words: ["thin", "slender", "narrow", "skinny", "slim", "lean", "long", "tall", "elongated", "lanky"],
    reshape: "slender",
  },
  wide: {
    does: "a broader silhouette, thicker across its length and a little shorter",
    words: ["wide", "broad", "squat", "fat", "stocky"],
    reshape: "wide",
  },
  flat: {
    does: "a flatter silhouette, squashed from the top",
    words: ["flat", "flattened"],
    reshape: "flat",
  },
  curved: {
    does: "the silhouette bent into a curve along its length",
    words: ["curved", "curving", "crooked", "arched", "hooked", "bowed", "curvy", "arced"],
    reshape: "curve",
  },
  twisted: {
    does: "the silhouette twisted into waves along its length",
    words: ["twisted", "twisting", "spiral", "spiralling", "coiled", "wavy", "winding", "gnarled", "helical"],
    reshape: "twist",
  },
  round: {
    does: "the corners of the silhouette rounded off",
    words: ["round", "rounded", "circular", "spherical", "roundish"],
    reshape: "round",
  },
} satisfies Record<string, Flavour>;
