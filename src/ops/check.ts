import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { strict } from "./schemas.ts";
import { FileSource, refuseOversizedPackZip, resolveFile } from "../files/source.ts";
import { checkPackOffThread } from "../files/off-thread.ts";

const Finding = Type.Object({
  rule: Type.String({ description: "Stable rule id, e.g. model.texture-missing (README: Checking a pack)." }),
  path: Type.String({ description: "The file the finding is about, below the pack root." }),
  message: Type.String(),
});

export const checkPackOp = defineOp({
  name: "check_pack",
  examples: [
    {
      summary: "Check a pack zip for 1.21.4",
      value: { file: { upload: "upl_0123456789abcdef" }, minecraftVersion: "1.21.4" },
    },
  ],
  method: "POST",
  path: "/check",
  tag: "upload and import",
  summary: "Check a resource pack zip for one release",
  description:
    "Checks a resource-pack zip against one Minecraft release's rules and game data (free; nothing is stored): missing textures, parents and models, unresolved #slots, element bounds and rotations, item definitions and overrides by era, blockstates, font grids, sounds.json entries without files, GUI sprites the release lacks, pack.mcmeta format fields. Errors are what the game fails on; warnings what it ignores or what cannot be proven. minecraftVersion defaults to the one pack.mcmeta names. Bounded (server settings check-max-pixels, check-max-files, check-timeout-ms: file_too_large past them) and budgeted per key (rate-checks: rate_limited past it); a check whose caller disconnects stops. Next: fix what it reports; for a pack made here, update_pack changes its version and export_pack builds the zip to check.",
  input: Type.Object(
    {
      file: FileSource,
      minecraftVersion: Type.Optional(
        Type.String({ description: "The release to check for (default: the one pack.mcmeta's format names)." }),
      ),
    },
    strict,
  ),
  access: "read",
  budget: "checks",
  auth: "key",
  errors: ["file_fetch_failed", "invalid_request", "not_a_pack", "upload_not_found", "file_too_large", "rate_limited"],
  output: Type.Object({
    version: Type.String(),
    versionSource: Type.Union([Type.Literal("given"), Type.Literal("pack.mcmeta"), Type.Literal("default")]),
    files: Type.Integer(),
    errors: Type.Array(Finding),
    warnings: Type.Array(Finding),
  }),
  async run({ svc, caller, signal }, input) {
    const file = await resolveFile(svc, caller, input.file, { mapUpload: true });
    refuseOversizedPackZip(svc, file.bytes);
    // The upload stays unspent: checking a pack before importing it is the point.
    const zip = file.blob ? { path: await svc.blobs.localPath(file.blob) } : { bytes: file.bytes };
    return checkPackOffThread(svc, zip, { version: input.minecraftVersion }, { bounds: svc.config.check, signal });
  },
});
