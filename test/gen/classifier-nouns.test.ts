import { describe, expect, test } from "bun:test";
import { interpretTask } from "../../src/gen/interpret/task.ts";

const read = (prompt: string) => interpretTask({ op: "item", req: { prompt, seed: 1, size: 16, target: null } });

describe("a family word in front of a made thing's name says what kind of it the thing is", () => {
  test("the head noun is drawn (a fish hook is a hook, drawn as the library's hook)", () => {
    const r = read("a fish hook");
    expect(r.subject).toBe("hook");
    expect(r.via?.[0]?.[0]).toBe("hook");
    expect(r.fallback).toBeUndefined();
    // The classifier is drawn as the hook's emblem (interpret/emblems.ts), not as the subject.
    expect(r.details).toEqual(["fish"]);
    expect(r.unmatched).not.toContain("fish");
  });
  test("a part or cut of the family's thing stays the family's thing", () => {
    expect(read("cooked chicken leg").subject).not.toBe("leg");
    expect(read("raw salmon fillet").subject).not.toBe("meat");
  });
  test("a head the lexicon cannot draw is not claimed: reported unmatched", () => {
    expect(read("an apple corer").unmatched).toContain("corer");
  });
});
