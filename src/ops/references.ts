import { EXAMPLE_PNG_BASE64 } from "./schemas.ts";
import { randomBytes } from "node:crypto";
import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { blobBody } from "../store/blob-body.ts";
import { PackSlug, strict } from "./schemas.ts";
import { ApiError, invalid } from "../core/errors.ts";
import { reachablePack } from "../core/packs.ts";
import { FileSource, resolveFile } from "../files/source.ts";
import { checkPngOffThread } from "../files/off-thread.ts";
import { DomainError } from "../domain-error.ts";
import { getReference, listReferences } from "./generate/reference.ts";
import { nowIso } from "../store/db.ts";

/** Generators look at colours and shapes, not detail: a bigger picture buys nothing and costs memory. */
export const REFERENCE_MAX_EDGE = 2048;

const Reference = Type.Object({
  referenceId: Type.String({ description: "Pass as referenceId to generate_texture or generate_model." }),
  pack: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  createdAt: Type.String({ format: "date-time" }),
});

export const uploadReferenceOp = defineOp({
  name: "upload_reference",
  examples: [
    {
      summary: "A reference picture sent inline",
      value: { pack: "castle-pack", file: { base64: EXAMPLE_PNG_BASE64 } },
    },
  ],
  method: "POST",
  path: "/packs/{pack}/references",
  pathParams: ["pack"],
  tag: "style guide",
  summary: "Upload a reference image",
  description: `Stores a PNG picture (up to ${REFERENCE_MAX_EDGE}x${REFERENCE_MAX_EDGE}) as a reference for generation in this pack and answers its referenceId, which generate_texture and generate_model bodies accept. file holds exactly one of upload, url, base64. Free.`,
  input: Type.Object({ pack: PackSlug, file: FileSource }, strict),
  access: "write",
  auth: "key",
  status: 201,
  tool: false,
  errors: ["invalid_request", "forbidden", "not_found", "file_fetch_failed", "upload_not_found", "file_too_large"],
  output: Reference,
  async run({ svc, caller }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    const file = await resolveFile(svc, caller, input.file);
    let size: { width: number; height: number; bytes: Uint8Array };
    try {
      // Decoded in the worker pool (a 2048² picture is ~100 ms of work), refused from its header first.
      size = await checkPngOffThread(svc, file.bytes, {
        maxEdge: REFERENCE_MAX_EDGE,
        maxPixels: REFERENCE_MAX_EDGE * REFERENCE_MAX_EDGE,
      });
    } catch (e) {
      if (e instanceof DomainError && e.errorCode === "invalid_request")
        throw invalid(`the reference image is not a usable PNG: ${e.message}`, e);
      throw e;
    }
    const blob = await svc.blobs.put(size.bytes);
    const referenceId = "ref_" + randomBytes(8).toString("hex");
    const createdAt = nowIso();
    await svc.db.transaction(async (tx) => {
      await tx.run(
        "INSERT INTO reference_images (id, pack_id, account_id, blob, width, height, file_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [referenceId, pack.id, caller.account.id, blob, size.width, size.height, file.fileName, createdAt],
      );
      await file.consume(tx);
    });
    return { referenceId, pack: pack.slug, width: size.width, height: size.height, createdAt };
  },
});

export const listReferencesOp = defineOp({
  name: "list_references",
  method: "GET",
  path: "/packs/{pack}/references",
  pathParams: ["pack"],
  tag: "style guide",
  summary: "List a pack's reference images",
  description:
    "The reference images uploaded to this pack, oldest first, with the referenceId each generation body accepts. Free.",
  input: Type.Object({ pack: PackSlug }, strict),
  access: "read",
  auth: "key",
  tool: false,
  errors: ["not_found"],
  output: Type.Object({ references: Type.Array(Reference) }),
  async run({ svc, caller }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    return {
      references: (await listReferences(svc.db, pack.id)).map((r) => ({
        referenceId: r.referenceId,
        pack: pack.slug,
        width: r.width,
        height: r.height,
        createdAt: r.createdAt,
      })),
    };
  },
});

export const getReferenceFileOp = defineOp({
  name: "get_reference_file",
  produces: ["image/png"],
  method: "GET",
  path: "/packs/{pack}/references/{reference}",
  pathParams: ["pack", "reference"],
  tag: "style guide",
  summary: "Download a reference image",
  description: "The reference image's PNG bytes as uploaded. Free.",
  input: Type.Object(
    {
      pack: PackSlug,
      reference: Type.String({
        minLength: 1,
        maxLength: 100,
        description: "A reference image id from list_references.",
      }),
    },
    strict,
  ),
  access: "read",
  auth: "key",
  tool: false,
  errors: ["not_found"],
  async run({ svc, caller }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    const ref = await getReference(svc.db, input.reference);
    if (!ref || ref.packId !== pack.id)
      throw new ApiError("not_found", `no reference image '${input.reference}' in pack '${pack.slug}'`);
    return new Response(await blobBody(svc.blobs, ref.blob), {
      headers: { "content-type": "image/png", "cache-control": "private, max-age=86400" },
    });
  },
});
