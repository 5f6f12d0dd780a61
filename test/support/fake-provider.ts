import { encodePng, newRgba } from "../../src/media/png.ts";

/**
 * A stand-in for an external OpenAI-compatible image endpoint on loopback (the one thing DESIGN.md lets
 * tests fake). `mode` decides how it answers; `hits` counts calls.
 */
export interface FakeProvider {
  url: string;
  hits: number;
  mode: "ok" | "fail" | "slow" | "garbage";
  delayMs: number;
  stop(): void;
}

/** A 64x64 picture: a red square on a white background, so sprite post-processing has something to cut out. */
function picture(): Uint8Array {
  const img = newRgba(64, 64);
  for (let y = 0; y < 64; y++)
    for (let x = 0; x < 64; x++) {
      const inside = x > 16 && x < 48 && y > 16 && y < 48;
      img.data.set(inside ? [200, 30 + ((x * 3) & 31), 40, 255] : [255, 255, 255, 255], (y * 64 + x) * 4);
    }
  return encodePng(img);
}

export function startFakeProvider(): FakeProvider {
  const png = Buffer.from(picture()).toString("base64");
  const state: FakeProvider = { url: "", hits: 0, mode: "ok", delayMs: 2000, stop: () => server.stop(true) };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      state.hits++;
      if (new URL(req.url).pathname !== "/v1/images/generations") return new Response("no", { status: 404 });
      if (state.mode === "fail") return new Response("upstream exploded", { status: 500 });
      if (state.mode === "slow") await Bun.sleep(state.delayMs);
      if (state.mode === "garbage") return Response.json({ data: [{ b64_json: "bm90IGEgcG5n" }] });
      return Response.json({ created: 1, data: [{ b64_json: png }] });
    },
  });
  state.url = `http://127.0.0.1:${server.port}/v1`;
  return state;
}
