/**
 * Layers point down (docs/architecture.md): every import between src files goes to the importer's own layer or
 * one below it. The imports that still point up are listed here, each one a known debt: the test fails on any
 * new one, and on a listed one that is gone (take it off the list, so the list only shrinks).
 */
import { expect, test } from "bun:test";
import { importEdges, layerOf, upwardEdges } from "./layers.ts";

/** Known upward imports, to be removed (issue 15): ApiError thrown below the edge, HTTP-only services in the context. */
const KNOWN_DEBT = [
  "services.ts -> http/metrics.ts",
  "services.ts -> http/rate-limit.ts",
  "services.ts -> http/read-cache.ts",
];

test("every src file belongs to a layer", () => {
  for (const [from, to] of importEdges()) {
    expect(() => layerOf(from)).not.toThrow();
    expect(() => layerOf(to)).not.toThrow();
  }
});

test("no import points up a layer beyond the known debt, and the debt only shrinks", () => {
  const up = upwardEdges();
  expect(up.filter((e) => !KNOWN_DEBT.includes(e))).toEqual([]);
  expect(KNOWN_DEBT.filter((e) => !up.includes(e))).toEqual([]);
});
