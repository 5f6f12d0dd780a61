import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { startTestServer, type TestServer } from "../support/server.ts";
import { MAX_WAIT_HANDLES } from "../../src/ops/wait.ts";
import {
  callTool,
  connectMcp,
  credits,
  errorOf,
  readsLeft,
  settle,
  toolErrorCode,
  toolOk,
  until,
} from "../support/mcp.ts";
import { heldSettings, startHeldProvider, type HeldProvider } from "./provider.ts";

/**
 * wait_for_job against jobs whose finishing the test controls: texture jobs go to a held stand-in
 * provider and finish when the test opens their gate; sounds stay procedural and finish at once.
 */

let provider: HeldProvider;
let ts: TestServer;
beforeAll(async () => {
  provider = startHeldProvider();
  ts = await startTestServer(heldSettings(provider));
});
afterAll(async () => {
  provider.close();
  await ts.close();
});

async function setup(name: string, opts: { credits?: number } = {}) {
  const a = await ts.account(name, opts);
  const client = await connectMcp(ts, a.mcpKey);
  const pack = (await toolOk(client, "create_pack", { name })).pack.slug;
  const texture = async (word: string) =>
    (
      await toolOk(client, "generate_texture", {
        pack,
        prompt: `${word} ${name}`,
        size: 16,
        mode: "custom",
        description: word,
        seed: 1,
      })
    ).job as string;
  const sound = async (event: string) =>
    (await toolOk(client, "generate_sound", { pack, prompt: "soft click", event, seed: 1 })).job as string;
  return { a, client, pack, texture, sound };
}

/** Starts a wait and records whether it has answered yet. */
function startWait(client: Client, args: Record<string, unknown>) {
  const w = { settled: false, result: null as Promise<any> | null };
  w.result = toolOk(client, "wait_for_job", args).finally(() => (w.settled = true));
  return w;
}

describe("waiting for several jobs", () => {
  test("answers once the last of several jobs finishes, with every job's final state in handle order", async () => {
    const { client, texture, sound } = await setup("several");
    const amber = await texture("amber");
    const basalt = await texture("basalt");
    const cobalt = await texture("cobalt");
    const click = await sound("packsmith:click");
    await Promise.all(["amber several", "basalt several", "cobalt several"].map((w) => provider.arrived(w)));
    const all = startWait(client, { jobs: [amber, basalt, cobalt, click], timeoutSeconds: 50 });

    provider.open("amber several");
    // A second, concurrent wait on one handle answers as soon as that one is done.
    const first = await toolOk(client, "wait_for_job", { jobs: [amber], timeoutSeconds: 50 });
    expect(first).toMatchObject({ done: true, pending: [], jobs: [{ job: amber, status: "ready", error: null }] });
    expect(all.settled).toBe(false);

    provider.open("basalt several", "fail");
    const second = await toolOk(client, "wait_for_job", { jobs: [basalt], timeoutSeconds: 50 });
    expect(second.jobs[0]).toMatchObject({ job: basalt, status: "error" });
    expect(all.settled).toBe(false);

    provider.open("cobalt several");
    const done = await all.result;
    expect(done.done).toBe(true);
    expect(done.pending).toEqual([]);
    expect(done.jobs.map((j: any) => [j.job, j.status])).toEqual([
      [amber, "ready"],
      [basalt, "error"],
      [cobalt, "ready"],
      [click, "ready"],
    ]);
    // Each final state is what get_job answers.
    for (const j of done.jobs) expect(await toolOk(client, "get_job", { job: j.job })).toEqual(j);
    expect(done.jobs[1].error).toContain("provider");
    await client.close();
  }, 30_000);

  test("jobs already finished answer at once", async () => {
    const { client, sound } = await setup("finished");
    const jobs = [await sound("packsmith:one"), await sound("packsmith:two")];
    await settle(client, jobs);
    const r = await toolOk(client, "wait_for_job", { jobs, timeoutSeconds: 50 });
    expect(r.done).toBe(true);
    expect(r.jobs.map((j: any) => j.status)).toEqual(["ready", "ready"]);
    await client.close();
  }, 30_000);
});

