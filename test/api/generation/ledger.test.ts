/**
 * The ledger under a burst: many generation calls at once from an account that can pay for only some.
 * Acceptance takes the row and the charge in one immediate transaction, so exactly as many as the
 * credits allow get in, no more, and the balance always equals the ledger's sum.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { credits, newPack, waitJob } from "../../support/jobs.ts";
import { assetCount, generate, type Endpoint } from "../../support/generation.ts";

let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

// Every one of these costs 1 credit by default, so 25 credits buy exactly 25 of them.
const BODIES: [Endpoint, (i: number) => Record<string, unknown>][] = [
  ["textures", (i) => ({ prompt: "granite", size: 32, mode: "custom", description: `granite ${i}`, seed: i })],
  ["items", (i) => ({ prompt: "ruby ring", name: `ring ${i}`, seed: i })],
  ["icons", (i) => ({ prompt: "star", name: `star ${i}`, seed: i })],
  ["sounds", (i) => ({ prompt: "coin", event: `mypack:coin.c${i}`, durationSeconds: 0.2, seed: i })],
];

test("40 concurrent generations with 25 credits: 25 accepted, 15 refused, balance 0 and equal to the ledger", async () => {
  const a = await ts.account("burst", { credits: 25 });
  const pack = await newPack(ts, a.key, "Burst");
  for (const op of ["texture", "item", "icon", "sound"] as const) expect(ts.svc.config.costs[op]).toBe(1);
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => {
      const [endpoint, body] = BODIES[i % BODIES.length];
      return generate(ts, a.key, pack, endpoint, body(i));
    }),
  );
  const accepted = answers.filter((r) => r.status === 202);
  const refused = answers.filter((r) => r.status !== 202);
  expect(accepted.length).toBe(25);
  expect(refused.length).toBe(15);
  for (const r of refused) {
    expect(r.status).toBe(402);
    expect(r.body.error.code).toBe("insufficient_credits");
  }
  const c = await credits(ts, a.id);
  expect(c.balance).toBe(0);
  expect(c.ledger).toBe(c.balance);
  expect(c.rows).toBe(1 + 25); // the grant, then one charge per accepted job
  expect(await assetCount(ts, pack)).toBe(25);
  expect(new Set(accepted.map((r) => r.body.job)).size).toBe(25);

  const finals = await Promise.all(accepted.map((r) => waitJob(ts, a.key, r.body.job, 60_000)));
  expect(finals.map((j) => j.status)).toEqual(Array(25).fill("ready"));
  // Nothing failed, so nothing was refunded: the books still balance at zero.
  expect(await credits(ts, a.id)).toEqual({ balance: 0, ledger: 0, rows: 26 });
});

test("a burst across two packs of the same account shares one balance", async () => {
  const a = await ts.account("split", { credits: 10 });
  const packs = [await newPack(ts, a.key, "Split A"), await newPack(ts, a.key, "Split B")];
  const answers = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      generate(ts, a.key, packs[i % 2], "items", { prompt: "apple", name: `apple ${i}`, seed: i }),
    ),
  );
  expect(answers.filter((r) => r.status === 202).length).toBe(10);
  expect(answers.filter((r) => r.status === 402).length).toBe(14);
  expect((await assetCount(ts, packs[0])) + (await assetCount(ts, packs[1]))).toBe(10);
  const c = await credits(ts, a.id);
  expect(c).toEqual({ balance: 0, ledger: 0, rows: 11 });
});
