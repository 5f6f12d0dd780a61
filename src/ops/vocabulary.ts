import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { strict } from "./schemas.ts";
import { ART_KINDS, vocabularyOf } from "../gen/interpret/vocabulary.ts";
import type { ArtKind } from "../gen/interpret/spec.ts";
import { legendFlavour, SKETCH_MATERIALS, SKETCH_MAX, SKETCH_MAX_KEYS } from "../gen/art/sketch.ts";
import { FLAVOUR_TABLE } from "../gen/art/flavours.ts";
import { COLOURS } from "../gen/art/dye-colours.ts";

/** What a `sketch` legend may say (gen/art/sketch.ts), the same for items, icons and textures. */
const SKETCH = {
  materials: SKETCH_MATERIALS,
  colours: Object.keys(COLOURS).sort(),
  effects: Object.keys(FLAVOUR_TABLE).filter((f) => legendFlavour(f)),
  maxSize: SKETCH_MAX,
  maxLegendEntries: SKETCH_MAX_KEYS,
};
const SketchVocabulary = Type.Object(
  {
    materials: Type.Array(Type.String(), { description: "Materials a sketch legend entry may name." }),
    colours: Type.Array(Type.String(), { description: "Colour names a legend entry may name (or #rrggbb)." }),
    effects: Type.Array(Type.String(), {
      description:
        "Flavour effects a legend entry's `effects` may name, painted on its pixels only (each one's words, and adjectives WordNet reaches it from, are taken too: see the kind's `effects`).",
    }),
    maxSize: Type.Integer({ description: "Most rows, and most characters per row." }),
    maxLegendEntries: Type.Integer(),
  },
  { description: "What a generation's `sketch` legend may use." },
);

const Subject = Type.Object({ subject: Type.String(), words: Type.Array(Type.String()) });
const KindVocabulary = Type.Object({
  subjects: Type.Array(Subject, { description: "What can be drawn, with the prompt words that pick each." }),
  parts: Type.Array(Type.String(), { description: "Item parts that take their own material or colour." }),
  materials: Type.Array(Type.String()),
  colours: Type.Array(Type.String()),
  patterns: Type.Array(Subject, { description: "Surface structures, with the words that pick each." }),
  wear: Type.Array(Type.String()),
  tones: Type.Array(Type.String()),
  effects: Type.Array(Type.Object({ effect: Type.String(), does: Type.String(), words: Type.Array(Type.String()) }), {
    description:
      'Flavour and state words the kind draws (old, burnt, frozen, shiny, small…): what each does to the picture and its own words; other adjectives reach them through WordNet (the answer\'s `via` says how). A `spec` names them in `effects`. Said of one part after "with" ("a sword with a rusty blade", "a table with burnt legs", "planks with rusty bolts") a flavour is drawn on that part only, reported as the part\'s `effects` (a `spec` part may carry `effects` too).',
  }),
  looks: Type.Array(
    Type.Object({
      look: Type.String(),
      does: Type.String(),
      effects: Type.Array(Type.String(), { description: "The flavours (`effects`) this kind paints for the look." }),
      words: Type.Array(Type.String()),
    }),
    {
      description:
        'Style, era, mood, culture, place and taste words ("medieval", "steampunk", "kitchen", "spooky", "spicy") and the look each gives: a look is painted as a few of the flavour effects above, those this kind draws, so it lands on any subject. `words` are the look\'s own and those WordNet files under it that are read as it when said alone; the answer reports them in `effects` and the path in `via` (["kitchen", "room", "domestic"]). A spec\'s `effects` may name a look word too. With a colour named, the effects that pull every hue toward their own (frozen, hot, cursed) are left out, so "a winter red hat" stays red.',
    },
  ),
  overlays: Type.Array(Subject, {
    description:
      'Texture overlays drawn over any surface, with the words that lay each; a colour or material said just before one is the overlay\'s own ("grey veins", "glowing cracks", "blue grout").',
  }),
});

export const getVocabularyOp = defineOp({
  name: "get_vocabulary",
  method: "GET",
  path: "/vocabulary",
  query: ["kind"],
  tag: "generation",
  summary: "Words the generators understand",
  description:
    "Per generator kind: the subjects it can draw (with the words that pick them), item parts, materials, colours, patterns, texture overlays, wear and tone words, the flavour effects it draws, and the looks (style, era, place and taste words: medieval, steampunk, kitchen) painted as those effects. Use these words in a prompt or a generation's `spec`; `sketch` lists the materials and colours a sketch legend may name; words outside them are reported back as `unmatched`. Free. Next: generate_texture, generate_item or another generate_ tool.",
  input: Type.Object(
    {
      kind: Type.Optional(
        Type.Union(
          ART_KINDS.map((k) => Type.Literal(k)),
          { description: "One kind; all of them when omitted." },
        ),
      ),
    },
    strict,
  ),
  access: "read",
  auth: "key",
  errors: ["invalid_request"],
  output: Type.Object({ kinds: Type.Record(Type.String(), KindVocabulary), sketch: SketchVocabulary }),
  run(_ctx, input) {
    const kinds = input.kind ? [input.kind as ArtKind] : ART_KINDS;
    return { kinds: Object.fromEntries(kinds.map((k) => [k, vocabularyOf(k)])), sketch: SKETCH };
  },
});
