import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { AssetName, PackSlug, strict } from "./schemas.ts";
import { ApiError } from "../core/errors.ts";
import { reachablePack } from "../core/packs.ts";
import { getAsset, type AssetRow } from "../core/assets.ts";
import { jobsQueued } from "../core/jobs.ts";
import { changeCredits } from "../core/accounts.ts";
import { beginEdit } from "../core/edits.ts";
import { styleHintFor } from "../core/style.ts";
import type { GenerationOp } from "../config.ts";
import type { EditTask, Task } from "../gen/task.ts";
import { OVERLAYS, type Recolour as RecolourChange } from "../gen/look/edit.ts";
import { partMaskForTask } from "../gen/item.ts";
import { atLeast, CHAT_SPRITES } from "../pack/versions.ts";
import { AnimationField, checkTextureAnimation } from "./generate/animation.ts";

const HexColour = Type.String({ pattern: "^#[0-9a-fA-F]{6}$", description: "a hex colour like #7a4a2b" });

/** What each editable asset type is charged: a generation of its kind. */
const EDITABLE: Record<string, GenerationOp> = { block: "texture", block_face: "texture", item: "item", icon: "icon" };

const Recolour = Type.Object(
  {
    map: Type.Optional(
      Type.Array(Type.Object({ from: HexColour, to: HexColour }, { additionalProperties: false }), {
        minItems: 1,
        maxItems: 8,
        description: "Colours to swap: each pixel near `from` (with its shading) moves to `to`.",
      }),
    ),
    hue: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: "Degrees round the hue circle." })),
    saturation: Type.Optional(Type.Number({ minimum: -1, maximum: 1, description: "-1 grey to 1 twice as vivid." })),
    value: Type.Optional(Type.Number({ minimum: -1, maximum: 1, description: "-1 black to 1 white, 0 unchanged." })),
    part: Type.Optional(
      Type.String({
        pattern: "^[a-z][a-z_]{0,31}$",
        description:
          "Only this part of a generated item or item icon (blade, guard, grip, handle, head, gem, flame…, the parts its family declares); a part it lacks is refused with the list of its parts.",
      }),
    ),
  },
  { additionalProperties: false, description: "Change colours: swap some, or shift hue, saturation and value." },
);

