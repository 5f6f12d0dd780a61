/** Swagger UI's bundle is imported `with { type: "file" }` (docs.ts): Bun gives the embedded file's path. */
declare module "swagger-ui-dist/swagger-ui-bundle.js" {
  const path: string;
  export default path;
}

/** Text files imported `with { type: "text" }` (docs.ts: the third-party notices). */
declare module "*.txt" {
  const text: string;
  export default text;
}
