import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  accepted,
  b64,
  blobFiles,
  distinctImage,
  downloadPng,
  png,
  pngOfSize,
  refused,
  startEnv,
  upload,
  type Env,
} from "../../support/uploads.ts";

let env: Env; // max-inline-bytes 2048, so the bounds are cheap to hit
beforeAll(async () => {
  env = await startEnv({ "max-inline-bytes": "2048" });
});
afterAll(() => env.ts.close());

const MODEL = {
  textures: { all: "block/stone", particle: "#all" },
  elements: [{ from: [0, 0, 0], to: [16, 16, 16], faces: { up: { texture: "#all" } } }],
};

describe("exactly one source", () => {
  test("none, two, or all four are refused, naming what was sent", async () => {
    expect(await refused(env, { type: "block", name: "x", file: {} }, "invalid_request")).toContain("exactly one");
    const two = await refused(
      env,
      { type: "block", name: "x", file: { base64: b64(png(4, 4)), text: "x" } },
      "invalid_request",
    );
    expect(two).toContain("base64, text");
    await refused(
      env,
      {
        type: "block",
        name: "x",
        file: { upload: "up_x", url: "https://example.com/a.png", base64: "AAAA", text: "x" },
      },
      "invalid_request",
    );
  });

  test("an unknown source key, an empty value, or no file at all is refused", async () => {
    await refused(env, { type: "block", name: "x", file: { path: "/etc/passwd" } }, "invalid_request");
    await refused(env, { type: "block", name: "x", file: { base64: "" } }, "invalid_request");
    await refused(env, { type: "block", name: "x" }, "invalid_request");
    await refused(env, { type: "block", name: "x", file: "AAAA" }, "invalid_request");
  });
});

describe("base64 and text", () => {
  test("plain base64, a data: URI, line-wrapped base64 and base64url all carry the same file", async () => {
    const bytes = png(9, 9);
    const plain = b64(bytes);
    const forms = [
      plain,
      `data:image/png;base64,${plain}`,
      `DATA:application/octet-stream;base64,${plain}`,
      plain.replace(/(.{60})/g, "$1\r\n"),
      Buffer.from(bytes).toString("base64url"),
    ];
    for (const [i, base64] of forms.entries()) {
      const a = await accepted(env, { type: "block", name: `form ${i}`, file: { base64 } });
      expect((await downloadPng(env, "texture", a.name)).data).toEqual(distinctImage(9, 9).data);
    }
  });

  test("text that is not base64, and a data: URI that is not base64, are refused", async () => {
    expect(
      await refused(env, { type: "block", name: "x", file: { base64: "not base64!" } }, "invalid_request"),
    ).toContain("not valid base64");
    await refused(env, { type: "block", name: "x", file: { base64: "data:image/png,%89PNG" } }, "invalid_request");
    await refused(env, { type: "block", name: "x", file: { base64: "AAAAA" } }, "invalid_request");
  });

  test("text carries text formats; binary sent as text is not a PNG", async () => {
    const a = await accepted(env, { type: "model", name: "cube", file: { text: JSON.stringify(MODEL) } });
    expect(a.kind).toBe("model");
    await refused(
      env,
      { type: "block", name: "x", file: { text: new TextDecoder("latin1").decode(png(4, 4)) } },
      "invalid_request",
    );
  });

  test("base64: a file of exactly the limit is accepted, one byte more is file_too_large saying the limit", async () => {
    await accepted(env, { type: "block", name: "at limit", file: { base64: b64(pngOfSize(2048)) } });
    await accepted(env, {
      type: "block",
      name: "at limit uri",
      file: { base64: `data:image/png;base64,${b64(pngOfSize(2048))}` },
    });
    expect(
      await refused(env, { type: "block", name: "x", file: { base64: b64(pngOfSize(2049)) } }, "file_too_large"),
    ).toContain("2 KB");
  });

  test("text: exactly the limit in UTF-8 bytes is accepted; one more byte, or fewer characters that take more bytes, is refused", async () => {
    const json = JSON.stringify(MODEL);
    await accepted(env, { type: "model", name: "padded", file: { text: json.padEnd(2048, " ") } });
    expect(
      await refused(env, { type: "model", name: "x", file: { text: json.padEnd(2049, " ") } }, "file_too_large"),
    ).toContain("2 KB");
    const accented = json.slice(0, -1) + `,"comment":"${"é".repeat(1000)}"}`; // ~1.3k characters, ~2.3 KB
    expect(accented.length).toBeLessThan(2048);
    await refused(env, { type: "model", name: "x", file: { text: accented } }, "file_too_large");
  });

  test("the default limit is 8 MB of file, and the refusal says so", async () => {
    const big = await startEnv();
    try {
      const limit = 8 * 1024 * 1024;
      await accepted(big, { type: "block", name: "eight megs", file: { base64: b64(pngOfSize(limit)) } });
      const msg = await refused(
        big,
        { type: "block", name: "x", file: { base64: b64(pngOfSize(limit + 1)) } },
        "file_too_large",
      );
      expect(msg).toContain("8 MB");
    } finally {
      await big.ts.close();
    }
  });
});

