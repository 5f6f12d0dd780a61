import { describe, expect, test } from "bun:test";
import { interpretTask } from "../../src/gen/interpret/task.ts";

const read = (prompt: string) => interpretTask({ op: "item", req: { prompt, seed: 1, size: 16, target: null } });

describe("a family word in front of a made thing's name says what kind of it the thing is", () => {
  test("the head noun is drawn (a fish ladle is a ladle, drawn as the spoon its definition says it is shaped like)", () => {
    const r = read("a fish ladle");
    expect(r.subject).toBe("spoon");
    expect(r.via?.[0]?.[0]).toBe("ladle");
    expect(r.fallback).toBeUndefined();
    // The classifier changes nothing drawn: reported, not claimed.
    expect(r.unmatched).toContain("fish");
  });
  test("a part or cut of the family's thing stays the family's thing", () => {
    expect(read("cooked chicken leg").subject).not.toBe("leg");
    expect(read("raw salmon fillet").subject).not.toBe("meat");
  });
  test("a head the lexicon cannot draw is not claimed: reported unmatched", () => {
    expect(read("cheese grater").unmatched).toContain("grater");
  });
});
