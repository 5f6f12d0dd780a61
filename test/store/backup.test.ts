/**
 * `packsmith backup DEST` while the server runs and writes: the copy's database passes integrity_check,
 * every blob it names is there with the right hash, and a server started on the copy serves the packs.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { startTestServer } from "../support/server.ts";
import { newPack, waitJob } from "../support/jobs.ts";
import { cli, cliJson } from "../support/cli.ts";
import { loadConfig } from "../../src/config.ts";
import { startServer } from "../../src/app.ts";
import { BlobStore } from "../../src/store/blobs.ts";
import { signPath } from "../../src/core/signed-urls.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("backup", () => {
  test("taken while generations run, it restores to a folder that serves the same packs", async () => {
    const ts = await startTestServer({ workers: "2" });
    const dest = join(mkdtempSync(join(tmpdir(), "packsmith-backup-")), "copy");
    dirs.push(dest);
    try {
      const me = await ts.account("backer", { credits: 100 });
      const pack = await newPack(ts, me.key, "Backed Up");
      const gen = (i: number) =>
        ts.call("POST", `/v1/packs/${pack}/textures`, {
          key: me.key,
          body: { prompt: `mossy stone ${i}`, size: 32, mode: "custom", description: `stone ${i}`, seed: i },
        });
      const first = (await (await gen(0)).json()) as any;
      await waitJob(ts, me.key, first.job, 30_000);
      // Load while the backup runs: more generations being accepted and stored.
      const load = Promise.all(Array.from({ length: 12 }, (_, i) => gen(i + 1)));
      // A download link made before the backup (it creates the data folder's signing secret).
      const keyId = ((await ts.svc.db.get("SELECT id FROM api_keys WHERE account_id = ? LIMIT 1", [me.id])) as any).id;
      const link = await signPath(ts.svc.db, ts.dataDir, `/v1/packs/${pack}/export`, keyId, 3600);
      const r = await cliJson(ts.dataDir, "backup", dest);
      await load;
      expect(r.dest).toBe(dest);
      expect(r.blobs).toBeGreaterThan(0);
      expect(r.missing).toEqual([]);

      const db = new Database(join(dest, "packsmith.sqlite"), { readonly: true });
      expect((db.query("PRAGMA integrity_check").get() as any).integrity_check).toBe("ok");
      const named = db.query("SELECT DISTINCT blob FROM assets WHERE blob IS NOT NULL").all() as { blob: string }[];
      db.close();
      expect(named.length).toBeGreaterThan(0);
      for (const { blob } of named) {
        const file = join(dest, "blobs", blob.slice(0, 2), blob.slice(2));
        expect(BlobStore.hash(readFileSync(file))).toBe(blob);
      }

      // Restore = start on the copy.
      const restored = await startServer(loadConfig({ port: "0", data: dest, workers: "1", bootstrap: "false" }, {}));
      try {
        const list = (await (
          await fetch(`${restored.url}/v1/packs`, { headers: { authorization: `Bearer ${me.key}` } })
        ).json()) as any;
        expect(list.packs.map((p: any) => p.slug)).toEqual([pack]);
        const got = await fetch(`${restored.url}/v1/packs/${pack}/assets/texture/${first.id}`, {
          headers: { authorization: `Bearer ${me.key}` },
        });
        expect(got.status).toBe(200);
        // The restored folder keeps the signing secret: links made before still open the download.
        expect((await fetch(`${restored.url}${link}`)).status).toBe(200);
      } finally {
        await restored.stop();
      }
    } finally {
      await ts.close();
    }
  }, 120_000);

  test("refuses a destination that is not empty", async () => {
    const ts = await startTestServer();
    try {
      const dest = mkdtempSync(join(tmpdir(), "packsmith-backup-full-"));
      dirs.push(dest);
      mkdirSync(dest, { recursive: true });
      writeFileSync(join(dest, "something"), "x");
      const r = await cli(ts.dataDir, "backup", dest);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("is not empty");
      expect(existsSync(join(dest, "packsmith.sqlite"))).toBe(false);
    } finally {
      await ts.close();
    }
  });
});
