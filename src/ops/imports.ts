import { Type } from "@sinclair/typebox";
import { plainName } from "../pack/naming.ts";
import { defineOp } from "./types.ts";
import { NameText, Pack, strict } from "./schemas.ts";
import { packView } from "./views.ts";
import { ApiError } from "../core/errors.ts";
import { createPack } from "../core/packs.ts";
import { FileSource, refuseOversizedPackZip, resolveFile } from "../files/source.ts";
import { planImportOffThread } from "../files/off-thread.ts";
import { isRelease } from "../pack/versions.ts";
import { runImport } from "../jobs/import.ts";
import { nowIso } from "../store/db.ts";

/** The 202 of an import: the new pack, its job and what will come in, be kept or stay out. */
export const ImportAcceptance = Type.Object({
  pack: Pack,
  job: Type.String(),
  status: Type.Literal("generating"),
  minecraftVersion: Type.String(),
  versionSource: Type.Union([Type.Literal("pack.mcmeta"), Type.Literal("default")]),
  planned: Type.Object({
    textures: Type.Integer(),
    models: Type.Integer(),
    glyphs: Type.Integer(),
    guis: Type.Integer(),
    sounds: Type.Integer(),
    files: Type.Integer({ description: "Files kept as they are (pack files), written back on export." }),
  }),
  skipped: Type.Array(
    Type.Object({ reason: Type.String(), count: Type.Integer(), examples: Type.Array(Type.String()) }),
    {
      description:
        "What stays out: source files and junk only (READMEs and licences outside assets/, editor files, dot-files).",
    },
  ),
  kept: Type.Array(Type.Object({ reason: Type.String(), count: Type.Integer(), examples: Type.Array(Type.String()) }), {
    description:
      "Files kept as pack files rather than assets, grouped by why; list them with GET /v1/packs/{pack}/files.",
  }),
  warnings: Type.Array(Type.String()),
});

export const importPackOp = defineOp({
  name: "import_pack",
  examples: [
    {
      summary: "Import a pack zip sent with create_upload",
      value: { file: { upload: "upl_0123456789abcdef" }, name: "Imported castle pack" },
    },
  ],
  method: "POST",
  path: "/imports",
  tag: "upload and import",
  summary: "Import a resource pack zip as a new pack",
  description:
    "Creates a new pack from a resource-pack zip (free). Answers 202 at once with what will come in as assets (planned), what is kept as pack files (kept, by reason), what stays out (skipped: only source files and junk) and warnings; the files come in in the background — poll the job <pack>:import. Refuses with not_a_pack, before creating anything, a file that is not a resource pack.",
  input: Type.Object(
    {
      file: FileSource,
      name: Type.Optional(NameText(100, "Name of the new pack (default: the zip's name).")),
      minecraftVersion: Type.Optional(Type.String({ description: "Overrides the version pack.mcmeta declares." })),
    },
    strict,
  ),
  access: "write",
  auth: "key",
  status: 202,
  tool: false,
  errors: [
    "file_fetch_failed",
    "invalid_request",
    "not_a_pack",
    "forbidden",
    "pack_limit_reached",
    "plan_required",
    "not_found",
    "upload_not_found",
    "file_too_large",
  ],
  output: ImportAcceptance,
  async run({ svc, caller }, input) {
    if (input.minecraftVersion !== undefined && !isRelease(input.minecraftVersion))
      throw new ApiError("invalid_request", `minecraftVersion '${input.minecraftVersion}' is not a known Java release`);
    const file = await resolveFile(svc, caller, input.file, { mapUpload: true });
    refuseOversizedPackZip(svc, file.bytes);
    // Plan first: anything that is not a resource pack is refused before a pack exists.
    const planned = await planImportOffThread(svc, file, {
      minecraftVersion: input.minecraftVersion,
      defaultVersion: svc.config.defaultVersion,
    });
    const plan = planned.plan;
    file.bytes = planned.bytes;
    // A file name that is only ".zip" (or blank) names nothing: fall through to the description.
    const fromFile = file.fileName
      ?.trim()
      .replace(/\.zip$/i, "")
      .trim();
    // A derived name (the zip's file name, its description) loses control and bidi characters a caller's name
    // may not hold, and is cut to the 100 characters a name may have.
    const name = input.name ?? (plainName(fromFile || plan.description.split("\n")[0], 100) || "Imported pack");
    const account = caller.account;
    const packLimit = svc.config.packLimits[account.plan];
    // Checked before the zip is stored so a refusal leaves no blob behind; createPack checks again
    // inside its transaction, which is what holds against concurrent creations.
    const owned = (await svc.db.get<{ n: number }>("SELECT count(*) AS n FROM packs WHERE owner_id = ?", [account.id]))!
      .n;
    if (owned >= packLimit)
      throw new ApiError(
        "pack_limit_reached",
        `the ${account.plan} plan allows ${packLimit} packs and this account has ${owned}`,
      );
    // An upload is already a blob; other sources are written off the JS thread (a zip can be hundreds of MB).
    const blob = file.blob ?? (await svc.blobs.put(file.bytes));
    const pack = await svc.db.transaction(async (tx) => {
      const p = await createPack(tx, account, name, plan.minecraftVersion, packLimit, plan.description);
      const at = nowIso();
      await tx.run(
        "INSERT INTO imports (pack_id, status, plan, source_blob, created_at, updated_at, touched_at) VALUES (?, 'generating', ?, ?, ?, ?, ?)",
        [
          p.id,
          JSON.stringify({
            planned: plan.planned,
            versionSource: plan.versionSource,
            minecraftVersion: plan.minecraftVersion,
          }),
          blob,
          at,
          at,
          Date.now(),
        ],
      );
      await file.consume(tx);
      return p;
    });
    void runImport(svc, pack, { planned: { plan } });
    return {
      pack: await packView(svc, pack, "owner"),
      job: `${pack.slug}:import`,
      status: "generating" as const,
      minecraftVersion: plan.minecraftVersion,
      versionSource: plan.versionSource,
      planned: plan.planned,
      skipped: plan.skipped,
      kept: plan.kept,
      warnings: plan.warnings,
    };
  },
});
