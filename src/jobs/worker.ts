/// <reference lib="webworker" />
import { runTask } from "../gen/run.ts";
import type { PoolTask, ProviderSettings } from "../gen/task.ts";

/**
 * A generation worker: takes one task at a time from the pool and answers with the bytes (transferred,
 * not copied) or an error message. It also runs the file checks too heavy for the API thread (op "call"),
 * loaded on the first such task: a worker that only generates starts as fast as before (a run's time limit
 * counts from when the task is posted, so a slow start would eat into it). Crashes are the pool's problem:
 * it fails the job and starts a new worker.
 */
const runCall = async (fn: string, args: unknown) => (await import("../files/off-thread.ts")).runCall(fn, args);
declare const self: Worker;

self.onmessage = async (event: MessageEvent<{ id: number; task: PoolTask; provider: ProviderSettings }>) => {
  const { id, task, provider } = event.data;
  try {
    const result = task.op === "call" ? await runCall(task.fn, task.args) : await runTask(task, provider);
    const transfer = [
      ...new Set([result.main.buffer, ...Object.values(result.textures ?? {}).map((t) => t.buffer)]),
    ] as ArrayBuffer[];
    self.postMessage({ id, ok: true, result }, transfer);
  } catch (e) {
    self.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
};

// Loaded: from now on a posted task's time limit measures its run alone.
self.postMessage({ ready: true });
