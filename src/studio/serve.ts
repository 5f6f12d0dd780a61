import { conditionalResponse } from "../ops/conditional.ts";
import type { Elysia } from "elysia";
// Text imports: Bun embeds these files in the compiled binary, so the studio needs no files on disk and no CDN.
import INDEX from "./index.html" with { type: "text" };
import APP from "./dist/app.js" with { type: "text" };
import STYLE from "./style.css" with { type: "text" };

/** The page only ever talks to this server and draws assets from blob: URLs it made itself. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "connect-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export interface StudioFile {
  path: string;
  type: string;
  body: string;
  etag: string;
}

const file = (path: string, type: string, body: unknown): StudioFile => {
  const text = String(body);
  return { path, type, body: text, etag: `"${new Bun.CryptoHasher("sha1").update(text).digest("hex").slice(0, 20)}"` };
};

export const STUDIO_FILES: StudioFile[] = [
  file("/", "text/html; charset=utf-8", INDEX),
  file("/studio/app.js", "text/javascript; charset=utf-8", APP),
  file("/studio/style.css", "text/css; charset=utf-8", STYLE),
];

/** Serves the web studio at / with its two assets; revalidated by ETag so an upgrade shows at once. */
export function mountStudio(app: Elysia): void {
  for (const f of STUDIO_FILES) {
    const body = new Blob([f.body]);
    app.get(f.path, ({ request }: { request: Request }) => {
      const headers: Record<string, string> = {
        "content-type": f.type,
        "cache-control": "no-cache",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
      };
      if (f.path === "/") headers["content-security-policy"] = CSP;
      return conditionalResponse(request, { etag: f.etag, body, headers });
    });
  }
}
