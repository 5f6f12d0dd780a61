/**
 * Fitting converted geometry into the block-model box: entity-sized projects (a golem is 64 px
 * tall) overflow the -16..32 range the game allows, so the whole model is scaled down uniformly and
 * recentred (with a warning) rather than refused.
 */
export type Vec3 = [number, number, number];

const LO = -16;
const HI = 32;
const round = (n: number) => Math.round(n * 10000) / 10000;

export function bounds(elements: Record<string, any>[]): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const el of elements)
    for (let i = 0; i < 3; i++) {
      min[i] = Math.min(min[i], el.from[i], el.to[i]);
      max[i] = Math.max(max[i], el.from[i], el.to[i]);
    }
  return { min, max };
}

/** Scales and moves the elements in place when they leave -16..32; returns the final bounds. */
export function placeElements(elements: Record<string, any>[], warn: (w: string) => void): { min: Vec3; max: Vec3 } {
  const b = bounds(elements);
  if (b.min.every((n) => n >= LO) && b.max.every((n) => n <= HI)) return b;
  const extent = Math.max(...[0, 1, 2].map((i) => b.max[i] - b.min[i]));
  const s = Math.min(1, (HI - LO) / extent);
  // Centre on the block in x/z; stand on y = 0 when it fits, otherwise use the whole height range.
  const shift = (v: number, i: number): number => {
    const size = (b.max[i] - b.min[i]) * s;
    if (i === 1) {
      const base = size <= HI ? 0 : LO;
      return round(base + (v - b.min[1]) * s);
    }
    return round(8 + (v - (b.min[i] + b.max[i]) / 2) * s);
  };
  const map = (v: number[]): Vec3 => v.map((n, i) => shift(n, i)) as Vec3;
  for (const el of elements) {
    el.from = map(el.from);
    el.to = map(el.to);
    if (el.rotation?.origin) el.rotation.origin = map(el.rotation.origin);
  }
  warn(
    s < 1
      ? `the model spans ${round(extent)} px, more than the 48 px a block model may use; scaled by ${round(s)} and centred on the block`
      : `the model sat outside the -16..32 range a block model may use; moved onto the block`,
  );
  return bounds(elements);
}
