import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  accepted,
  b64,
  distinctImage,
  downloadPng,
  png,
  pixel,
  refused,
  row,
  startEnv,
  type Env,
} from "../../support/uploads.ts";
import { ihdrChunk, pngChunk, PNG_SIGNATURE } from "../../support/png-fixture.ts";
import { zlibSync } from "fflate";

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env.ts.close());

const file = (bytes: Uint8Array) => ({ base64: b64(bytes) });
const image = (w: number, h: number) => file(png(w, h));

describe("block", () => {
  test("1x1 and 256x256 are accepted as sent, pixel for pixel", async () => {
    for (const edge of [1, 256]) {
      const a = await accepted(env, { type: "block", name: `edge ${edge}`, file: image(edge, edge) });
      expect(a).toMatchObject({ type: "block", kind: "texture", name: `edge_${edge}` });
      const got = await downloadPng(env, "texture", a.name);
      expect(got.width).toBe(edge);
      expect(got.data).toEqual(distinctImage(edge, edge).data);
      expect(await row(env, "texture", a.name)).toMatchObject({
        source: "uploaded",
        status: "ready",
        type: "block",
        meta: { size: edge },
      });
    }
  });

  test("257x257 and non-square images are refused and say to send size", async () => {
    expect(await refused(env, { type: "block", name: "big", file: image(257, 257) }, "invalid_request")).toContain(
      "1 to 256",
    );
    const msg = await refused(env, { type: "block", name: "tall", file: image(16, 17) }, "invalid_request");
    expect(msg).toContain("square");
    expect(msg).toContain("16x17");
    expect(msg).toContain("size");
  });

  test("a 0x0 image cannot exist: a PNG whose header says 0 wide is refused as unusable", async () => {
    const zeroWide = concat(
      PNG_SIGNATURE,
      ihdrChunk(0, 0, 8, 6),
      pngChunk("IDAT", zlibSync(new Uint8Array(0))),
      pngChunk("IEND", new Uint8Array(0)),
    );
    expect(await refused(env, { type: "block", name: "zero", file: file(zeroWide) }, "invalid_request")).toContain(
      "not a usable PNG",
    );
  });

  test("a custom block needs name; with target it replaces the vanilla texture under its name", async () => {
    expect(await refused(env, { type: "block", file: image(16, 16) }, "invalid_request")).toContain("needs name");
    const a = await accepted(env, { type: "block", target: "cobblestone", file: image(16, 16) });
    expect(a).toMatchObject({ name: "cobblestone", type: "block" });
    expect((await row(env, "texture", "cobblestone")).target).toBe("cobblestone");
  });

  test("a target that is not a vanilla block texture is refused", async () => {
    expect(
      await refused(env, { type: "block", target: "cobble_stone", file: image(16, 16) }, "invalid_request"),
    ).toContain("not a vanilla block texture");
    await refused(env, { type: "block", target: "diamond_sword", file: image(16, 16) }, "invalid_request");
  });

  test("a second reskin of one target is a conflict; two custom uploads of one name get _2", async () => {
    await accepted(env, { type: "block", target: "dirt", file: image(16, 16) });
    expect(await refused(env, { type: "block", target: "dirt", file: image(32, 32) }, "conflict")).toContain(
      "'dirt' is already replaced",
    );
    const first = await accepted(env, { type: "block", name: "Marble", file: image(16, 16) });
    const second = await accepted(env, { type: "block", name: "Marble", file: image(16, 16) });
    expect([first.name, second.name]).toEqual(["marble", "marble_2"]);
  });

  test("faceSlot replaces one face of a block with per-face textures", async () => {
    const top = await accepted(env, { type: "block", target: "oak_log", faceSlot: "top", file: image(16, 16) });
    expect(top).toMatchObject({ type: "block_face", name: "oak_log_top" });
    const side = await accepted(env, { type: "block", target: "oak_log", faceSlot: "side", file: image(16, 16) });
    expect(side.name).toBe("oak_log"); // a log's side is its base texture
    await refused(env, { type: "block", target: "oak_log", faceSlot: "top", file: image(16, 16) }, "conflict");
    expect(
      await refused(env, { type: "block", target: "stone", faceSlot: "top", file: image(16, 16) }, "invalid_request"),
    ).toContain("no per-face textures");
    expect(
      await refused(env, { type: "block", name: "x", faceSlot: "top", file: image(16, 16) }, "invalid_request"),
    ).toContain("faceSlot");
    await refused(env, { type: "item", target: "apple", faceSlot: "top", file: image(16, 16) }, "invalid_request");
    await refused(env, { type: "block", target: "oak_log", faceSlot: "front", file: image(16, 16) }, "invalid_request");
  });

  test("PNGs are checked by decoding: the bytes decide, not a name", async () => {
    const gif = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
    expect(await refused(env, { type: "block", name: "fake.png", file: file(gif) }, "invalid_request")).toContain(
      "not a usable PNG",
    );
    const good = png(16, 16);
    const truncated = good.subarray(0, good.length - 20);
    await refused(env, { type: "block", name: "cut", file: file(truncated) }, "invalid_request");
    const badCrc = good.slice();
    badCrc[40] ^= 0xff; // inside IDAT
    await refused(env, { type: "block", name: "crc", file: file(badCrc) }, "invalid_request");
    await refused(env, { type: "block", name: "text", file: { text: "\x89PNG not really" } }, "invalid_request");
  });

  test("a palette PNG is decoded and stored as plain RGBA with the same pixels", async () => {
    // 2x2 palette image, 8-bit indices 0,1,2,1
    const plte = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255]);
    const raw = new Uint8Array([0, 0, 1, 0, 2, 1]);
    const bytes = concat(
      PNG_SIGNATURE,
      ihdrChunk(2, 2, 8, 3),
      pngChunk("PLTE", plte),
      pngChunk("IDAT", zlibSync(raw)),
      pngChunk("IEND", new Uint8Array(0)),
    );
    const a = await accepted(env, { type: "block", name: "palette", file: file(bytes) });
    const got = await downloadPng(env, "texture", a.name);
    expect([pixel(got, 0, 0), pixel(got, 1, 0), pixel(got, 0, 1), pixel(got, 1, 1)]).toEqual([
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
      [0, 255, 0, 255],
    ]);
  });
});

