import { describe, expect, test } from "bun:test";
import { encodePng, newRgba } from "../../src/media/png.ts";
import { hashPixels, originForm, originHash } from "../../src/origin/hash.ts";
import { encodeFixture } from "../support/png-fixture.ts";
import { apiErrorOf } from "../support/api-error.ts";

const sha = (...parts: (string | Uint8Array)[]) => {
  const h = new Bun.CryptoHasher("sha256");
  for (const p of parts) h.update(p);
  return h.digest("hex");
};
const utf8 = (s: string) => new TextEncoder().encode(s);

describe("originForm", () => {
  test("by extension, case-insensitive", () => {
    for (const n of ["a.png", "B.PNG", "dir/x.Png"]) expect(originForm(n)).toBe("png");
    for (const n of ["m.json", "M.JSON", "assets/x/models/item/a.Json"]) expect(originForm(n)).toBe("json");
    for (const n of ["pack.mcmeta", "a.png.txt", "png", "sounds/x.ogg", "dir.png/file", "a.jsonc", ""])
      expect(originForm(n)).toBe("bytes");
  });
});

describe("originHash", () => {
  test("png: domain line, size line, RGBA with invisible pixels zeroed", () => {
    const img = newRgba(2, 1);
    img.data.set([10, 20, 30, 255, 99, 98, 97, 0]);
    const want = sha("packsmith/v1/png\n2x1\n", new Uint8Array([10, 20, 30, 255, 0, 0, 0, 0]));
    expect(originHash("a.png", encodePng(img))).toEqual({ hash: want, form: "png" });
    expect(originHash("A.PNG", encodePng(img)).hash).toBe(want);
    expect(hashPixels(img)).toBe(want);
    expect(img.data[4]).toBe(99); // the caller's pixels are not touched
  });

  test("png: what the picture shows decides, not how it was stored", () => {
    // Grey 8-bit 2x1 and the same pixels as RGBA8.
    const grey = encodeFixture({ width: 2, height: 1, colorType: 0, bitDepth: 8, samples: [0, 200] });
    const rgba = newRgba(2, 1);
    rgba.data.set([0, 0, 0, 255, 200, 200, 200, 255]);
    expect(originHash("g.png", grey).hash).toBe(originHash("c.png", encodePng(rgba)).hash);
  });

  test("json: canonical text under its own domain line", () => {
    const text = '{ "b": [1, 2.0000001], "a": "é" }';
    expect(originHash("m.json", utf8(text))).toEqual({
      hash: sha('packsmith/v1/json\n{"a":"é","b":[1,2]}'),
      form: "json",
    });
    // A leading BOM is dropped, as TextDecoder does.
    expect(originHash("m.json", new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)])).hash).toBe(
      originHash("m.json", utf8(text)).hash,
    );
  });

  test("bytes: the file unchanged, for every other extension", () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    expect(originHash("x.bin", bytes)).toEqual({ hash: sha("packsmith/v1/bytes\n", bytes), form: "bytes" });
    // A PNG under a non-PNG name is just bytes.
    const png = encodePng(newRgba(1, 1));
    expect(originHash("x.dat", png).hash).toBe(sha("packsmith/v1/bytes\n", png));
  });

  test("the three domain lines keep forms apart even for identical input bytes", () => {
    const text = utf8("[1]");
    expect(new Set([originHash("a.json", text).hash, originHash("a.txt", text).hash]).size).toBe(2);
  });

  test("unreadable files are refused with invalid_request and a clear message", () => {
    expect(apiErrorOf(() => originHash("a.png", utf8("not a png"))).errorCode).toBe("invalid_request");
    expect(apiErrorOf(() => originHash("a.png", utf8("not a png"))).message).toContain("a.png: not a PNG");
    expect(apiErrorOf(() => originHash("m.json", utf8("{nope"))).message).toContain("m.json is not valid UTF-8 JSON");
    expect(apiErrorOf(() => originHash("m.json", new Uint8Array([0x22, 0xff, 0x22]))).errorCode).toBe(
      "invalid_request",
    );
    expect(apiErrorOf(() => originHash("m.json", utf8("NaN"))).errorCode).toBe("invalid_request");
    const deep = utf8(`{"x":${"[".repeat(200_000)}${"]".repeat(200_000)}}`);
    expect(apiErrorOf(() => originHash("m.json", deep)).message).toBe("m.json nests too deeply to hash");
  });
});
