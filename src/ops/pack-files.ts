import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { NextCursor, PackSlug, PageArgs, strict } from "./schemas.ts";
import { reachablePack } from "../core/packs.ts";
import { deletePackFile, listPackFiles, type PackFile } from "../core/pack-files.ts";

/** A pack file as callers see it (its blob is internal). */
const PackFileView = Type.Object({
  path: Type.String({ description: "Path inside the pack, from its root; export writes the file back here." }),
  sizeBytes: Type.Integer(),
  reason: Type.String({ description: "Why it is kept as it is rather than as an asset." }),
  createdAt: Type.String({ format: "date-time" }),
});

const view = (f: PackFile) => ({ path: f.path, sizeBytes: f.sizeBytes, reason: f.reason, createdAt: f.createdAt });

export const listPackFilesOp = defineOp({
  name: "list_pack_files",
  method: "GET",
  path: "/packs/{pack}/files",
  pathParams: ["pack"],
  query: ["limit", "cursor"],
  tag: "packs",
  summary: "List a pack's kept files",
  description:
    "One page of the files an imported pack holds besides its assets (language files, blockstates, entity art, OptiFine folders, overlays for other versions…), kept byte for byte and written back at their paths on export. Page with `cursor` = the previous `nextCursor` until it is null. Free. Next: delete_pack_file to drop one, export_pack to build the zip.",
  input: Type.Object(
    {
      pack: PackSlug,
      ...PageArgs,
    },
    strict,
  ),
  access: "read",
  auth: "key",
  errors: ["invalid_request", "not_found"],
  output: Type.Object({
    files: Type.Array(PackFileView),
    nextCursor: NextCursor,
  }),
  async run({ svc, caller }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    const page = await listPackFiles(svc.db, pack.id, { limit: input.limit ?? 50, cursor: input.cursor });
    return { files: page.files.map(view), nextCursor: page.nextCursor };
  },
});

export const deletePackFileOp = defineOp({
  name: "delete_pack_file",
  method: "DELETE",
  path: "/packs/{pack}/files/{path}",
  tailParam: "path",
  pathParams: ["pack", "path"],
  tag: "packs",
  summary: "Delete a kept file",
  description:
    "Removes one kept file from the pack, so the next export leaves it out. The owner and collaborators may delete (as they may upload); read-only keys may not. Free. Next: export_pack.",
  input: Type.Object(
    {
      pack: PackSlug,
      path: Type.String({
        minLength: 1,
        maxLength: 1000,
        description: "The file's path inside the pack zip, as list_pack_files shows it.",
      }),
    },
    strict,
  ),
  access: "write",
  auth: "key",
  errors: ["invalid_request", "not_found", "forbidden"],
  output: Type.Object({ deleted: PackFileView }),
  async run({ svc, caller }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    return { deleted: view(await deletePackFile(svc.db, pack.id, input.path)) };
  },
});
