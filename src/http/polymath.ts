/**
 * A Polymath-compatible upload host, so a server's item plugin (Oraxen, Nexo) can use Packsmith as its pack host.
 * The protocol, as Polymath's own server (an aiohttp app: `curl -F pack=@file.zip -F id=… <base>/upload`) and
 * Oraxen's client (io.th0rgal.oraxen.pack.upload.hosts.Polymath) speak it: a multipart/form-data POST to
 * `<base>/upload` with a text field `id` (the plugin's configured secret or its licensee placeholder) and a file
 * field `pack` (the zip); the answer is JSON `{"url", "sha1"}` (the download address and the zip's SHA-1, which
 * the plugin hands to players' clients), or `{"error"}`. The plugins send no Authorization header, so the base
 * address carries a revocable token (core/polymath.ts): `<public-url>/polymath/<token>`. `id` is required, as the
 * protocol has it, but grants nothing: the token does.
 *
 * The zip is checked by the import's rules (a zip, a resource pack, within the import size and the game client's
 * limit) and stored as a published build of the token's pack (GET /p/<build>.zip, list_published_builds).
 */
import type { Services } from "../services.ts";
import { findPolymathToken } from "../core/polymath.ts";
import { publishZip } from "../core/published.ts";
import { getPackById } from "../core/packs.ts";
import { planImportOffThread } from "../files/off-thread.ts";
import { DomainError } from "../domain-error.ts";
import { CLIENT_PACK_LIMIT_BYTES, overLimitMessage } from "../pack/client-limit.ts";

/** Multipart framing around the zip: boundaries, part headers and the `id` field. */
const FORM_OVERHEAD = 64 * 1024;

const answer = (status: number, body: Record<string, string>) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export async function polymathUpload(svc: Services, request: Request, token: string): Promise<Response> {
  const found = await findPolymathToken(svc.db, token);
  const pack = found ? await getPackById(svc.db, found.packId) : null;
  if (!found || !pack) return answer(401, { error: "unknown or revoked upload token in the base address" });
  const limit = Math.min(svc.config.limits.importZipBytes, CLIENT_PACK_LIMIT_BYTES);
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limit + FORM_OVERHEAD) return answer(413, { error: `the pack is over the ${limit}-byte limit` });
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
    return answer(400, { error: "send multipart/form-data with the fields id and pack" });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer(400, { error: "the multipart body could not be read" });
  }
  const id = form.get("id");
  const file = form.get("pack");
  if (typeof id !== "string" || id.length === 0 || id.length > 256)
    return answer(400, { error: "the field id (text, 1 to 256 characters) is missing" });
  if (!(file instanceof Blob)) return answer(400, { error: "the field pack (the zip, as a file) is missing" });
  if (file.size > CLIENT_PACK_LIMIT_BYTES) return answer(413, { error: overLimitMessage(file.size, false) });
  if (file.size > limit) return answer(413, { error: `the pack is over the ${limit}-byte limit` });
  let bytes: Uint8Array = new Uint8Array(await file.arrayBuffer());
  try {
    // The import's planner refuses what is no zip, no resource pack, or hostile (traversal, bombs, links).
    bytes = (await planImportOffThread(svc, { bytes }, { defaultVersion: svc.config.defaultVersion })).bytes;
  } catch (e) {
    if (e instanceof DomainError) return answer(400, { error: e.message });
    throw e;
  }
  const build = await publishZip(svc, pack, bytes);
  return answer(200, { url: `${svc.config.publicUrl}/p/${build.id}.zip`, sha1: build.sha1 });
}
