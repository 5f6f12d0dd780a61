/// <reference lib="webworker" />
import { runTask } from "./run.ts";
import type { ProviderSettings, Task } from "./task.ts";

/**
 * A generation worker: takes one task at a time from the pool and answers with the bytes (transferred,
 * not copied) or an error message. Crashes are the pool's problem: it fails the job and starts a new worker.
 */
declare const self: Worker;

self.onmessage = async (event: MessageEvent<{ id: number; task: Task; provider: ProviderSettings }>) => {
  const { id, task, provider } = event.data;
  try {
    const result = await runTask(task, provider);
    const transfer = [
      ...new Set([result.main.buffer, ...Object.values(result.textures ?? {}).map((t) => t.buffer)]),
    ] as ArrayBuffer[];
    self.postMessage({ id, ok: true, result }, transfer);
  } catch (e) {
    self.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
};
