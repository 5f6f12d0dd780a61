import type { TestServer } from "./server.ts";

/** Polls a job until it leaves `generating` (or the time runs out) and returns its final body. */
export async function waitJob(ts: TestServer, key: string, job: string, timeoutMs = 20_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await ts.call("GET", `/v1/jobs/${encodeURIComponent(job)}`, { key });
    const body = (await res.json()) as any;
    if (res.status !== 200) throw new Error(`job ${job}: ${res.status} ${JSON.stringify(body)}`);
    if (body.status !== "generating") return body;
    if (Date.now() > until) throw new Error(`job ${job} still generating after ${timeoutMs} ms`);
    await Bun.sleep(25);
  }
}

/** Balance and ledger sum of an account, straight from sqlite. */
export async function credits(
  ts: TestServer,
  accountId: number,
): Promise<{ balance: number; ledger: number; rows: number }> {
  const db = ts.svc.db;
  const balance = ((await db.get("SELECT credits FROM accounts WHERE id = ?", [accountId])) as any).credits;
  const l = (await db.get("SELECT coalesce(sum(delta),0) AS s, count(*) AS n FROM credit_ledger WHERE account_id = ?", [
    accountId,
  ])) as any;
  return { balance, ledger: l.s, rows: l.n };
}

export async function newPack(
  ts: TestServer,
  key: string,
  name = "Test Pack",
  minecraftVersion?: string,
): Promise<string> {
  const res = await ts.call("POST", "/v1/packs", {
    key,
    body: { name, ...(minecraftVersion ? { minecraftVersion } : {}) },
  });
  const body = (await res.json()) as any;
  if (res.status !== 201) throw new Error(`create pack: ${res.status} ${JSON.stringify(body)}`);
  return body.pack.slug;
}
