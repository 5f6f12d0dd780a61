/**
 * Shared by the availability tests (issue 27): big PNGs with real detail, zips of them, and /healthz watched
 * while hostile work runs.
 */
import { encodePng } from "../../src/media/png.ts";

/**
 * A large PNG with real detail (a gradient with a hashed speckle), so its decode costs what a real one does.
 * `flat` makes one colour instead: its data compresses to ~64 KB at 4096², the cheapest file to send.
 */
export function detailedPng(edge: number, seed = 7, flat = false): Uint8Array {
  const data = new Uint8Array(edge * edge * 4);
  if (flat) data.fill(0x80);
  else
    for (let y = 0; y < edge; y++)
      for (let x = 0; x < edge; x++) {
        const i = (y * edge + x) * 4;
        const n = (Math.imul(x * 73856093 + y * 19349663, seed | 1) >>> 24) & 31;
        data[i] = (x >> 4) + n;
        data[i + 1] = (y >> 4) + n;
        data[i + 2] = ((x + y) >> 5) + n;
        data[i + 3] = 255;
      }
  return encodePng({ width: edge, height: edge, data });
}

export const mcmeta = (format = 34) =>
  new TextEncoder().encode(JSON.stringify({ pack: { pack_format: format, description: "hostile" } }));

export interface HealthWatch {
  /** Every /healthz round trip in ms, in order. */
  times: number[];
  max: number;
}

/**
 * Calls /healthz every few milliseconds until `busy` settles (at least `minCalls` times), timing each round
 * trip. The server runs in this process, so a stalled event loop shows as a slow answer here too.
 */
export async function healthWhile(url: string, busy: Promise<unknown>, minCalls = 20): Promise<HealthWatch> {
  let done = false;
  void busy.then(
    () => (done = true),
    () => (done = true),
  );
  const times: number[] = [];
  while (!done || times.length < minCalls) {
    const t = performance.now();
    const res = await fetch(`${url}/healthz`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (!res.ok) throw new Error(`/healthz answered ${res.status}`);
    await Bun.sleep(2);
  }
  await busy;
  return { times, max: Math.max(...times) };
}
