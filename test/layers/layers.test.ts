/**
 * Layers point down (docs/architecture.md): every import between src files goes to the importer's own layer or a
 * lower one, with no exceptions.
 */
import { expect, test } from "bun:test";
import { importEdges, layerOf, upwardEdges } from "./layers.ts";

test("every src file belongs to a layer", () => {
  for (const [from, to] of importEdges()) {
    expect(() => layerOf(from)).not.toThrow();
    expect(() => layerOf(to)).not.toThrow();
  }
});

test("no import points up a layer", () => {
  expect(upwardEdges()).toEqual([]);
});
