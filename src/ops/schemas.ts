import { InterpretationSchema } from "./generate/art-spec.ts";
import { type TSchema, Type } from "@sinclair/typebox";
import { PLAIN_TEXT_PATTERN } from "../pack/naming.ts";

/**
 * A user-given name or display name: 1 to `max` characters (code points: ops/validate.ts counts them so), no
 * control characters or bidirectional overrides (pack/naming.ts).
 */
export const NameText = (max: number, description: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: PLAIN_TEXT_PATTERN, description });

/** Schema pieces shared by several operations (and so by the OpenAPI document and MCP tool schemas). */
export const PackSlug = Type.String({
  minLength: 1,
  maxLength: 64,
  description: "The pack's slug, as returned when it was created.",
});

export const Kind = Type.Union(
  [Type.Literal("texture"), Type.Literal("model"), Type.Literal("font"), Type.Literal("sound")],
  {
    description: "Storage kind.",
  },
);

export const AssetCounts = Type.Object({
  textures: Type.Integer(),
  models: Type.Integer(),
  icons: Type.Integer(),
  sounds: Type.Integer(),
});

export const Pack = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  minecraftVersion: Type.String(),
  role: Type.Union([Type.Literal("owner"), Type.Literal("collaborator")]),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
  assetCounts: AssetCounts,
  minVersion: Type.Optional(Type.String()),
});

export const Asset = Type.Object({
  id: Type.String({ description: "<pack>:<kind>:<name>; also the job handle." }),
  kind: Kind,
  name: Type.String(),
  status: Type.Union([Type.Literal("generating"), Type.Literal("ready"), Type.Literal("error")]),
  displayName: Type.Optional(Type.String()),
  prompt: Type.Optional(Type.String()),
  error: Type.Union([Type.String(), Type.Null()]),
  sizeBytes: Type.Optional(Type.Integer()),
  updatedAt: Type.String({ format: "date-time" }),
  animation: Type.Optional(
    Type.Object(
      {
        effect: Type.String(),
        frames: Type.Integer(),
        frametime: Type.Integer({ description: "Game ticks per frame (20 a second)." }),
        interpolate: Type.Boolean(),
        frameHeight: Type.Integer({
          description: "Rows per frame in the strip (the file is frames × frameHeight tall).",
        }),
      },
      { description: "Present when the file is an animation strip; get_asset_file with frame picks one frame." },
    ),
  ),
});

export const Job = Type.Object({
  job: Type.String(),
  pack: Type.String(),
  status: Type.Union([Type.Literal("generating"), Type.Literal("ready"), Type.Literal("error")]),
  error: Type.Union([Type.String(), Type.Null()]),
  asset: Asset,
  interpretation: Type.Optional(InterpretationSchema),
  edit: Type.Optional(
    Type.Object(
      {
        status: Type.Union([Type.Literal("generating"), Type.Literal("ready"), Type.Literal("failed")]),
        changes: Type.Array(Type.String()),
        error: Type.Optional(Type.String()),
        startedAt: Type.String({ format: "date-time" }),
        endedAt: Type.Optional(Type.String({ format: "date-time" })),
      },
      { description: "The asset's edit under way, or how its last edit ended (edit_asset)." },
    ),
  ),
  import: Type.Optional(Type.Object({}, { additionalProperties: true })),
  merge: Type.Optional(
    Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          "A finished merge's report: priority, counts by outcome, and paths (path, outcome added|replaced|kept|merged|renamed|failed, why; renumbered custom_model_data and moved font characters).",
      },
    ),
  ),
  details: Type.Optional(
    Type.Object(
      {
        source: Type.String({ description: "generated, uploaded or imported." }),
        createdAt: Type.String({ format: "date-time" }),
        seed: Type.Optional(Type.Integer({ description: "The seed a generated asset was made with." })),
        generation: Type.Optional(
          Type.String({ description: "The generation that made it (texture, item, model, gui, hud, icon, sound)." }),
        ),
        options: Type.Optional(
          Type.Record(Type.String(), Type.Unknown(), {
            description: "The generation's recorded options (prompt and seed aside), to generate it again.",
          }),
        ),
        char: Type.Optional(
          Type.Union([Type.String(), Type.Null()], {
            description: "An icon's character; null when the export assigns a private-use one.",
          }),
        ),
      },
      { description: "Read-only facts about the asset: where it came from, when, and how to make it again." },
    ),
  ),
});

export const strict = { additionalProperties: false } as const;

/** Paging arguments shared by every listing: a page size and the cursor the previous page answered. */
export const PageArgs = {
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 200, default: 50, description: "Page size, 1 to 200 (default 50)." }),
  ),
  cursor: Type.Optional(Type.Integer({ minimum: 0, description: "nextCursor from the previous page." })),
};
/** Longest `q` a listing takes: longer than any name a pack holds is worth searching for (names are ≤ 200). */
export const SEARCH_MAX = 100;

/** What list_assets and list_thumbnails narrow a pack's assets to; both take the same and page the same. */
export const AssetQuery = {
  kind: Type.Optional(Kind),
  status: Type.Optional(
    Type.Union([Type.Literal("generating"), Type.Literal("ready"), Type.Literal("error")], {
      description: "Only assets in this status (error: every failed generation, to find a failed batch).",
    }),
  ),
  q: Type.Optional(
    Type.String({
      maxLength: SEARCH_MAX,
      description: `Only assets whose name holds this text, any case (ASCII); % and _ match themselves. Up to ${SEARCH_MAX} characters; empty finds all.`,
    }),
  ),
  ...PageArgs,
};
export const NextCursor = Type.Union([Type.Integer(), Type.Null()]);

/** An asset's name within its pack, prefix included (item:…, gui:…); names of imported files hold '/'. */
export const AssetName = Type.String({
  minLength: 1,
  maxLength: 200,
  description: "The asset's name within the pack (its `id` in list_assets); imported names may hold slashes.",
});

/** The schemas OpenAPI names under components/schemas (and generated clients turn into types). */
export const NAMED_SCHEMAS: Record<string, TSchema> = { Pack, Asset, Job, AssetCounts };

/** A 16x16 red-brick PNG in base64, for the operations' examples (small enough to read in a reference page). */
export const EXAMPLE_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAOUlEQVR4nGOYJqfxf5+GORyTymfS4OJngIEb3z4ykMpnokQziM9EiWYQYKJEM9iA0TAYDQOGYREGAP791NuJbfOLAAAAAElFTkSuQmCC";
