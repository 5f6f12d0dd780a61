import type { Rgba } from "../../media/png.ts";
import { type Lab, labDistance2, rgbToOklab } from "./oklab.ts";

/** A picture's distinct visible colours in OKLab, each weighted by how many pixels have it. */
export interface ColourSample {
  lab: Float64Array; // 3 per colour
  weight: Float64Array;
  count: number;
}

/** Pixels at least half opaque count; fully see-through ones are no part of a picture's look. */
export function sampleColours(img: Rgba): ColourSample {
  const seen = new Map<number, number>();
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i + 3] < 128) continue;
    const key = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  // Sorted keys: the clustering below must not depend on the order pixels were met in.
  const keys = [...seen.keys()].sort((a, b) => a - b);
  const lab = new Float64Array(keys.length * 3);
  const weight = new Float64Array(keys.length);
  keys.forEach((key, i) => {
    lab.set(rgbToOklab((key >> 16) & 255, (key >> 8) & 255, key & 255), i * 3);
    weight[i] = seen.get(key)!;
  });
  return { lab, weight, count: keys.length };
}

export interface Cluster {
  lab: Lab;
  /** Share of the sampled pixels (0..1). */
  share: number;
}

/**
 * Groups colours into at most `k` clusters: median cut to start (split the box holding the most spread
 * along its widest axis at the weighted median), then a few k-means rounds to settle the centres. No
 * randomness, so one picture always gives one palette. Clusters come back darkest first.
 */
export function clusterColours(s: ColourSample, k: number): Cluster[] {
  if (s.count === 0) return [];
  const boxes: number[][] = [Array.from({ length: s.count }, (_, i) => i)];
  while (boxes.length < k) {
    let best = -1;
    let bestAxis = 0;
    let bestScore = 0;
    boxes.forEach((box, b) => {
      if (box.length < 2) return;
      for (let axis = 0; axis < 3; axis++) {
        let lo = Infinity;
        let hi = -Infinity;
        let w = 0;
        for (const i of box) {
          const v = s.lab[i * 3 + axis];
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
          w += s.weight[i];
        }
        const score = (hi - lo) * Math.sqrt(w);
        if (score > bestScore) [best, bestAxis, bestScore] = [b, axis, score];
      }
    });
    if (best < 0 || bestScore < 1e-6) break;
    const box = boxes[best].sort((p, q) => s.lab[p * 3 + bestAxis] - s.lab[q * 3 + bestAxis] || p - q);
    const total = box.reduce((t, i) => t + s.weight[i], 0);
    let acc = 0;
    let cut = 1;
    for (; cut < box.length - 1; cut++) {
      acc += s.weight[box[cut - 1]];
      if (acc >= total / 2) break;
    }
    boxes.splice(best, 1, box.slice(0, cut), box.slice(cut));
  }
  let centres = boxes.map((box) => meanOf(s, box));
  const owner = new Int32Array(s.count);
  for (let round = 0; round < 8; round++) {
    let moved = false;
    for (let i = 0; i < s.count; i++) {
      const p = s.lab.subarray(i * 3, i * 3 + 3);
      let nearest = 0;
      for (let c = 1; c < centres.length; c++)
        if (labDistance2(p, centres[c]) < labDistance2(p, centres[nearest])) nearest = c;
      if (owner[i] !== nearest) {
        owner[i] = nearest;
        moved = true;
      }
    }
    const members: number[][] = centres.map(() => []);
    for (let i = 0; i < s.count; i++) members[owner[i]].push(i);
    centres = members.map((m, c) => (m.length ? meanOf(s, m) : centres[c]));
    if (!moved) break;
  }
  const total = s.weight.reduce((t, w) => t + w, 0);
  const shares = new Float64Array(centres.length);
  for (let i = 0; i < s.count; i++) shares[owner[i]] += s.weight[i] / total;
  return centres
    .map((lab, c) => ({ lab, share: shares[c] }))
    .filter((c) => c.share > 0)
    .sort((p, q) => p.lab[0] - q.lab[0]);
}

function meanOf(s: ColourSample, members: number[]): Lab {
  const out: Lab = [0, 0, 0];
  let w = 0;
  for (const i of members) {
    for (let a = 0; a < 3; a++) out[a] += s.lab[i * 3 + a] * s.weight[i];
    w += s.weight[i];
  }
  return [out[0] / w, out[1] / w, out[2] / w];
}
