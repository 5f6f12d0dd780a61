/**
 * Parts of drawn-library pictures (art/library-parts.ts, gen/item-library.ts): the icon set names no parts, so a
 * library thing's parts are its body (its main colour group) and parts derived from its shape (trim, band, stars,
 * gem). A colour or flavour said of one lands in its pixels only, and the part mask says where; a part the picture
 * has no place for is in no pixel of the mask.
 */
import { describe, expect, test } from "bun:test";
import { itemRgba, partMaskForTask } from "../../src/gen/item";
import { interpret } from "../../src/gen/interpret/read";
import type { Task } from "../../src/gen/task";
import { libraryPlace } from "../../src/gen/art/library-parts";
import type { Rgba } from "../../src/media/png";
import { hasColour } from "../../bench/fidelity-colour.ts";
import { changedPixels, visibleColourCount } from "../support/texture-checks.ts";

const SUBJECTS = ["vase", "balloon", "drum", "basket", "kite", "robot", "lipstick", "toothbrush"];
const itemTask = (prompt: string): Task => ({ op: "item", req: { prompt, seed: 7, size: 16, target: null } });
const draw = (prompt: string) => itemRgba({ prompt, seed: 7, size: 16, target: null });
const maskOf = (prompt: string) => partMaskForTask(itemTask(prompt))!;

const changed = changedPixels;

/**
 * The pixels outside `part` that changed other than by the 12-colour cap merging two of the picture's own
 * colours: a part's new colour may leave the cap one colour short, and it then merges two close shades of the
 * rest (library-parts.ts capPartColours), so a pixel there may only take a colour the plain picture has.
 */
function strayed(plain: Rgba, img: Rgba, part: Uint8Array): number[] {
  const colours = new Set<string>();
  for (let i = 0; i < plain.width * plain.height; i++)
    if (plain.data[i * 4 + 3]) colours.add(plain.data.subarray(i * 4, i * 4 + 3).join());
  return changed(plain, img).filter(
    (i) => !part[i] && !(img.data[i * 4 + 3] && colours.has(img.data.subarray(i * 4, i * 4 + 3).join())),
  );
}
const only = (mask: (string | null)[], part: string) => Uint8Array.from(mask, (p) => (p === part ? 1 : 0));

describe("where a part lands on a library picture", () => {
  test("body words are the body, derived words their derived part, other parts nowhere", () => {
    expect(["body", "head", "blade"].map(libraryPlace)).toEqual(["body", "body", "body"]);
    expect(
      ["trim", "rim", "border", "band", "belt", "stripe", "stars", "spots", "gem", "jewel"].map(libraryPlace),
    ).toEqual(["trim", "trim", "trim", "band", "band", "band", "stars", "stars", "gem", "gem"]);
    expect(["handle", "string", "lid", "leaf", "gold"].map(libraryPlace)).toEqual([null, null, null, null, null]);
  });
});

describe("colours said of a library thing's parts", () => {
  test("a derived part is drawn in its colour, in its pixels only, labelled in the mask", () => {
    for (const subject of SUBJECTS)
      for (const [part, colour, word] of [
        ["trim", "yellow", "gold"],
        ["band", "red", "red"],
        ["stars", "white", "white"],
      ] as const) {
        const prompt = `${subject} with a ${word} ${part}`;
        const mask = maskOf(prompt);
        expect({ prompt, family: mask.family }).toEqual({ prompt, family: "library" });
        const pixels = only(mask.parts, part);
        expect({ prompt, some: pixels.some((v) => v === 1) }).toEqual({ prompt, some: true });
        const img = draw(prompt);
        expect({ prompt, inPart: hasColour(img, colour, pixels) }).toEqual({ prompt, inPart: true });
        expect({ prompt, strayed: strayed(draw(subject), img, pixels) }).toEqual({ prompt, strayed: [] });
        expect(visibleColourCount(img)).toBeLessThanOrEqual(12);
      }
  });

  test("a body colour takes the main colour group", () => {
    for (const subject of ["vase", "balloon", "drum"]) {
      const prompt = `${subject} with a blue body`;
      const pixels = only(maskOf(prompt).parts, "body");
      expect({ prompt, inPart: hasColour(draw(prompt), "blue", pixels) }).toEqual({ prompt, inPart: true });
    }
  });

  test("a part the picture has no place for is reported and in no pixel of the mask", () => {
    const prompt = "balloon with a white string";
    expect(interpret("item", prompt).parts).toContainEqual({ part: "string", colour: "white" });
    expect(maskOf(prompt).parts).not.toContain("string");
  });

  test("an icon of a library thing has the same parts", () => {
    const task: Task = { op: "icon", req: { prompt: "vase with a gold trim", name: "vase", seed: 7, height: 16 } };
    const mask = partMaskForTask(task)!;
    expect(mask.parts).toContain("trim");
    expect(mask.parts).toContain("body");
  });
});

describe("flavours said of a library thing's parts", () => {
  test("land on the part's pixels only and are reported on the part", () => {
    for (const [plain, prompt, part] of [
      ["vase with a gold trim", "vase with a rusty gold trim", "trim"],
      ["vase", "vase with a glowing body", "body"],
      ["drum", "drum with a frozen body", "body"],
      ["basket with a red band", "basket with a mossy red band", "band"],
      ["balloon", "balloon with glowing stars", "stars"],
    ] as const) {
      const read = interpret("item", prompt);
      expect({ prompt, effects: read.parts.find((p) => p.part === part)?.effects?.length }).toEqual({
        prompt,
        effects: 1,
      });
      expect({ prompt, whole: read.effects ?? [] }).toEqual({ prompt, whole: [] });
      const pixels = only(maskOf(prompt).parts, part);
      const [before, after] = [draw(plain), draw(prompt)];
      expect({ prompt, some: changed(before, after).some((i) => pixels[i]) }).toEqual({ prompt, some: true });
      expect({ prompt, strayed: strayed(before, after, pixels) }).toEqual({ prompt, strayed: [] });
    }
  });

  test("a flavour said of a part the picture lacks is the whole's, and the part word unmatched", () => {
    const read = interpret("item", "balloon with a frozen string");
    expect(read.parts).toEqual([]);
    expect(read.effects).toEqual(["frozen"]);
    expect(read.unmatched).toContain("string");
  });
});
