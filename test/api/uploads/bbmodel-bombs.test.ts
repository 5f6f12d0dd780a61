/**
 * A .bbmodel's embedded textures pass the same PNG checks as a directly uploaded PNG: a texture declaring
 * 100000x100000, or past the edge limit, is refused with invalid_request and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startTestServer, type TestServer } from "../../support/server.ts";
import { newPack } from "../../support/jobs.ts";
import { CORPUS } from "../../support/corpus.ts";
import { encodePng, newRgba } from "../../../src/media/png.ts";
import { crc32 } from "../../../src/media/crc32.ts";

const PROJECT = join(CORPUS, "bbmodel/blanktopia_wotamelon.bbmodel");
const have = existsSync(PROJECT);

let ts: TestServer;
let me: { id: number; key: string; mcpKey: string };
let pack = "";
beforeAll(async () => {
  if (!have) return;
  ts = await startTestServer({ workers: "1" });
  me = await ts.account("modeller", { credits: 0 });
  pack = await newPack(ts, me.key, "Bombs");
});
afterAll(async () => {
  await ts?.close();
});

/** A small valid PNG whose header then claims `width` x `height` (the IHDR CRC kept right). */
function claiming(width: number, height: number): Uint8Array {
  const png = encodePng(newRgba(4, 4));
  const v = new DataView(png.buffer, png.byteOffset);
  v.setUint32(16, width);
  v.setUint32(20, height);
  v.setUint32(29, crc32(png.subarray(12, 29)));
  return png;
}

function projectWith(png: Uint8Array): string {
  const doc = JSON.parse(readFileSync(PROJECT, "utf8"));
  doc.textures[0].source = `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
  return JSON.stringify(doc);
}

const upload = (text: string) =>
  ts.call("POST", `/v1/packs/${pack}/assets`, { key: me.key, body: { type: "model", name: "melon", file: { text } } });
const stored = async () => ((await ts.svc.db.get("SELECT count(*) AS n FROM assets")) as { n: number }).n;

describe.skipIf(!have)(".bbmodel embedded textures", () => {
  test("the corpus project itself is accepted", async () => {
    const res = await upload(readFileSync(PROJECT, "utf8"));
    expect(res.status).toBe(201);
  });

  for (const [label, w, h] of [
    ["declares 100000x100000", 100_000, 100_000],
    ["is past the 4096 px edge", 5000, 16],
  ] as const)
    test(`a texture that ${label} is refused, nothing stored`, async () => {
      const before = await stored();
      const res = await upload(projectWith(claiming(w, h)));
      expect(res.status).toBe(400);
      const e = ((await res.json()) as any).error;
      expect(e.code).toBe("invalid_request");
      expect(e.message).toContain("is not a usable PNG");
      expect(await stored()).toBe(before);
    });
});
