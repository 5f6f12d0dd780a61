/**
 * Calls per second of `one`, `n` calls with `inFlight` of them running at once, after a warm-up of up to 200
 * calls (prepared statements, JIT). Shared by the store benchmarks.
 */
export async function perSecond(
  n: number,
  inFlight: number,
  one: (i: number) => Promise<unknown> | unknown,
): Promise<number> {
  for (let i = 0; i < Math.min(200, n); i++) await one(i);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < n) await one(next++);
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}
