/**
 * One server per data folder: `serve` takes `packsmith.lock` (pid, host, port) with an exclusive create and
 * removes it when it stops. A second server on the same folder is refused with the first one's address; a
 * lock left by a process that no longer runs (a crash, kill -9) is taken over. Admin commands take no lock:
 * they share the folder through sqlite's own locking.
 */
import { openSync, readFileSync, rmSync, writeFileSync, closeSync } from "node:fs";
import { join } from "node:path";

export class FolderInUse extends Error {
  override name = "FolderInUse";
}

interface LockInfo {
  pid: number;
  host: string;
  port: number;
  startedAt: string;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

export interface FolderLock {
  /** Records the port once the server listens. */
  listening(host: string, port: number): void;
  release(): void;
}

export function lockDataFolder(dataDir: string, host: string, port: number): FolderLock {
  const path = join(dataDir, "packsmith.lock");
  const info = (p: number): LockInfo => ({ pid: process.pid, host, port: p, startedAt: new Date().toISOString() });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeFileSync(fd, JSON.stringify(info(port)));
      closeSync(fd);
      let released = false;
      return {
        listening: (h, p) => writeFileSync(path, JSON.stringify({ ...info(p), host: h })),
        release: () => {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      let held: Partial<LockInfo> = {};
      try {
        held = JSON.parse(readFileSync(path, "utf8"));
      } catch {
        // Half written or damaged: treat like a lock of a dead process.
      }
      if (held.pid && held.pid !== process.pid ? alive(held.pid) : held.pid === process.pid)
        throw new FolderInUse(
          `another packsmith (pid ${held.pid}, http://${held.host}:${held.port}) already serves ${dataDir}; stop it or use another --data`,
        );
      rmSync(path, { force: true }); // stale: its process is gone
    }
  }
  throw new FolderInUse(`could not take the lock ${path}`);
}
