/** Type of the committed bundle when serve.ts imports it as text. */
declare const source: string;
export default source;