export const editAssetOp = defineOp({
  name: "edit_asset",
  examples: [
    {
      summary: "Mossy and bluer",
      value: { pack: "castle-pack", kind: "texture", name: "red_bricks", overlay: "moss", recolour: { hue: -20 } },
    },
  ],
  method: "POST",
  path: "/packs/{pack}/assets/{kind}/{name}/edits",
  pathParams: ["pack", "kind", "name"],
  tag: "assets",
  summary: "Edit an asset's picture",
  description:
    "Changes an existing texture, item sprite or icon (generated or uploaded) and answers at once with its job handle, like a generation: recolour (swap colours or shift hue/saturation/value), an overlay (moss, cracks, rust, snow, glow, runes), palette 'style-guide' (lock to the pack's style guide palette), or animation (add or change one). The asset keeps its current file until the edit is ready; a failed edit changes nothing and is refunded. Costs the credits of a generation of the asset's kind (texture, item or icon), refunded if it fails. Next: wait_for_job, then get_asset_file.",
  input: Type.Object(
    {
      pack: PackSlug,
      kind: Type.Union([Type.Literal("texture"), Type.Literal("font")], {
        description: "texture (block textures, item:… sprites) or font (icons).",
      }),
      name: AssetName,
      recolour: Type.Optional(Recolour),
      overlay: Type.Optional(
        Type.Union(
          OVERLAYS.map((o) => Type.Literal(o)),
          { description: "Wear or an overlay painted on (every frame of an animation alike)." },
        ),
      ),
      palette: Type.Optional(
        Type.Literal("style-guide", { description: "Lock every pixel to the pack's style guide palette." }),
      ),
      animation: Type.Optional(AnimationField),
      seed: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 4294967295, description: "Places overlays and animations; default 0." }),
      ),
    },
    strict,
  ),
  access: "write",
  auth: "key",
  status: 202,
  errors: [
    "invalid_request",
    "insufficient_credits",
    "forbidden",
    "not_found",
    "still_generating",
    "generation_failed",
  ],
  output: Type.Object({
    id: Type.String({ description: "The asset's name within the pack." }),
    kind: Type.String(),
    status: Type.Literal("generating"),
    pack: Type.String(),
    job: Type.String({ description: "The asset's job handle: poll with get_job / wait_for_job." }),
    charged: Type.Integer({ description: "Credits this edit took (refunded if it fails)." }),
    changes: Type.Array(Type.String(), { description: "What the edit changes." }),
  }),
  async run({ svc, caller }, input) {
    const changes = [
      ...(input.recolour ? ["recolour"] : []),
      ...(input.overlay ? [`overlay ${input.overlay}`] : []),
      ...(input.palette ? ["palette style-guide"] : []),
      ...(input.animation ? [`animation ${input.animation.effect}`] : []),
    ];
    if (!changes.length)
      throw new ApiError("invalid_request", "an edit needs at least one of recolour, overlay, palette or animation");
    const r = input.recolour;
    if (r && !r.map && r.hue === undefined && r.saturation === undefined && r.value === undefined)
      throw new ApiError("invalid_request", "recolour needs map, hue, saturation or value");
    const accepted = await svc.db.transaction(async (tx) => {
      const { pack } = await reachablePack(tx, input.pack, caller.account.id);
      const row = await getAsset(tx, pack.id, input.kind, input.name);
      if (!row) throw new ApiError("not_found", `no ${input.kind} '${input.name}' in pack '${pack.slug}'`);
      // The row as stored (readAsset's stale check writes through its own transaction, which would wait on this one).
      const a = row;
      const op = editableAs(a);
      const animation = a.type === "icon" ? input.animation : checkTextureAnimation(input.animation);
      if (animation && a.type === "icon" && !atLeast(pack.minecraftVersion, CHAT_SPRITES))
        throw new ApiError(
          "invalid_request",
          `an animated icon needs Minecraft ${CHAT_SPRITES} or newer: font glyphs never animate. Pack '${pack.slug}' targets ${pack.minecraftVersion}`,
        );
      const style = input.palette ? await styleHintFor(tx, pack.id, true) : null;
      if (input.palette && !style?.palette.length)
        throw new ApiError("invalid_request", `pack '${pack.slug}' has no style guide with a palette switched on`);
      const frameHeight = Number.isInteger(a.meta.animation?.frameHeight) ? a.meta.animation.frameHeight : undefined;
      const task: EditTask = {
        op: "edit",
        req: {
          seed: input.seed ?? 0,
          ...(input.recolour ? { recolour: partOnly(a, input.recolour) } : {}),
          ...(input.overlay ? { overlay: input.overlay } : {}),
          ...(style ? { style } : {}),
          ...(animation ? { animation } : {}),
          ...(frameHeight ? { frameHeight } : {}),
        },
        source: { blob: a.blob! },
      };
      const cost = svc.config.costs[op];
      await beginEdit(tx, a, task, cost, caller.account.id, changes);
      if (cost > 0) await changeCredits(tx, caller.account.id, -cost, `edit ${op}`, a.id);
      return {
        assetId: a.id,
        body: {
          id: a.name,
          kind: a.kind,
          status: "generating" as const,
          pack: pack.slug,
          job: `${pack.slug}:${a.kind}:${a.name}`,
          charged: cost,
          changes,
        },
      };
    });
    jobsQueued(svc, [accepted.assetId]);
    return accepted.body;
  },
});

/**
 * A recolour limited to one part: the part's pixels from the item's own part mask (the painter's plan for the
 * request that made it), refused with the parts it has when it lacks that one or declares none.
 */
function partOnly(a: AssetRow, r: RecolourChange): RecolourChange {
  if (!r.part) return r;
  const made = a.source === "generated" ? (a.request as Task | null) : null;
  const mask = made ? partMaskForTask(made) : null;
  if (!mask)
    throw new ApiError(
      "invalid_request",
      `recolour.part is for generated items and item icons (a family's declared parts, a library picture's body and derived parts, a sketch's legend parts); ${a.kind} '${a.name}' has none (uploaded, or a sketched icon)`,
    );
  const parts = [...new Set(mask.parts.filter((p): p is string => p !== null))].sort();
  if (!parts.includes(r.part))
    throw new ApiError(
      "invalid_request",
      `${a.kind} '${a.name}' has no part '${r.part}'; its parts: ${parts.join(", ")}`,
    );
  return { ...r, only: mask.parts.map((p) => (p === r.part ? "1" : "0")).join("") };
}

/** The generation an asset's edit is charged as; refuses what cannot be edited, saying why. */
function editableAs(a: AssetRow): GenerationOp {
  if (a.status === "generating")
    throw new ApiError("still_generating", `${a.kind} '${a.name}' is still generating; edit it once its job is ready`);
  if (a.status === "error")
    throw new ApiError("generation_failed", `${a.kind} '${a.name}' failed, so it has no picture to edit`);
  const op = EDITABLE[a.type];
  if (!op || !a.blob)
    throw new ApiError(
      "invalid_request",
      `${a.kind} '${a.name}' is a ${a.type}: edits change block textures, item sprites and icons`,
    );
  return op;
}