describe("item", () => {
  test("edges: 7 refused, 8 ok, 256 ok, 257 refused; stored as item:<name>", async () => {
    expect(await refused(env, { type: "item", name: "seven", file: image(7, 7) }, "invalid_request")).toContain(
      "8 to 256",
    );
    for (const edge of [8, 256]) {
      const a = await accepted(env, { type: "item", name: `gem ${edge}`, file: image(edge, edge) });
      expect(a).toMatchObject({ type: "item", kind: "texture", name: `item:gem_${edge}` });
      expect((await downloadPng(env, "texture", a.name)).data).toEqual(distinctImage(edge, edge).data);
    }
    await refused(env, { type: "item", name: "huge", file: image(257, 257) }, "invalid_request");
    await refused(env, { type: "item", name: "wide", file: image(16, 8) }, "invalid_request");
  });

  test("target must be a vanilla item texture; a second reskin is a conflict", async () => {
    const a = await accepted(env, { type: "item", target: "diamond_sword", file: image(16, 16) });
    expect(a.name).toBe("item:diamond_sword");
    await refused(env, { type: "item", target: "diamond_sword", file: image(16, 16) }, "conflict");
    expect(
      await refused(env, { type: "item", target: "diamond_swrod", file: image(16, 16) }, "invalid_request"),
    ).toContain("not a vanilla item texture");
  });

  test("size below the item minimum is refused (size resamples to an item, which is 8 to 256)", async () => {
    await refused(env, { type: "item", name: "tiny", size: 7, file: image(16, 16) }, "invalid_request");
    const a = await accepted(env, { type: "item", name: "small", size: 8, file: image(3, 5) });
    expect((await downloadPng(env, "texture", a.name)).width).toBe(8);
  });
});

