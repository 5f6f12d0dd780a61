/**
 * Conditional requests and byte ranges by RFC 9110 §13 and §14, for every answer that carries a validator:
 * published builds (/p/…), asset downloads, the studio's files and the thumbnails page. One place, so the rules
 * cannot differ between endpoints:
 *
 * - If-None-Match: `*` or a list of entity tags, compared weakly (W/"x" matches "x"); a match is 304 for GET and
 *   HEAD. It is evaluated before Range (§13.2.2), so a matching conditional range request is a 304 too.
 * - Range (GET only; bytes only, anything else ignored): a syntactically invalid header is ignored (full 200); no
 *   satisfiable range is 416 with `Content-Range: bytes *\/size`; one range is 206; several are a
 *   multipart/byteranges 206 in the order asked, or the whole file (200) when they overlap or are too many to be
 *   worth parts (§14.2 lets a server do either).
 * - If-Range: the range is honoured only when it holds an entity tag that matches ours by strong comparison
 *   (neither weak); a date, a weak or another tag gets the full 200 (§13.1.5). We send no Last-Modified, so a date
 *   can never match.
 */

/** The bytes of a representation, sliceable without reading the rest (a Bun file, a Blob). */
export type Body = Blob;

export interface Representation {
  /** The entity tag with its quotes (`"abc"`, or `W/"abc"` for a weak one). */
  etag: string;
  body: Body;
  /** Headers every answer carries (content-type, cache-control…). ETag and Accept-Ranges are added here. */
  headers: Record<string, string>;
  /** Serve byte ranges (files); false for answers that are rebuilt on request (the thumbnails page). */
  ranges?: boolean;
}

/** More ranges than this (a scatter of tiny ones costs more in part headers than it saves) get the whole file. */
const MAX_PARTS = 16;

const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
const isWeak = (tag: string) => tag.trim().startsWith("W/");

/** The entity tags of an If-None-Match or If-Match list; quoted strings may hold commas, so they are scanned. */
export function entityTags(header: string): string[] {
  return header.match(/(?:W\/)?"[^"]*"|\*/g) ?? [];
}

/** If-None-Match by weak comparison: true when the list names this representation (or is `*`). */
export function noneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const tags = entityTags(header);
  return tags.includes("*") || tags.some((t) => opaque(t) === opaque(etag));
}

/** If-Range by strong comparison; a date (or anything that is not one entity tag) never matches. */
function ifRangeHolds(header: string | null, etag: string): boolean {
  if (header === null) return true;
  const value = header.trim();
  if (!/^"[^"]*"$/.test(value)) return false; // a date, a weak tag, or junk
  return !isWeak(etag) && value === etag.trim();
}

type Span = [start: number, end: number];

/** The satisfiable ranges of a `bytes=` header; null when the header is not valid (it is then ignored). */
export function parseRanges(header: string, size: number): Span[] | null {
  const m = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!m) return null;
  const spans: Span[] = [];
  for (const part of m[1].split(",")) {
    const spec = part.trim();
    if (spec === "") continue; // "bytes=0-1,,2-3": empty list elements are allowed
    const r = /^(\d*)-(\d*)$/.exec(spec);
    if (!r || (r[1] === "" && r[2] === "")) return null;
    if (r[1] === "") {
      const n = Number(r[2]);
      if (n > 0 && size > 0) spans.push([Math.max(0, size - n), size - 1]);
      continue;
    }
    const start = Number(r[1]);
    const last = r[2] === "" ? Number.POSITIVE_INFINITY : Number(r[2]);
    if (last < start) return null;
    if (start < size) spans.push([start, Math.min(last, size - 1)]);
  }
  return spans;
}

const overlapping = (spans: Span[]) => {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  return sorted.some((s, i) => i > 0 && s[0] <= sorted[i - 1][1]);
};

/**
 * A 304 when If-None-Match names `etag`, else null: for answers whose body costs work to make (a preview, the
 * thumbnails page), asked before making it. Carries `headers` less the body's own.
 */
export function notModified(request: Request | undefined, etag: string, headers: Record<string, string>) {
  if (!request || !noneMatch(request.headers.get("if-none-match"), etag)) return null;
  const { "content-type": _type, "content-length": _length, ...kept } = headers;
  return new Response(null, { status: 304, headers: { ...kept, etag } });
}

/** The answer to a GET or HEAD of `rep`, by the request's conditional and Range headers. */
export function conditionalResponse(request: Request | undefined, rep: Representation): Response {
  const size = rep.body.size;
  const headers: Record<string, string> = { ...rep.headers, etag: rep.etag };
  if (rep.ranges) headers["accept-ranges"] = "bytes";
  const unchanged = notModified(request, rep.etag, headers);
  if (unchanged) return unchanged;
  const h = request?.headers;
  const range = rep.ranges && request?.method === "GET" ? h?.get("range") : null;
  const whole = () => new Response(rep.body, { headers: { ...headers, "content-length": String(size) } });
  if (!range || !ifRangeHolds(h!.get("if-range"), rep.etag)) return whole();
  const spans = parseRanges(range, size);
  if (spans === null) return whole();
  if (!spans.length)
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
  if (spans.length === 1) {
    const [start, end] = spans[0];
    return new Response(rep.body.slice(start, end + 1), {
      status: 206,
      headers: {
        ...headers,
        "content-range": `bytes ${start}-${end}/${size}`,
        "content-length": String(end - start + 1),
      },
    });
  }
  if (spans.length > MAX_PARTS || overlapping(spans)) return whole();
  return multipart(rep, headers, spans, size);
}

/** Several ranges as multipart/byteranges (RFC 9110 §14.6), each part with its own Content-Range. */
function multipart(rep: Representation, headers: Record<string, string>, spans: Span[], size: number): Response {
  const boundary = `packsmith-${crypto.randomUUID()}`;
  const type = rep.headers["content-type"] ?? "application/octet-stream";
  const encoder = new TextEncoder();
  const pieces: (Uint8Array | Blob)[] = [];
  for (const [start, end] of spans) {
    pieces.push(
      encoder.encode(
        `\r\n--${boundary}\r\ncontent-type: ${type}\r\ncontent-range: bytes ${start}-${end}/${size}\r\n\r\n`,
      ),
    );
    pieces.push(rep.body.slice(start, end + 1));
  }
  pieces.push(encoder.encode(`\r\n--${boundary}--\r\n`));
  const length = pieces.reduce((n, p) => n + (p instanceof Blob ? p.size : p.length), 0);
  // Streamed piece by piece: a Blob made of a file's slices would not read them (Bun keeps file slices lazy),
  // and one range at a time is all that is held in memory.
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const piece = pieces[next++];
      if (!piece) return controller.close();
      controller.enqueue(piece instanceof Blob ? new Uint8Array(await piece.arrayBuffer()) : piece);
    },
  });
  const { "content-type": _type, ...rest } = headers;
  return new Response(body, {
    status: 206,
    headers: {
      ...rest,
      "content-type": `multipart/byteranges; boundary=${boundary}`,
      "content-length": String(length),
    },
  });
}
