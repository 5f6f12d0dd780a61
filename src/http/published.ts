/**
 * GET/HEAD /p/<build>.zip: a published build, with no key (game clients download it). Served straight from
 * the blob file with its length, an ETag (the SHA-1 servers already know), conditional requests and byte
 * ranges, so large packs resume and repeat downloads cost nothing.
 */
import type { Services } from "../services.ts";
import { getBuild } from "../core/published.ts";

const notFound = () =>
  new Response(JSON.stringify({ error: { code: "not_found", message: "no published build at this address" } }), {
    status: 404,
    headers: { "content-type": "application/json" },
  });

export async function servePublished(svc: Services, request: Request, file: string): Promise<Response> {
  const m = /^([A-Za-z0-9_-]{16,64})\.zip$/.exec(file);
  const build = m ? await getBuild(svc.db, m[1]) : null;
  if (!build) return notFound();
  const body = svc.blobs.file(build.blob);
  const etag = `"${build.sha1}"`;
  const headers: Record<string, string> = {
    "content-type": "application/zip",
    etag,
    "accept-ranges": "bytes",
    "cache-control": "public, max-age=31536000, immutable",
    "content-disposition": `attachment; filename="${m![1]}.zip"`,
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const range = request.headers.get("range");
  if (range) {
    const r = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    const size = build.sizeBytes;
    let start = r && r[1] !== "" ? Number(r[1]) : Number.NaN;
    let end = r && r[2] !== "" ? Number(r[2]) : size - 1;
    if (r && r[1] === "" && r[2] !== "") [start, end] = [Math.max(0, size - Number(r[2])), size - 1];
    if (!r || Number.isNaN(start) || start > end || start >= size)
      return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
    end = Math.min(end, size - 1);
    const part = {
      ...headers,
      "content-range": `bytes ${start}-${end}/${size}`,
      "content-length": String(end - start + 1),
    };
    return new Response(body.slice(start, end + 1), { status: 206, headers: part });
  }
  // HEAD gets the same answer; the listener sends its headers (length included) and no body.
  return new Response(body, { headers: { ...headers, "content-length": String(build.sizeBytes) } });
}
