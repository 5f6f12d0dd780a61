/** JSON answers as Responses, below the faces: an operation whose answer needs its own headers returns one. */
export const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

/** A JSON body with a status and extra headers (the origin check's cache-control; the faces' error bodies). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}
