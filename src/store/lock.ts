/**
 * One server per data folder: `serve` takes `packsmith.lock` and removes it when it stops. A second server on
 * the same folder is refused with the first one's address; a lock left by a process that no longer runs (a
 * crash, kill -9) is taken over. Admin commands take no lock: they share the folder through sqlite's own locking.
 *
 * The lock is a symbolic link whose target holds the owner ("pid port host"), as Firefox's profile lock is: it is
 * made atomically and exclusively (EEXIST), and a short link's target lives in the inode, so the lock can be
 * taken on a disk with no free block, where a server must still start and serve reads (issue 13).
 */
import { lstatSync, readlinkSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";

export class FolderInUse extends Error {
  override name = "FolderInUse";
}

export interface LockInfo {
  pid: number;
  port: number;
  host: string;
}

export const lockPath = (dataDir: string) => join(dataDir, "packsmith.lock");

const encode = (l: LockInfo) => `${l.pid} ${l.port} ${l.host}`;

/** Who holds the folder's lock, or null when nobody does (or the link is not one of ours). */
export function readLock(dataDir: string): LockInfo | null {
  let target: string;
  try {
    target = readlinkSync(lockPath(dataDir));
  } catch {
    return null;
  }
  const m = /^(\d+) (\d+) (\S+)$/.exec(target);
  return m ? { pid: Number(m[1]), port: Number(m[2]), host: m[3] } : null;
}

/** Whether anything (a link of ours, an older lock file, debris) sits at the lock's path. */
export const lockPresent = (dataDir: string) => {
  try {
    lstatSync(lockPath(dataDir));
    return true;
  } catch {
    return false;
  }
};

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
  const path = lockPath(dataDir);
  const mine = (p: number, h: string): LockInfo => ({ pid: process.pid, port: p, host: h });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      symlinkSync(encode(mine(port, host)), path);
      let released = false;
      return {
        listening: (h, p) => {
          // A new link renamed over the old one: readers see the old owner line or the new, never none.
          const next = `${path}.${process.pid}`;
          rmSync(next, { force: true });
          symlinkSync(encode(mine(p, h)), next);
          renameSync(next, path);
        },
        release: () => {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const held = readLock(dataDir);
      if (held && (held.pid === process.pid || alive(held.pid)))
        throw new FolderInUse(
          `another packsmith (pid ${held.pid}, http://${held.host}:${held.port}) already serves ${dataDir}; stop it or use another --data`,
        );
      rmSync(path, { force: true }); // stale: its process is gone (or a lock file from an older version)
    }
  }
  throw new FolderInUse(`could not take the lock ${path}`);
}
