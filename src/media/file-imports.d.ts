/** oxipng's WebAssembly is imported `with { type: "file" }` (png-optimize.ts): Bun gives the embedded file's path. */
declare module "@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm" {
  const path: string;
  export default path;
}
