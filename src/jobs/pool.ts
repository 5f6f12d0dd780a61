import { DomainError } from "../domain-error.ts";
import type { PoolTask, ProviderSettings, TaskResult } from "../gen/task.ts";

interface Pending {
  id: number;
  task: PoolTask;
  /** Buffers moved to the worker with the task (the caller gives them up). */
  transfer: ArrayBuffer[];
  resolve(r: TaskResult): void;
  reject(e: Error): void;
  timer?: ReturnType<typeof setTimeout>;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  /** Set when the worker says its modules are loaded: a run's time limit must not count the worker's start. */
  ready: boolean;
}

/**
 * Where the worker entry lives. From source: beside this file. In the compiled binary (`bun run build`
 * passes src/jobs/worker.ts as a second entrypoint) it is embedded at jobs/worker.js under the binary's
 * virtual root, which only Bun.main knows: import.meta.url there still names the source tree.
 */
const COMPILED = Bun.main.startsWith("/$bunfs/") || Bun.main.includes("~BUN");
const WORKER_URL = COMPILED
  ? `${Bun.main.slice(0, Bun.main.lastIndexOf("/"))}/jobs/worker.js`
  : new URL("./worker.ts", import.meta.url).href;

/**
 * A fixed pool of Bun workers with a queue in three lanes (see run). The API thread only posts messages, so it never blocks
 * on generation. A task past its time limit, or whose worker dies, is rejected and its worker replaced.
 */
export class WorkerPool {
  private slots: Slot[] = [];
  private calls: Pending[] = [];
  private bulk: Pending[] = [];
  private generations: Pending[] = [];
  /** Whose turn it is when both bulk checks and generations wait. */
  private bulkTurn = false;
  private nextId = 1;
  private closed = false;

  constructor(
    readonly size: number,
    private provider: ProviderSettings,
    private runTimeoutMs: number,
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  /**
   * Queues a task. Three lanes: file checks a request is waiting on (an upload, a preview) go first; bulk checks
   * (a pack check's slices, an import's files) and generations take turns, so a generation waits behind at most
   * one bulk slice however many checks are queued. A task whose `signal` aborts while it waits leaves the queue.
   */
  run(task: PoolTask, transfer: ArrayBuffer[] = [], signal?: AbortSignal): Promise<TaskResult> {
    if (this.closed) return Promise.reject(new Error("the generation pool is shut down"));
    if (signal?.aborted) return Promise.reject(callerGone());
    return new Promise((resolve, reject) => {
      const job: Pending = { id: this.nextId++, task, transfer, resolve, reject };
      const lane = this.laneOf(task);
      lane.push(job);
      signal?.addEventListener(
        "abort",
        () => {
          const i = lane.indexOf(job);
          if (i < 0) return;
          lane.splice(i, 1);
          reject(callerGone());
        },
        { once: true },
      );
      this.pump();
    });
  }

  private laneOf(task: PoolTask): Pending[] {
    if (task.op !== "call") return this.generations;
    return task.lane === "bulk" ? this.bulk : this.calls;
  }

  /** The next task to run: waiting requests first, then bulk checks and generations in turn. */
  private next(): Pending | undefined {
    if (this.calls.length) return this.calls.shift();
    const bulkFirst = this.bulkTurn ? this.bulk.length > 0 : !this.generations.length;
    this.bulkTurn = !bulkFirst;
    return bulkFirst ? this.bulk.shift() : this.generations.shift();
  }

  get busy(): number {
    return this.slots.filter((s) => s.busy).length + this.calls.length + this.bulk.length + this.generations.length;
  }

  /** Terminates the worker running this task (an operator's kill, and how tests simulate a crash). */
  killRunning(): boolean {
    const slot = this.slots.find((s) => s.busy);
    if (!slot) return false;
    this.replace(slot, new Error("the generation worker died"));
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of [...this.calls, ...this.bulk, ...this.generations])
      p.reject(new Error("the server is shutting down"));
    this.calls = [];
    this.bulk = [];
    this.generations = [];
    for (const s of this.slots) {
      if (s.busy) {
        clearTimeout(s.busy.timer);
        s.busy.reject(new Error("the server is shutting down"));
      }
      s.worker.terminate();
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_URL), busy: null, ready: false };
    slot.worker.onmessage = (
      event: MessageEvent<{ id: number; ok: boolean; result?: TaskResult; error?: string; ready?: boolean }>,
    ) => {
      if (event.data.ready) {
        slot.ready = true;
        this.pump();
        return;
      }
      const job = slot.busy;
      if (!job || job.id !== event.data.id) return;
      clearTimeout(job.timer);
      slot.busy = null;
      if (event.data.ok) job.resolve(event.data.result!);
      else job.reject(new Error(event.data.error ?? "generation failed"));
      this.pump();
    };
    slot.worker.onerror = (event) =>
      this.replace(
        slot,
        new Error(`the generation worker crashed: ${(event as ErrorEvent).message ?? "unknown error"}`),
      );
    slot.worker.addEventListener("close", () => {
      if (!this.closed && this.slots.includes(slot)) this.replace(slot, new Error("the generation worker exited"));
    });
    return slot;
  }

  private replace(slot: Slot, reason: Error) {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    const job = slot.busy;
    slot.busy = null;
    this.slots.splice(i, 1);
    slot.worker.terminate();
    if (job) {
      clearTimeout(job.timer);
      job.reject(reason);
    }
    if (this.closed) return;
    // A worker that dies while idle (e.g. its module fails to load) is replaced after a pause, so a
    // broken build shows up as failed jobs and a log line, not as a spawn loop eating the CPU.
    if (job) {
      this.slots.push(this.spawn());
      this.pump();
    } else {
      console.error(`generation worker died while idle: ${reason.message}; starting another in 1 s`);
      setTimeout(() => {
        if (this.closed) return;
        this.slots.push(this.spawn());
        this.pump();
      }, 1000).unref?.();
    }
  }

  private pump() {
    for (const slot of this.slots) {
      if (slot.busy || !slot.ready) continue;
      const job = this.next();
      if (!job) return;
      slot.busy = job;
      job.timer = setTimeout(
        () => this.replace(slot, new Error(`the run passed its ${duration(this.runTimeoutMs)} limit and was stopped`)),
        this.runTimeoutMs,
      );
      slot.worker.postMessage({ id: job.id, task: job.task, provider: this.provider }, job.transfer);
    }
  }
}

/** A refusal, not a failure: nobody is left to read it, and it must not be logged as a crash. */
const callerGone = () => new DomainError("invalid_request", "the caller went away; its queued work was dropped");

const duration = (ms: number) => (ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} minute` : `${ms / 1000} s`);