describe("POST /uploads and PUT", () => {
  const createUpload = async (e: Env, body: Record<string, unknown> = {}, key = e.key) => {
    const res = await e.ts.call("POST", "/v1/uploads", { key, body });
    expect(res.status).toBe(201);
    return (await res.json()) as { upload: string; url: string; expiresAt: string; maxBytes: number };
  };
  const put = (e: Env, url: string, raw: BodyInit, key = e.key, headers: Record<string, string> = {}) =>
    fetch(url, { method: "PUT", body: raw, headers: { authorization: `Bearer ${key}`, ...headers } });
  const code = async (res: Response) => ((await res.json()) as any).error?.code;
  const uploadRow = async (e: Env, id: string) =>
    (await e.ts.svc.db.get("SELECT * FROM uploads WHERE id = ?", [id])) as any;
  const tmpFiles = (e: Env) => require("node:fs").readdirSync(`${e.ts.dataDir}/blobs/tmp`) as string[];

  test("an upload id comes with a PUT url on this server, fifteen minutes and the byte limit", async () => {
    const before = Date.now();
    const up = await createUpload(env, { fileName: "Ruby Gem.png" });
    expect(up.upload).toMatch(/^up_[A-Za-z0-9_-]{16,}$/);
    expect(up.url).toBe(`${env.ts.url}/v1/uploads/${up.upload}`);
    expect(up.maxBytes).toBe(256 * 1024 * 1024);
    const expires = Date.parse(up.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(15 * 60_000);
    expect(expires - before).toBeLessThan(15 * 60_000 + 60_000);
    expect(await uploadRow(env, up.upload)).toMatchObject({
      status: "waiting",
      expires_at: expires,
      file_name: "Ruby Gem.png",
    });
  });

  test("PUT the bytes, use the id once; the name defaults to the upload's file name; a second use is upload_not_found", async () => {
    const up = await createUpload(env, { fileName: "Ruby Gem.png" });
    const res = await put(env, up.url, png(16, 16));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ upload: up.upload, sizeBytes: png(16, 16).length, status: "received" });
    const a = await accepted(env, { type: "item", file: { upload: up.upload } });
    expect(a.name).toBe("item:ruby_gem");
    expect((await downloadPng(env, "texture", a.name)).data).toEqual(distinctImage(16, 16).data);
    expect((await uploadRow(env, up.upload)).status).toBe("used");
    expect(
      await refused(env, { type: "item", name: "again", file: { upload: up.upload } }, "upload_not_found"),
    ).toContain("fifteen minutes");
    expect(await code(await put(env, up.url, png(4, 4)))).toBe("upload_not_found");
  });

  test("an id with no bytes yet, or one never issued, is upload_not_found", async () => {
    const up = await createUpload(env);
    expect(await refused(env, { type: "block", name: "x", file: { upload: up.upload } }, "upload_not_found")).toContain(
      "PUT the file",
    );
    await refused(env, { type: "block", name: "x", file: { upload: "up_never_issued_at_all" } }, "upload_not_found");
    expect(await code(await put(env, `${env.ts.url}/v1/uploads/up_never_issued_at_all`, png(4, 4)))).toBe(
      "upload_not_found",
    );
  });

  test("after fifteen minutes the id is gone: before the PUT, and between PUT and use", async () => {
    const early = await createUpload(env);
    await env.ts.svc.db.run("UPDATE uploads SET expires_at = ? WHERE id = ?", [Date.now() - 1, early.upload]);
    expect(await code(await put(env, early.url, png(4, 4)))).toBe("upload_not_found");
    expect(tmpFiles(env)).toEqual([]);

    const late = await createUpload(env);
    expect((await put(env, late.url, png(5, 5))).status).toBe(200);
    await env.ts.svc.db.run("UPDATE uploads SET expires_at = ? WHERE id = ?", [Date.now() - 1, late.upload]);
    await refused(env, { type: "block", name: "late", file: { upload: late.upload } }, "upload_not_found");
    // Just inside the fifteen minutes it still works.
    await env.ts.svc.db.run("UPDATE uploads SET expires_at = ? WHERE id = ?", [Date.now() + 5_000, late.upload]);
    await accepted(env, { type: "block", name: "late", file: { upload: late.upload } });
  });

  test("another account cannot PUT to or use an upload id", async () => {
    const other = (await env.ts.account("other")).key;
    const up = await createUpload(env);
    expect(await code(await put(env, up.url, png(4, 4), other))).toBe("upload_not_found");
    expect((await uploadRow(env, up.upload)).status).toBe("waiting");
    expect((await put(env, up.url, png(4, 4))).status).toBe(200);
    const otherPack = (await (
      await env.ts.call("POST", "/v1/packs", { key: other, body: { name: "Other" } })
    ).json()) as any;
    const res = await env.ts.call("POST", `/v1/packs/${otherPack.pack.slug}/assets`, {
      key: other,
      body: { type: "block", name: "x", file: { upload: up.upload } },
    });
    expect(await code(res)).toBe("upload_not_found");
    expect((await uploadRow(env, up.upload)).status).toBe("received");
  });

  test("PUT needs the key", async () => {
    const up = await createUpload(env);
    const res = await fetch(up.url, { method: "PUT", body: png(4, 4) });
    expect(res.status).toBe(401);
    expect((await uploadRow(env, up.upload)).status).toBe("waiting");
  });

  test("a refused upload does not spend the id: the same bytes can then go in as another type", async () => {
    const up = await createUpload(env);
    await put(env, up.url, png(16, 16));
    await refused(env, { type: "gui", target: "furnace", file: { upload: up.upload } }, "invalid_request");
    await refused(env, { type: "block", target: "not_a_block", file: { upload: up.upload } }, "invalid_request");
    expect((await uploadRow(env, up.upload)).status).toBe("received");
    await accepted(env, { type: "block", name: "second try", file: { upload: up.upload } });
  });

  test("two requests racing to use one id: exactly one wins", async () => {
    const up = await createUpload(env);
    await put(env, up.url, png(16, 16));
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        upload(env, { type: "block", name: `race ${i}`, file: { upload: up.upload } }),
      ),
    );
    expect(results.filter((r) => r.status === 201).length).toBe(1);
    expect(results.filter((r) => r.body.error?.code === "upload_not_found").length).toBe(3);
    expect(await env.ts.svc.db.get("SELECT count(*) AS n FROM assets WHERE name LIKE 'race%'")).toEqual({ n: 1 });
  });

  test("the losers of a race leave no blob behind", async () => {
    const up = await createUpload(env);
    await put(env, up.url, png(16, 16));
    const before = blobFiles(env).length;
    // Each request resamples to another size, so each would store different bytes.
    const results = await Promise.all(
      [2, 3, 4, 5].map((size) =>
        upload(env, { type: "block", name: `loser ${size}`, size, file: { upload: up.upload } }),
      ),
    );
    expect(results.filter((r) => r.status === 201).length).toBe(1);
    expect(blobFiles(env).length).toBe(before + 1);
  });

  test("a second PUT that finishes after the id was used does not bring the id back", async () => {
    const up = await createUpload(env);
    await put(env, up.url, png(16, 16));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let sent = 0;
    const slow = new ReadableStream<Uint8Array>({
      async pull(c) {
        if (sent++ === 1) await gate; // the first chunk goes now, the rest after the id is used
        if (sent > 3) return c.close();
        c.enqueue(png(8, 8));
      },
    });
    const second = put(env, up.url, slow);
    while (tmpFiles(env).length === 0) await Bun.sleep(5); // the PUT passed its id check and is writing
    await accepted(env, { type: "block", name: "used first", file: { upload: up.upload } });
    release();
    expect(await code(await second)).toBe("upload_not_found");
    expect((await uploadRow(env, up.upload)).status).toBe("used");
    await refused(env, { type: "block", name: "reused", file: { upload: up.upload } }, "upload_not_found");
    expect(tmpFiles(env)).toEqual([]);
  });

  test("an empty body is refused and the id stays usable", async () => {
    const up = await createUpload(env);
    expect(await code(await put(env, up.url, new Uint8Array(0)))).toBe("invalid_request");
    expect((await uploadRow(env, up.upload)).status).toBe("waiting");
    expect(tmpFiles(env)).toEqual([]);
  });
});

