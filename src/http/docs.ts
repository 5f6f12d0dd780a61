/**
 * /docs: the API reference rendered by Swagger UI (swagger-ui-dist, a prebuilt bundle with no runtime
 * dependencies) from this server's own /openapi.json: operations grouped by tag, schemas, and "Try it out"
 * against this server. Everything is served from the binary, so a LAN without internet can read and try the API.
 */
import type { Elysia } from "elysia";
// File imports: Bun embeds these in the compiled binary and gives a path; they are read on the first request,
// so the 1.7 MB bundle costs nothing at start (bench/start.ts).
import BUNDLE from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import STYLE from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
// The licences of the data built in from other projects (scripts/notices.ts): the drawn library, the lexicon.
import NOTICES from "../data/third-party-notices.txt" with { type: "text" };

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Packsmith API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" href="data:,">
</head><body>
<main id="swagger-ui"><p>Loading the reference from <a href="/openapi.json">/openapi.json</a>…</p></main>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body></html>`;

/**
 * No validator badge (it would call validator.swagger.io); the key stays in the page (no localStorage);
 * try-it is on because every operation runs against this server with the key given under Authorize.
 */
const INIT = `window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: true,
  displayRequestDuration: true,
  filter: true,
  docExpansion: "list",
  defaultModelsExpandDepth: 0,
  persistAuthorization: false,
});`;

/** Only this server: Swagger UI sets element styles from script and draws its icons as data: images. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

interface DocsFile {
  type: string;
  body: () => Promise<string>;
}

const once = (read: () => Promise<string>) => {
  let text: Promise<string> | undefined;
  return () => {
    text ??= read();
    return text;
  };
};

export const DOCS_FILES: Record<string, DocsFile> = {
  "/docs": { type: "text/html; charset=utf-8", body: async () => PAGE },
  "/docs/init.js": { type: "text/javascript; charset=utf-8", body: async () => INIT },
  "/docs/swagger-ui-bundle.js": {
    type: "text/javascript; charset=utf-8",
    body: once(() => Bun.file(BUNDLE).text()),
  },
  "/docs/swagger-ui.css": { type: "text/css; charset=utf-8", body: once(() => Bun.file(STYLE).text()) },
  "/docs/licenses": { type: "text/plain; charset=utf-8", body: async () => NOTICES },
};

/** Mounts the reference page, its three assets and the third-party notices; no key needed (all public). */
export function mountDocs(app: Elysia): void {
  for (const [path, file] of Object.entries(DOCS_FILES))
    app.get(
      path,
      async () =>
        new Response(await file.body(), {
          headers: {
            "content-type": file.type,
            "cache-control": "no-cache",
            "x-content-type-options": "nosniff",
            ...(path === "/docs" ? { "content-security-policy": CSP } : {}),
          },
        }),
    );
}