describe("size: nearest-neighbour resampling, pixel exact", () => {
  /** Uploads `src` as a block with `size` and returns the stored image. */
  async function resampled(w: number, h: number, size: number) {
    const a = await accepted(env, { type: "block", name: `rs ${w}x${h} to ${size}`, size, file: image(w, h) });
    const got = await downloadPng(env, "texture", a.name);
    expect([got.width, got.height]).toEqual([size, size]);
    expect((await row(env, "texture", a.name)).meta.size).toBe(size);
    return got;
  }
  /** Checks every output pixel against the source pixel at (cols[x], rows[y]), tables written by hand. */
  function expectPicks(
    got: ReturnType<typeof distinctImage>,
    src: ReturnType<typeof distinctImage>,
    cols: number[],
    rows: number[],
  ) {
    for (let y = 0; y < rows.length; y++)
      for (let x = 0; x < cols.length; x++) expect(pixel(got, x, y)).toEqual(pixel(src, cols[x], rows[y]));
  }

  test("4 -> 8 doubles every pixel into a 2x2 block", async () => {
    const cols = [0, 0, 1, 1, 2, 2, 3, 3];
    expectPicks(await resampled(4, 4, 8), distinctImage(4, 4), cols, cols);
  });

  test("4 -> 2 keeps the pixel under each output pixel's centre", async () => {
    expectPicks(await resampled(4, 4, 2), distinctImage(4, 4), [1, 3], [1, 3]);
  });

  test("3 -> 8 (not a whole factor) repeats source pixels 3, 2, 3 times", async () => {
    const cols = [0, 0, 0, 1, 1, 2, 2, 2];
    expectPicks(await resampled(3, 3, 8), distinctImage(3, 3), cols, cols);
  });

  test("a non-square 16x8 image with size 4 is stretched to a square", async () => {
    expectPicks(await resampled(16, 8, 4), distinctImage(16, 8), [2, 6, 10, 14], [1, 3, 5, 7]);
  });

  test("size 1 and size 256 (the bounds)", async () => {
    expectPicks(await resampled(16, 16, 1), distinctImage(16, 16), [8], [8]);
    const big = await resampled(2, 2, 256);
    const cols = Array.from({ length: 256 }, (_, i) => (i < 128 ? 0 : 1));
    expectPicks(big, distinctImage(2, 2), cols, cols);
  });

  test("no colour is invented: every output pixel is a source pixel", async () => {
    const got = await resampled(37, 53, 100);
    const src = distinctImage(37, 53);
    const colours = new Set<string>();
    for (let i = 0; i < src.data.length; i += 4) colours.add(src.data.subarray(i, i + 4).join());
    for (let i = 0; i < got.data.length; i += 4) expect(colours.has(got.data.subarray(i, i + 4).join())).toBe(true);
  });

  test("size 0 and 257 are refused", async () => {
    await refused(env, { type: "block", name: "s0", size: 0, file: image(16, 16) }, "invalid_request");
    await refused(env, { type: "block", name: "s257", size: 257, file: image(16, 16) }, "invalid_request");
  });
});

describe("icon", () => {
  async function icon(w: number, h: number, extra: Record<string, unknown> = {}) {
    const a = await accepted(env, {
      type: "icon",
      name: `icon ${w}x${h} ${JSON.stringify(extra)}`,
      file: image(w, h),
      ...extra,
    });
    expect(a).toMatchObject({ type: "icon", kind: "font" });
    return { a, got: await downloadPng(env, "font", a.name), meta: (await row(env, "font", a.name)).meta };
  }

  test("kept at its own size when 32 px tall or less", async () => {
    for (const [w, h] of [
      [10, 20],
      [48, 32],
      [1, 1],
    ]) {
      const { got, meta } = await icon(w, h);
      expect([got.width, got.height]).toEqual([w, h]);
      expect(got.data).toEqual(distinctImage(w, h).data);
      expect(meta.height).toBe(h);
    }
  });

  test("33 px tall is scaled to 16 tall, width following the shape", async () => {
    const { got, meta } = await icon(66, 33);
    expect([got.width, got.height, meta.height]).toEqual([32, 16, 16]);
  });

  test("height overrides, 1 to 256; 0 and 257 refused", async () => {
    expect((await icon(10, 20, { height: 1 })).got).toMatchObject({ width: 1, height: 1 });
    const tall = await icon(10, 20, { height: 256 });
    expect([tall.got.width, tall.got.height]).toEqual([128, 256]);
    const doubled = await icon(4, 4, { height: 8 });
    const cols = [0, 0, 1, 1, 2, 2, 3, 3];
    const src = distinctImage(4, 4);
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) expect(pixel(doubled.got, x, y)).toEqual(pixel(src, cols[x], cols[y]));
    await refused(env, { type: "icon", name: "h0", height: 0, file: image(8, 8) }, "invalid_request");
    await refused(env, { type: "icon", name: "h257", height: 257, file: image(8, 8) }, "invalid_request");
  });

  test("an icon scaled wider than an image may be is refused instead of allocating it", async () => {
    expect(
      await refused(env, { type: "icon", name: "banner", height: 256, file: image(1024, 1) }, "invalid_request"),
    ).toContain("wide");
  });

  test("needs name; char is one character (a surrogate pair counts as one)", async () => {
    expect(await refused(env, { type: "icon", file: image(8, 8) }, "invalid_request")).toContain("needs name");
    await refused(env, { type: "icon", name: "two", char: "ab", file: image(8, 8) }, "invalid_request");
    const { meta } = await icon(8, 8, { char: "😀" });
    expect(meta.char).toBe("😀");
  });
});

