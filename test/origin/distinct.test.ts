import { describe, expect, test } from "bun:test";
import { fillRect } from "../../src/media/image.ts";
import { encodePng, newRgba, type Rgba } from "../../src/media/png.ts";
import {
  isDistinct,
  isDistinctImage,
  isDistinctModel,
  MIN_BYTES,
  originFingerprint,
} from "../../src/origin/distinct.ts";
import { originHash } from "../../src/origin/hash.ts";

const utf8 = (s: string) => new TextEncoder().encode(s);
const png = (img: Rgba) => encodePng(img);

/** 16x16 with `colours` vertical stripes of distinct opaque colours over transparency. */
function stripes(colours: number, background: [number, number, number, number] = [0, 0, 0, 0]): Rgba {
  const img = fillRect(newRgba(16, 16), 0, 0, 16, 16, background);
  for (let i = 0; i < colours; i++) fillRect(img, i * 2, 0, 1, 16, [40 * i, 255 - 30 * i, 7, 255]);
  return img;
}

const element = (from: number[], to: number[]) => ({ from, to, faces: { up: { texture: "#0" } } });

describe("image floor: at least 3 visible colours", () => {
  test("blank, fully transparent, single colour and two colours are below it", () => {
    expect(isDistinct("a.png", png(newRgba(16, 16)))).toBe(false);
    expect(isDistinct("a.png", png(fillRect(newRgba(16, 16), 0, 0, 16, 16, [200, 10, 10, 255])))).toBe(false);
    expect(isDistinct("a.png", png(stripes(1)))).toBe(false);
    expect(isDistinct("a.png", png(stripes(2)))).toBe(false);
    expect(isDistinct("a.png", png(stripes(1, [5, 5, 5, 255])))).toBe(false); // 2 opaque colours
  });

  test("three visible colours clear it, with or without transparency", () => {
    expect(isDistinct("a.png", png(stripes(3)))).toBe(true);
    expect(isDistinct("a.png", png(stripes(2, [5, 5, 5, 255])))).toBe(true);
  });

  test("RGB hidden under alpha 0 is not a colour; partial alpha is", () => {
    const img = stripes(2);
    img.data.set([1, 2, 3, 0, 9, 9, 9, 0], 4); // junk invisible pixels
    expect(isDistinctImage(img)).toBe(false);
    img.data.set([1, 2, 3, 1], 4); // barely visible: a colour of its own
    expect(isDistinctImage(img)).toBe(true);
  });
});

describe("model floor: at least 2 elements of real geometry", () => {
  test("parent-only, empty or missing elements, one cuboid: below", () => {
    expect(isDistinctModel({ parent: "block/cube_all", textures: { all: "x:block/a" } })).toBe(false);
    expect(isDistinctModel({ elements: [] })).toBe(false);
    expect(isDistinctModel({ elements: [element([0, 0, 0], [16, 16, 16])] })).toBe(false);
    expect(isDistinctModel({ elements: "nope" })).toBe(false);
    expect(isDistinctModel([element([0, 0, 0], [1, 1, 1]), element([1, 1, 1], [2, 2, 2])])).toBe(false);
    expect(isDistinctModel(null)).toBe(false);
  });

  test("two boxes, or a box and a flat quad, clear it; a line or malformed element does not count", () => {
    expect(isDistinctModel({ elements: [element([0, 0, 0], [16, 8, 16]), element([4, 8, 4], [12, 16, 12])] })).toBe(
      true,
    );
    expect(isDistinctModel({ elements: [element([0, 0, 0], [16, 8, 16]), element([8, 0, 0], [8, 16, 16])] })).toBe(
      true,
    );
    expect(isDistinctModel({ elements: [element([0, 0, 0], [16, 8, 16]), element([8, 8, 0], [8, 8, 16])] })).toBe(
      false,
    );
    expect(isDistinctModel({ elements: [element([0, 0, 0], [16, 8, 16]), { from: [0, 0], to: [1, 1, 1] }] })).toBe(
      false,
    );
    expect(isDistinctModel({ elements: [element([0, 0, 0], [16, 8, 16]), { from: [0, 0, "1"], to: [1, 1, 1] }] })).toBe(
      false,
    );
  });

  test("through the file API, with unreadable JSON simply below the floor", () => {
    const good = JSON.stringify({ elements: [element([0, 0, 0], [16, 8, 16]), element([4, 8, 4], [12, 16, 12])] });
    expect(isDistinct("m.json", utf8(good))).toBe(true);
    expect(isDistinct("m.json", utf8('{"parent":"item/generated","textures":{"layer0":"x:item/a"}}'))).toBe(false);
    expect(isDistinct("m.json", utf8("{broken"))).toBe(false);
    const deep =
      JSON.stringify({ elements: JSON.parse(good).elements }).slice(0, -1) +
      `,"x":${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    expect(isDistinct("m.json", utf8(deep))).toBe(false); // nests past the stack: not registered, no throw
  });
});

describe("bytes floor and sounds", () => {
  test(`at least ${MIN_BYTES} bytes and not one repeated byte`, () => {
    const varied = (n: number) => new Uint8Array(n).map((_, i) => i);
    expect(isDistinct("a.bin", varied(MIN_BYTES))).toBe(true);
    expect(isDistinct("a.bin", varied(MIN_BYTES - 1))).toBe(false);
    expect(isDistinct("a.bin", new Uint8Array(1000).fill(7))).toBe(false);
  });

  test("sounds are never registered", () => {
    const big = new Uint8Array(4096).map((_, i) => i * 31);
    for (const n of ["s.ogg", "S.OGG", "s.wav", "s.mp3"]) expect(isDistinct(n, big)).toBe(false);
  });
});

describe("originFingerprint", () => {
  test("equals originHash for content above the floor, null below it or when unreadable", () => {
    const bytes = png(stripes(3));
    expect(originFingerprint("t.png", bytes)).toEqual(originHash("t.png", bytes));
    expect(originFingerprint("t.png", png(stripes(1)))).toBeNull();
    expect(originFingerprint("t.png", utf8("garbage"))).toBeNull();
  });
});
