/** Stylesheets are imported as text (serve.ts) and embedded in the binary. */
declare module "*.css" {
  const text: string;
  export default text;
}
