import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { PackSlug, strict } from "./schemas.ts";
import { reachablePack } from "../core/packs.ts";
import { FileSource, refuseOversizedPackZip, resolveFile } from "../files/source.ts";
import { planImportOffThread } from "../files/off-thread.ts";
import { runMerge } from "../jobs/merge.ts";
import { nowIso } from "../store/db.ts";

const SkipGroup = Type.Object({ reason: Type.String(), count: Type.Integer(), examples: Type.Array(Type.String()) });

/**
 * POST /packs/{pack}/merges (MCP merge_pack): another pack's zip merged into this one, in the background. The zip
 * is refused, before anything is stored, by the import's rules (size, hostile entries, not a resource pack).
 */
export const mergePackOp = defineOp({
  name: "merge_pack",
  examples: [
    {
      summary: "Merge a plugin's generated pack under this one",
      value: { pack: "castle-pack", file: { upload: "upl_0123456789abcdef" }, priority: "under" },
    },
  ],
  method: "POST",
  path: "/packs/{pack}/merges",
  pathParams: ["pack"],
  tag: "upload and import",
  summary: "Merge another resource pack zip into this pack",
  description:
    "Merges a resource-pack zip into an existing pack (free; owner and collaborators). Answers 202 with a job handle <pack>:merge:<n>; poll it (get_job, wait_for_job): the finished job's `merge` lists every path with its outcome (added, replaced, kept, merged, renamed, failed) and why. It merges rather than overwrites: item model overrides and item definitions keep both packs' custom_model_data entries (clashing numbers renumbered on the lower-priority side and reported), sounds.json events are combined, language files merged key by key, font providers concatenated (clashing characters moved to free private-use characters and reported), atlas sources combined, blockstate variants merged, overlay folders kept per folder. Any other file both packs have goes to the side `priority` names: over (the merged pack wins) or under (this pack's own wins). The zip is read by the import's rules and refused with not_a_pack when it is no resource pack.",
  input: Type.Object(
    {
      pack: PackSlug,
      file: FileSource,
      priority: Type.Union([Type.Literal("over"), Type.Literal("under")], {
        description: "Whose file wins a clash the formats cannot merge: over = the merged pack's, under = this pack's.",
      }),
    },
    strict,
  ),
  access: "write",
  auth: "key",
  status: 202,
  errors: [
    "file_fetch_failed",
    "invalid_request",
    "not_a_pack",
    "forbidden",
    "not_found",
    "upload_not_found",
    "file_too_large",
  ],
  output: Type.Object({
    pack: Type.String(),
    job: Type.String({ description: "The merge's job handle, <pack>:merge:<n>." }),
    status: Type.Literal("generating"),
    priority: Type.Union([Type.Literal("over"), Type.Literal("under")]),
    planned: Type.Object({}, { additionalProperties: true, description: "What the merged zip holds, by kind." }),
    skipped: Type.Array(SkipGroup, { description: "What stays out: source files and junk, as an import leaves out." }),
    warnings: Type.Array(Type.String()),
  }),
  async run({ svc, caller }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    const file = await resolveFile(svc, caller, input.file, { mapUpload: true });
    refuseOversizedPackZip(svc, file.bytes);
    // Planned first with the import's planner: a file that is no resource pack is refused before any row or blob.
    const planned = await planImportOffThread(svc, file, {
      minecraftVersion: pack.minecraftVersion,
      defaultVersion: svc.config.defaultVersion,
    });
    file.bytes = planned.bytes;
    const blob = file.blob ?? (await svc.blobs.put(file.bytes));
    const id = await svc.db.transaction(async (tx) => {
      const at = nowIso();
      const row = await tx.get<{ id: number }>(
        "INSERT INTO merges (pack_id, status, priority, source_blob, created_at, updated_at) VALUES (?, 'generating', ?, ?, ?, ?) RETURNING id",
        [pack.id, input.priority, blob, at, at],
      );
      await file.consume(tx);
      return row!.id;
    });
    void runMerge(svc, pack, id);
    return {
      pack: pack.slug,
      job: `${pack.slug}:merge:${id}`,
      status: "generating" as const,
      priority: input.priority,
      planned: planned.plan.planned,
      skipped: planned.plan.skipped,
      warnings: planned.plan.warnings,
    };
  },
});
