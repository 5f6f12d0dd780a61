/** A pack zip into a running test server the way a client sends one: POST /uploads, PUT, POST /imports, poll. */
import type { startTestServer } from "../../test/support/server.ts";

export type Server = Awaited<ReturnType<typeof startTestServer>>;

/** What uploadZip needs of a server: a test server in this process, or one in its own (server-process.ts). */
type Calls = { call(method: string, path: string, opts?: { key?: string; body?: unknown }): Promise<Response> };

/** Sends a zip as an upload (POST /uploads, then PUT); answers the upload id. */
export async function uploadZip(ts: Calls, key: string, bytes: Uint8Array): Promise<string> {
  const up = (await (await ts.call("POST", "/v1/uploads", { key, body: { fileName: "bench.zip" } })).json()) as any;
  const put = await fetch(up.url, {
    method: "PUT",
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    headers: { authorization: `Bearer ${key}` },
  });
  if (put.status !== 200) throw new Error(`PUT: ${put.status} ${await put.text()}`);
  return up.upload;
}

/** Imports an upload and polls until its job is ready. */
export async function importUpload(ts: Server, key: string, upload: string): Promise<void> {
  const res = await ts.call("POST", "/v1/imports", { key, body: { file: { upload } } });
  const body = (await res.json()) as any;
  if (res.status !== 202) throw new Error(`import: ${res.status} ${JSON.stringify(body)}`);
  for (;;) {
    const job = (await (await ts.call("GET", `/v1/jobs/${body.job}`, { key })).json()) as any;
    if (job.status === "ready") return;
    if (job.status !== "generating") throw new Error(`import ended ${job.status}: ${job.error}`);
    await Bun.sleep(10);
  }
}
