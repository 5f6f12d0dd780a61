import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { PackSlug, strict } from "./schemas.ts";
import { reachablePack } from "../core/packs.ts";
import { ApiError } from "../core/errors.ts";
import { deleteStyleGuide, getStyleGuide, putStyleGuide } from "../core/style.ts";

const Dither = Type.Union([Type.Literal("none"), Type.Literal("ordered")], {
  description:
    "How generated pictures show a shade between two palette colours: 'none' takes the nearer colour, 'ordered' a fixed 4x4 mix of both.",
});

const StyleGuide = Type.Object({
  palette: Type.Array(Type.String()),
  notes: Type.String(),
  dither: Dither,
  enabled: Type.Boolean(),
  updatedAt: Type.String({ format: "date-time" }),
});

const HexColour = Type.String({ pattern: "^#[0-9a-fA-F]{6}$", description: "a hex colour like #7a4a2b" });

export const getStyleGuideOp = defineOp({
  name: "get_style_guide",
  method: "GET",
  path: "/packs/{pack}/style-guide",
  pathParams: ["pack"],
  tag: "style guide",
  summary: "Read the pack's style guide",
  description:
    "The palette and notes generation follows in this pack, and whether the guide is on. not_found when the pack has none.",
  input: Type.Object({ pack: PackSlug }, strict),
  access: "read",
  auth: "key",
  tool: false,
  errors: ["not_found"],
  output: Type.Object({ styleGuide: StyleGuide }),
  async run({ svc, caller }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    const g = await getStyleGuide(svc.db, pack.id);
    if (!g) throw new ApiError("not_found", `pack '${pack.slug}' has no style guide`);
    return { styleGuide: g };
  },
});

export const putStyleGuideOp = defineOp({
  name: "put_style_guide",
  examples: [
    {
      summary: "A warm medieval palette",
      value: {
        pack: "castle-pack",
        palette: ["#3b2a1e", "#7a5230", "#c9a66b", "#6e7b8b"],
        notes: "Weathered stone and oak, muted colours, no neon.",
        enabled: true,
      },
    },
  ],
  method: "PUT",
  path: "/packs/{pack}/style-guide",
  pathParams: ["pack"],
  tag: "style guide",
  summary: "Set the pack's style guide",
  description:
    "Sets the palette (1 to 32 hex colours), notes, dithering and on/off switch that generation in this pack follows unless a request sends useStyleGuide: false: every generated picture (textures, items, icons, GUIs, HUDs, model textures) then uses only the palette's colours, nearest in OKLab along the palette's own shading ramps. Owner only.",
  input: Type.Object(
    {
      pack: PackSlug,
      palette: Type.Array(HexColour, { minItems: 1, maxItems: 32 }),
      notes: Type.Optional(Type.String({ maxLength: 2000 })),
      dither: Type.Optional({ ...Dither, default: "none" }),
      enabled: Type.Optional(Type.Boolean({ default: true })),
    },
    strict,
  ),
  access: "write",
  auth: "key",
  tool: false,
  errors: ["invalid_request", "forbidden", "not_found"],
  output: Type.Object({ styleGuide: StyleGuide }),
  async run({ svc, caller }, input) {
    const { pack, role } = await reachablePack(svc.db, input.pack, caller.account.id);
    if (role !== "owner") throw new ApiError("forbidden", "only the pack's owner can change its style guide");
    return {
      styleGuide: await putStyleGuide(svc.db, pack.id, {
        palette: input.palette,
        notes: input.notes ?? "",
        dither: input.dither ?? "none",
        enabled: input.enabled ?? true,
      }),
    };
  },
});

export const deleteStyleGuideOp = defineOp({
  name: "delete_style_guide",
  method: "DELETE",
  path: "/packs/{pack}/style-guide",
  pathParams: ["pack"],
  tag: "style guide",
  summary: "Remove the pack's style guide",
  description: "Deletes the style guide; later generation uses its own palettes. Owner only.",
  input: Type.Object({ pack: PackSlug }, strict),
  access: "write",
  auth: "key",
  tool: false,
  errors: ["forbidden", "not_found"],
  output: Type.Object({ deleted: Type.Boolean() }),
  async run({ svc, caller }, input) {
    const { pack, role } = await reachablePack(svc.db, input.pack, caller.account.id);
    if (role !== "owner") throw new ApiError("forbidden", "only the pack's owner can change its style guide");
    if (!(await deleteStyleGuide(svc.db, pack.id)))
      throw new ApiError("not_found", `pack '${pack.slug}' has no style guide`);
    return { deleted: true };
  },
});
