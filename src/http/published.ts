/**
 * GET/HEAD /p/<build>.zip: a published build, with no key (game clients download it). Served straight from
 * the blob file with its length, an ETag (the SHA-1 servers already know), conditional requests and byte
 * ranges, so large packs resume and repeat downloads cost nothing.
 */
import type { Services } from "../services.ts";
import { getBuild } from "../core/published.ts";
import { conditionalResponse } from "../ops/conditional.ts";
import { blobBody } from "../store/blob-body.ts";

const notFound = () =>
  new Response(JSON.stringify({ error: { code: "not_found", message: "no published build at this address" } }), {
    status: 404,
    headers: { "content-type": "application/json" },
  });

export async function servePublished(svc: Services, request: Request, file: string): Promise<Response> {
  const m = /^([A-Za-z0-9_-]{16,64})\.zip$/.exec(file);
  const build = m ? await getBuild(svc.db, m[1]) : null;
  if (!build) return notFound();
  // HEAD gets the same answer; the listener sends its headers (length included) and no body.
  return conditionalResponse(request, {
    etag: `"${build.sha1}"`,
    body: await blobBody(svc.blobs, build.blob, build.sizeBytes),
    ranges: true,
    headers: {
      "content-type": "application/zip",
      "cache-control": "public, max-age=31536000, immutable",
      "content-disposition": `attachment; filename="${m![1]}.zip"`,
    },
  });
}