describe("upload size limit and streaming", () => {
  let small: Env;
  beforeAll(async () => {
    small = await startEnv({ "max-upload-bytes": "100000" });
  });
  afterAll(() => small.ts.close());

  const create = async () =>
    (await (await small.ts.call("POST", "/v1/uploads", { key: small.key, body: {} })).json()) as any as {
      upload: string;
      url: string;
      maxBytes: number;
    };
  const stream = (chunks: number, size: number) => {
    let i = 0;
    return new ReadableStream<Uint8Array>({
      pull(c) {
        if (i++ >= chunks) return c.close();
        c.enqueue(new Uint8Array(size).fill(i & 255));
      },
    });
  };
  const state = async (id: string) =>
    (await small.ts.svc.db.get("SELECT status, blob FROM uploads WHERE id = ?", [id])) as any;
  const tmp = () => require("node:fs").readdirSync(`${small.ts.dataDir}/blobs/tmp`) as string[];

  test("maxBytes reports the setting; exactly the limit is received", async () => {
    const up = await create();
    expect(up.maxBytes).toBe(100000);
    const res = await fetch(up.url, {
      method: "PUT",
      body: new Uint8Array(100000).fill(7),
      headers: { authorization: `Bearer ${small.key}` },
    });
    expect(((await res.json()) as any).sizeBytes).toBe(100000);
  });

  test("a declared length over the limit is refused before reading", async () => {
    const up = await create();
    const res = await fetch(up.url, {
      method: "PUT",
      body: new Uint8Array(100001),
      headers: { authorization: `Bearer ${small.key}` },
    });
    expect(((await res.json()) as any).error.code).toBe("file_too_large");
    expect(await state(up.upload)).toEqual({ status: "waiting", blob: null });
    expect(tmp()).toEqual([]);
  });

  test("a streamed body (no length) passing the limit is cut off and its partial file removed", async () => {
    const up = await create();
    const blobsBefore = require("node:fs").readdirSync(`${small.ts.dataDir}/blobs`).length;
    let code: string | null = null;
    try {
      const res = await fetch(up.url, {
        method: "PUT",
        body: stream(50, 10_000),
        headers: { authorization: `Bearer ${small.key}` },
      });
      code = ((await res.json()) as any).error.code;
    } catch {
      code = "connection closed"; // the server may stop reading before the client finished sending
    }
    expect(["file_too_large", "connection closed"]).toContain(code!);
    expect(await state(up.upload)).toEqual({ status: "waiting", blob: null });
    expect(tmp()).toEqual([]);
    expect(require("node:fs").readdirSync(`${small.ts.dataDir}/blobs`).length).toBe(blobsBefore);
  });

  test("a streamed body within the limit lands on disk byte for byte", async () => {
    const up = await create();
    const res = await fetch(up.url, {
      method: "PUT",
      body: stream(9, 10_000),
      headers: { authorization: `Bearer ${small.key}` },
    });
    expect(((await res.json()) as any).sizeBytes).toBe(90_000);
    const expected = new Uint8Array(90_000);
    for (let i = 0; i < 9; i++) expected.fill((i + 1) & 255, i * 10_000, (i + 1) * 10_000);
    const blob = (await state(up.upload)).blob;
    expect(blob).toBe(new Bun.CryptoHasher("sha256").update(expected).digest("hex"));
    expect(new Uint8Array(await small.ts.svc.blobs.get(blob))).toEqual(expected);
    expect(tmp()).toEqual([]);
  });
});
