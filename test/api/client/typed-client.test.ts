/**
 * A typed client generated from /openapi.json works: clients/typescript/packsmith.d.ts is exactly what
 * openapi-typescript makes from the live document, and openapi-fetch typed by it runs the whole create →
 * generate → wait → export flow against a real server. The flow below is typechecked by `bun run typecheck`
 * against the committed declarations, so a change to the contract that breaks a client breaks the gate.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import createClient from "openapi-fetch";
import type { components, paths } from "../../../clients/typescript/packsmith.d.ts";
import { CLIENT_TYPES, clientTypes } from "../../../scripts/client-types.ts";
import { startTestServer, type TestServer } from "../../support/server.ts";

let ts: TestServer;
let key = "";

beforeAll(async () => {
  ts = await startTestServer({ workers: "1" });
  key = (await ts.account("typed-client", { plan: "creator", credits: 50 })).key;
});
afterAll(() => ts?.close());

describe("generated typed client", () => {
  test("the committed declarations are what openapi-typescript makes from the served /openapi.json", async () => {
    const served = await (await ts.call("GET", "/openapi.json")).json();
    const made = await clientTypes(served);
    // On a difference: run `bun scripts/client-types.ts` and commit clients/typescript/packsmith.d.ts.
    expect(made === readFileSync(CLIENT_TYPES, "utf8")).toBe(true);
  }, 60_000);

  test("openapi-fetch typed by it creates a pack, generates a texture, waits for the job and exports", async () => {
    const api = createClient<paths>({ baseUrl: ts.url, headers: { authorization: `Bearer ${key}` } });

    const made = await api.POST("/v1/packs", { body: { name: "Typed client pack", minecraftVersion: "1.21.4" } });
    expect(made.response.status).toBe(201);
    const pack: components["schemas"]["Pack"] = made.data!.pack;
    expect(pack.minecraftVersion).toBe("1.21.4");

    const accepted = await api.POST("/v1/packs/{pack}/textures", {
      params: { path: { pack: pack.slug } },
      body: {
        mode: "custom",
        prompt: "mossy cobblestone",
        description: "cobblestone with moss",
        name: "moss_cobble",
        size: 16,
        seed: 7,
      },
    });
    expect(accepted.response.status).toBe(202);
    const job = accepted.data!.job;

    let status: components["schemas"]["Job"]["status"] = "generating";
    for (let i = 0; i < 600 && status === "generating"; i++) {
      const polled = await api.GET("/v1/jobs/{job}", { params: { path: { job } } });
      status = polled.data!.status;
      if (status === "generating") await Bun.sleep(50);
    }
    expect(status).toBe("ready");

    const zip = await api.GET("/v1/packs/{pack}/export", {
      params: { path: { pack: pack.slug } },
      parseAs: "arrayBuffer",
    });
    expect(zip.response.headers.get("content-type")).toBe("application/zip");
    const entries = Object.keys(unzipSync(new Uint8Array(zip.data as ArrayBuffer)));
    expect(entries).toContain("pack.mcmeta");
    expect(entries.some((e) => e.endsWith("moss_cobble.png"))).toBe(true);

    // Errors come back typed as the document's Error schema.
    const missing = await api.GET("/v1/packs/{pack}", { params: { path: { pack: "no-such-pack" } } });
    const error: components["schemas"]["Error"] | undefined = missing.error;
    expect(missing.response.status).toBe(404);
    expect(error?.error.code).toBe("not_found");
  }, 120_000);
});
