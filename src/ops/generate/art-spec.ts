import { Type } from "@sinclair/typebox";
import { ReferenceTakenSchema } from "./reference.ts";

/** A vocabulary word (GET /v1/vocabulary lists them per kind) or, for colours, `#rrggbb`. */
const WORD = { minLength: 1, maxLength: 40, pattern: "^[a-z0-9_ #-]+$" };
const Word = Type.String(WORD);
const Named = (description: string) => Type.String({ ...WORD, description });
const Words = (description: string) => Type.Array(Word, { maxItems: 8, description });

const ArtPart = Type.Object(
  {
    part: Type.String({
      minLength: 1,
      maxLength: 40,
      description: "A part word: hilt, handle, blade, head, gem, ribbon…",
    }),
    material: Type.Optional(Named("A material: gold, oak, emerald…")),
    colour: Type.Optional(Named("A colour name or #rrggbb.")),
    effects: Type.Optional(
      Words(
        "Flavour effects drawn on this part only (GET /v1/vocabulary `effects`): rusty, glowing, frozen, bloody…; a word that is none is reported in `unmatched`.",
      ),
    ),
  },
  { additionalProperties: false },
);

/** What an agent or a person may say exactly instead of (or on top of) the prompt: gen/interpret/spec.ts. */
export const ArtSpecSchema = Type.Object(
  {
    subject: Type.Optional(Named("The thing drawn: sword, bricks, lamp…")),
    material: Type.Optional(Named("The main material.")),
    colours: Type.Optional(Words("Colours for the whole subject, first first.")),
    parts: Type.Optional(Type.Array(ArtPart, { maxItems: 8, description: "Parts with their own material or colour." })),
    patterns: Type.Optional(Words("Surface patterns: bricks, planks, tiles…")),
    details: Type.Optional(Words("Small additions.")),
    effects: Type.Optional(
      Words(
        "Flavour effects the kind draws (GET /v1/vocabulary `effects`): worn, burnt, frozen, shiny, small…; they join the prompt's own, and a word that is none is reported in `unmatched`.",
      ),
    ),
    wear: Type.Optional(Words("Wear: mossy, cracked, weathered…")),
    tone: Type.Optional(Type.Union([Type.Literal("light"), Type.Literal("dark")])),
  },
  {
    additionalProperties: false,
    description:
      "Optional, for agents and exact callers: say precisely what to draw with words from GET /v1/vocabulary. Wins over the prompt where both speak; the answer's `interpretation` shows what was used.",
  },
);

/** What the answer says was read: the spec above plus `unmatched` (every word that changed nothing). */
export const InterpretationSchema = Type.Object(
  {
    subject: Type.String(),
    material: Type.Optional(Type.String()),
    colours: Type.Optional(Type.Array(Type.String())),
    parts: Type.Array(ArtPart),
    patterns: Type.Optional(Type.Array(Type.String())),
    details: Type.Array(Type.String()),
    effects: Type.Optional(Type.Array(Type.String())),
    wear: Type.Optional(Type.Array(Type.String())),
    tone: Type.Optional(Type.Union([Type.Literal("light"), Type.Literal("dark")])),
    unmatched: Type.Array(Type.String(), { description: "Prompt words that changed nothing in the picture." }),
    via: Type.Optional(
      Type.Array(Type.Array(Type.String()), {
        description:
          'How words the painters\' own lists lack were reached through the lexicon (WordNet and a colour-name table): one path per word, the prompt\'s word first, the word drawn last, e.g. ["clownfish", "fish"], ["crimson", "red"].',
      }),
    ),
    fallback: Type.Optional(
      Type.String({
        description:
          "Set when no subject was named: what was drawn instead, e.g. the nearest broad family the lexicon found for an unknown thing.",
      }),
    ),
    reference: Type.Optional(ReferenceTakenSchema),
  },
  { description: "How the prompt (and spec) were read: what the generator draws, and what it could not use." },
);

const SketchKeySchema = Type.Object(
  {
    part: Type.Optional(
      Type.String({ minLength: 1, maxLength: 40, description: "What this character draws: blade, pot…" }),
    ),
    material: Type.Optional(Named("A material from GET /v1/vocabulary (sketchMaterials): gold, oak, amethyst…")),
    colour: Type.Optional(Named("A colour name or #rrggbb; with a material, it dyes it.")),
    effects: Type.Optional(
      Words(
        "Flavour effects painted on this entry's pixels only (GET /v1/vocabulary `effects`): rusty, glowing, frozen, bloody…; a word that is no such effect is refused.",
      ),
    ),
  },
  { additionalProperties: false },
);

/** A caller's own drawing (gen/art/sketch.ts): checked further by sketchProblem (equal rows, known keys). */
export const SketchSchema = Type.Object(
  {
    grid: Type.Array(Type.String({ minLength: 1, maxLength: 32 }), {
      minItems: 1,
      maxItems: 32,
      description:
        "Rows of equal length, up to 32×32; '.' or ' ' is transparent, any other printable ASCII character a legend key.",
    }),
    legend: Type.Record(Type.String({ minLength: 1, maxLength: 2 }), SketchKeySchema, {
      description: "Each grid character's part with its material or colour (at most 11 entries).",
    }),
  },
  {
    additionalProperties: false,
    description:
      'Optional: draw it yourself. A character grid plus a legend; the service outlines it in a dark line, lights it from the top-left and builds each entry\'s shades from its material or colour (4-12 colours in all). Example, a gold-hilted ruby dagger: {"grid": ["....R", "...R.", "GGR..", ".H...", "H...."], "legend": {"R": {"part": "blade", "material": "ruby"}, "G": {"part": "guard", "material": "gold"}, "H": {"part": "grip", "colour": "brown"}}}. The prompt still names the asset; its flavours are painted on the sketch ("rusty dagger"), and one said of a legend part ("a dagger with a glowing blade", or a spec part\'s `effects`) on that part\'s entries only; what the prompt or spec says of materials, colours, patterns or tone is reported in `unmatched` (the legend draws those).',
  },
);