describe("gui, hud, armor", () => {
  test("gui: 256x256 with a vanilla screen target; 255x256 and 256x255 refused", async () => {
    const a = await accepted(env, { type: "gui", target: "generic_54", file: image(256, 256) });
    expect(a).toMatchObject({ type: "gui", kind: "texture", name: "gui:generic_54" });
    expect((await downloadPng(env, "texture", a.name)).data).toEqual(distinctImage(256, 256).data);
    expect(await refused(env, { type: "gui", target: "furnace", file: image(255, 256) }, "invalid_request")).toContain(
      "256x256",
    );
    await refused(env, { type: "gui", target: "furnace", file: image(256, 255) }, "invalid_request");
  });

  test("gui: target required and must be a container screen; a second sheet for one screen is a conflict", async () => {
    expect(await refused(env, { type: "gui", file: image(256, 256) }, "invalid_request")).toContain("needs target");
    expect(
      await refused(env, { type: "gui", target: "not_a_screen", file: image(256, 256) }, "invalid_request"),
    ).toContain("not_a_screen");
    await refused(env, { type: "gui", target: "generic_54", file: image(256, 256) }, "conflict");
  });

  test("hud: 256x512 (and whole multiples) accepted; other sizes refused", async () => {
    const a = await accepted(env, { type: "hud", name: "my hud", file: image(256, 512) });
    expect(a).toMatchObject({ type: "hud", kind: "texture", name: "hud:my_hud" });
    expect((await row(env, "texture", a.name)).meta.scale).toBe(1);
    const hd = await accepted(env, { type: "hud", name: "hd hud", file: image(512, 1024) });
    expect((await row(env, "texture", hd.name)).meta.scale).toBe(2);
    for (const [w, h] of [
      [256, 256],
      [257, 512],
      [256, 511],
      [384, 768],
      [128, 256],
      [512, 512],
    ])
      expect(await refused(env, { type: "hud", name: "bad", file: image(w, h) }, "invalid_request")).toContain(
        "256x512",
      );
  });

  test("armor: 64x32 for a vanilla set, layer 1 by default; 64x64 refused", async () => {
    const a = await accepted(env, { type: "armor", target: "iron", file: image(64, 32) });
    expect(a).toMatchObject({ type: "armor", kind: "texture", name: "armor:iron_layer_1" });
    expect((await row(env, "texture", a.name)).meta.layer).toBe(1);
    const legs = await accepted(env, { type: "armor", target: "iron", layer: 2, file: image(64, 32) });
    expect(legs.name).toBe("armor:iron_layer_2");
    expect(await refused(env, { type: "armor", target: "diamond", file: image(64, 64) }, "invalid_request")).toContain(
      "64x32",
    );
    await refused(env, { type: "armor", target: "diamond", file: image(32, 64) }, "invalid_request");
    await refused(env, { type: "armor", target: "iron", file: image(64, 32) }, "conflict");
    await refused(env, { type: "armor", target: "iron", layer: 3, file: image(64, 32) }, "invalid_request");
    expect(
      await refused(env, { type: "armor", target: "copper_ingot", file: image(64, 32) }, "invalid_request"),
    ).toContain("vanilla armour set");
    await refused(env, { type: "armor", file: image(64, 32) }, "invalid_request");
  });
});

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