describe("timeouts", () => {
  test("a timeout names the handles still running; calling again loses nothing and charges nothing", async () => {
    const { a, client, texture, sound } = await setup("timeout");
    const slow = await texture("dolomite");
    const quick = await sound("packsmith:quick");
    await provider.arrived("dolomite timeout");
    await settle(client, [quick]);
    const before = await credits(ts, a.id);

    const timedOut = await toolOk(client, "wait_for_job", { jobs: [quick, slow], timeoutSeconds: 1 });
    expect(timedOut.done).toBe(false);
    expect(timedOut.pending).toEqual([slow]);
    expect(timedOut.jobs.map((j: any) => [j.job, j.status])).toEqual([
      [quick, "ready"],
      [slow, "generating"],
    ]);

    const again = await toolOk(client, "wait_for_job", { jobs: timedOut.pending, timeoutSeconds: 1 });
    expect(again).toMatchObject({ done: false, pending: [slow] });
    expect(await credits(ts, a.id)).toBe(before);

    provider.open("dolomite timeout");
    const finished = await toolOk(client, "wait_for_job", { jobs: again.pending });
    expect(finished).toMatchObject({ done: true, pending: [], jobs: [{ job: slow, status: "ready" }] });
    expect(await credits(ts, a.id)).toBe(before);
    const [, kind, name] = slow.split(":");
    const file = await callTool(client, "get_asset_file", { pack: slow.split(":")[0], kind, name });
    expect(file.content[0].type).toBe("image");
    await client.close();
  }, 30_000);
});

describe("pacing against the read budget", () => {
  test("each wake spends one read until half the budget is left, then none; the caller keeps that half", async () => {
    const small = await startTestServer({ ...heldSettings(provider), "rate-reads": "6" });
    try {
      const a = await small.account("pacing");
      const client = await connectMcp(small, a.mcpKey);
      const pack = (await toolOk(client, "create_pack", { name: "Paced" })).pack.slug;
      const words = ["garnet", "jasper", "onyx", "topaz"].map((w) => `${w} paced`);
      const jobs: string[] = [];
      for (const w of words)
        jobs.push(
          (await toolOk(client, "generate_texture", { pack, prompt: w, size: 16, mode: "custom", description: w })).job,
        );
      await Promise.all(words.map((w) => provider.arrived(w)));
      const left = () => readsLeft(small, a.id);
      expect(await left()).toBe(6);

      const wait = startWait(client, { jobs, timeoutSeconds: 50 });
      await until("the wait is admitted (one read)", async () => (await left()) <= 5);
      provider.open(words[0]);
      await until("the first completion wakes the wait (one read)", async () => (await left()) <= 4);
      provider.open(words[1]);
      await until("the second wakes it (one read)", async () => (await left()) <= 3);
      provider.open(words[2]);
      provider.open(words[3]);
      const done = await wait.result;
      expect(done.done).toBe(true);
      expect(await left()).toBe(3);
      for (let i = 0; i < 3; i++) await toolOk(client, "list_packs");
      expect(await toolErrorCode(client, "list_packs")).toBe("rate_limited");
      await client.close();
    } finally {
      await small.close();
    }
  }, 30_000);
});

describe("refusals come at once, before any waiting", () => {
  test("bad handles, foreign packs and bad arguments", async () => {
    const { client, pack, texture } = await setup("refusals");
    const other = await setup("refusals-other");
    const held = await texture("pumice");
    const code = (args: Record<string, unknown>) => toolErrorCode(client, "wait_for_job", args);
    // Each of these would otherwise wait the 30 s default while `held` runs, past this test's time limit.
    expect(await code({ jobs: [held, `${pack}:texture:nope`] })).toBe("job_not_found");
    expect(await code({ jobs: [held, "not a handle"] })).toBe("invalid_job_handle");
    expect(await code({ jobs: [held, `${pack}:shader:x`] })).toBe("invalid_job_handle");
    expect(await code({ jobs: [held, `${other.pack}:texture:x`] })).toBe("not_found");
    expect(await code({ jobs: [held, "no-such-pack:texture:x"] })).toBe("not_found");
    expect(await code({ jobs: [held, `${pack}:import`] })).toBe("job_not_found");
    expect(await code({ jobs: [] })).toBe("invalid_request");
    expect(await code({ jobs: Array(MAX_WAIT_HANDLES + 1).fill(held) })).toBe("invalid_request");
    expect(await code({ jobs: [held], timeoutSeconds: 0 })).toBe("invalid_request");
    const over = errorOf(
      await callTool(client, "wait_for_job", { jobs: [held], timeoutSeconds: ts.svc.config.mcp.waitMaxSeconds + 1 }),
    );
    expect(over.code).toBe("invalid_request");
    expect(over.message).toContain(`${ts.svc.config.mcp.waitMaxSeconds}`);
    expect(await code({ jobs: [held], extra: 1 })).toBe("invalid_request");
    expect(await code({ jobs: held })).toBe("invalid_request");
    expect(await code({})).toBe("invalid_request");
    // The maximum number of handles is accepted.
    const max = await toolOk(client, "wait_for_job", { jobs: Array(MAX_WAIT_HANDLES).fill(held), timeoutSeconds: 1 });
    expect(max.pending).toHaveLength(MAX_WAIT_HANDLES);
    provider.open("pumice refusals");
    await Promise.all([client.close(), other.client.close()]);
  }, 30_000);
});
