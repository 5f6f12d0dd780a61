/**
 * Canonical-JSON inputs that JSON text cannot express (NaN, Infinity, undefined, -0 as a value), for
 * implementations that hash in-memory values. vectors.json lists their canonical text and hash by name.
 */
export const JS_VALUE_VECTORS: { name: string; value: unknown }[] = [
  { name: "non-finite: [NaN, Infinity, -Infinity]", value: [NaN, Infinity, -Infinity] },
  { name: "undefined: {a: undefined, b: [undefined]}", value: { a: undefined, b: [undefined] } },
  { name: "negative zero: {z: -0, t: -1e-9}", value: { z: -0, t: -1e-9 } },
  { name: "float noise: [0.1 + 0.2, 1 / 3, 2 / 3]", value: [0.1 + 0.2, 1 / 3, 2 / 3] },
  { name: "large: [1e21, 2 ** 53 + 2, -1e300]", value: [1e21, 2 ** 53 + 2, -1e300] },
];
