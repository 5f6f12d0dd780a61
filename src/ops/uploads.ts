import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { strict } from "./schemas.ts";
import { createUpload, receiveUpload, UPLOAD_TTL_MS } from "../files/uploads.ts";

export const createUploadOp = defineOp({
  name: "create_upload",
  examples: [{ summary: "Room for a pack zip", value: { fileName: "castle-pack.zip" } }],
  method: "POST",
  path: "/uploads",
  tag: "upload and import",
  summary: "Start a large-file upload",
  description: `Issues an upload id and a URL on this server to PUT the file's bytes to (with the same Authorization header). Pass the id as file.upload to an upload or import; it expires after ${UPLOAD_TTL_MS / 60_000} minutes and works once.`,
  input: Type.Object(
    {
      fileName: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 200,
          description: "Name of the file (used as the default asset or pack name).",
        }),
      ),
    },
    strict,
  ),
  access: "write",
  auth: "key",
  status: 201,
  tool: false,
  output: Type.Object({
    upload: Type.String(),
    url: Type.String(),
    expiresAt: Type.String({ format: "date-time" }),
    maxBytes: Type.Integer(),
  }),
  async run({ svc, caller, baseUrl }, input) {
    const { id, expiresAt } = await createUpload(svc, caller.account.id, input.fileName ?? null);
    return { upload: id, url: `${baseUrl}/v1/uploads/${id}`, expiresAt, maxBytes: svc.config.limits.uploadBytes };
  },
});

export const putUploadOp = defineOp({
  name: "put_upload",
  method: "PUT",
  path: "/uploads/{upload}",
  pathParams: ["upload"],
  rawBody: true,
  tag: "upload and import",
  summary: "Send an upload's bytes",
  description: "The request body is the file's raw bytes, streamed to disk (not held in memory).",
  input: Type.Object(
    { upload: Type.String({ minLength: 1, maxLength: 100, description: "The upload id create_upload answered." }) },
    strict,
  ),
  access: "write",
  auth: "key",
  tool: false,
  errors: ["upload_not_found", "file_too_large", "invalid_request"],
  output: Type.Object({ upload: Type.String(), sizeBytes: Type.Integer(), status: Type.Literal("received") }),
  async run({ svc, caller, request }, input) {
    const { sizeBytes } = await receiveUpload(svc, caller.account.id, input.upload, request!);
    return { upload: input.upload, sizeBytes, status: "received" };
  },
});
