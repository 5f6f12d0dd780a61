import { Type, type Static } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { PackSlug, strict } from "./schemas.ts";
import { reachablePack } from "../core/packs.ts";
import { exportSummary, exportZip } from "../export/index.ts";
import { signPath } from "../core/signed-urls.ts";
import { CLIENT_PACK_LIMIT_BYTES, clientLimitReport } from "../pack/client-limit.ts";

/** The client's limit in bytes, on every export answer. */
export const CLIENT_LIMIT_HEADER = "x-packsmith-client-limit";
/** The zip's size in bytes, when it was measured before streaming (a pack that may come near the limit). */
export const ZIP_SIZE_HEADER = "x-packsmith-zip-bytes";
/** Present when the zip is over the client's limit: the game will refuse it, and what to do. */
export const CLIENT_WARNING_HEADER = "x-packsmith-warning";

const ExportArgs = Type.Object(
  {
    pack: PackSlug,
    optimize: Type.Optional(
      Type.Boolean({
        description:
          "Optimise losslessly (default false): PNGs re-encoded at the smallest colour type and bit depth that keeps every pixel, ancillary chunks dropped; JSON minified; editor sources and OS junk left out (listed in packsmith-export.json); every entry deflated at the strongest level. Deterministic; slower (PNGs are re-encoded in the worker pool).",
      }),
    ),
    minVersion: Type.Optional(
      Type.String({
        maxLength: 16,
        description:
          "Oldest release the zip must also work on (e.g. 1.20.1), not newer than the pack's: files that differ between versions go into overlays selected by pack format, and pack.mcmeta declares the range.",
      }),
    ),
  },
  strict,
);

const exportOptions = (input: Static<typeof ExportArgs>) => ({
  optimize: input.optimize ?? false,
  minVersion: input.minVersion,
});

/**
 * GET /packs/{pack}/export streams the zip. The export_pack tool has no request to stream to: it builds
 * the zip and answers its size and a signed link instead of its bytes, as the spec's tool does.
 */
export const exportPackOp = defineOp({
  name: "export_pack",
  signed: true,
  produces: ["application/zip"],
  method: "GET",
  path: "/packs/{pack}/export",
  pathParams: ["pack"],
  query: ["optimize", "minVersion"],
  tag: "packs",
  summary: "Export the pack as a Java-edition zip",
  description:
    "Builds the pack's resource-pack zip for its minecraftVersion (pack.mcmeta, every ready asset where that version reads it, sounds.json, fonts, item definitions). Assets still generating, failed or needing a newer version are left out and listed in packsmith-export.json inside the zip, with custom items' give commands and assigned font characters. Free. As a tool it builds the zip and reports its size and file count, with a signed download `url` that needs no key (valid for signed-url-seconds, default an hour). Every answer gives the zip's size against the Minecraft client's limit (262,144,000 bytes: a larger server pack is refused by the game): the tool as sizeBytes, clientLimitBytes, overClientLimit and a warning; REST in the headers x-packsmith-client-limit and, for a zip that may come near it, x-packsmith-zip-bytes (measured first) and, over it, x-packsmith-warning (the zip is still answered). optimize=true optimises losslessly (smaller PNGs and JSON, no editor files; slower). Next: get_job or wait_for_job for assets the report lists as generating, then export_pack again.",
  input: ExportArgs,
  access: "read",
  auth: "key",
  errors: ["invalid_request", "forbidden", "not_found", "export_failed"],
  tool: {
    async run({ svc, caller, baseUrl }, input) {
      const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
      const summary = await exportSummary(svc, pack, exportOptions(input));
      const query = new URLSearchParams();
      if (input.optimize) query.set("optimize", "true");
      if (input.minVersion) query.set("minVersion", input.minVersion);
      const path = `/v1/packs/${pack.slug}/export${query.size ? `?${query}` : ""}`;
      return {
        pack: pack.slug,
        minecraftVersion: pack.minecraftVersion,
        ...summary,
        url: baseUrl + (await signPath(svc.db, svc.config.data, path, caller.key.id, svc.config.signedUrlSeconds)),
      };
    },
  },
  async run({ svc, caller }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    const options = exportOptions(input);
    const zip = await exportZip(svc, pack, { ...options, register: true });
    // A zip that may come near the client's limit was measured first: its size, and past the limit a warning,
    // travel in headers (the body is the zip, which still answers: the caller may host it for another client).
    const limit = zip.sizeBytes === undefined ? null : clientLimitReport(zip.sizeBytes, options.optimize);
    return new Response(zip.stream, {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${pack.slug}.zip"`,
        "cache-control": "no-store",
        [CLIENT_LIMIT_HEADER]: String(CLIENT_PACK_LIMIT_BYTES),
        // Bun sends a streamed body chunked and drops a content-length set here, so the size has its own header.
        ...(limit ? { [ZIP_SIZE_HEADER]: String(limit.sizeBytes) } : {}),
        ...(limit?.warning ? { [CLIENT_WARNING_HEADER]: limit.warning } : {}),
      },
    });
  },
});
