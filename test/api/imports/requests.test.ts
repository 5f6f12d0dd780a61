/**
 * POST /v1/imports as a caller meets it: each file source (base64, data: URI, upload, url, text),
 * files that are not resource packs (refused with not_a_pack before anything exists), the
 * minecraftVersion override, the default name, plan and pack limits, and single-use uploads.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { zipSync } from "fflate";
import { makeZip } from "../../fixtures/zips/make-zip.ts";
import { encodePng, newRgba } from "../../../src/media/png.ts";
import {
  accepted,
  b64,
  checkLanded,
  corpusBytes,
  dataDirState,
  finished,
  hasCorpus,
  importZip,
  packCount,
  planOf,
  postImport,
  putUpload,
  refused,
  startEnv,
  type Env,
} from "../../support/imports.ts";

const enc = new TextEncoder();
const tile = (g: number) => {
  const img = newRgba(16, 16);
  for (let i = 0; i < img.data.length; i += 4) img.data.set([g, 255 - g, (i * 7) & 255, 255], i);
  return encodePng(img);
};
/** A small pack that declares 1.20.1 (format 15): two blocks, an item, a model. */
const PACK = zipSync({
  "pack.mcmeta": enc.encode('{"pack":{"pack_format":15,"description":"Small test pack\\nsecond line"}}'),
  "assets/minecraft/textures/block/stone.png": tile(10),
  "assets/minecraft/textures/block/dirt.png": tile(90),
  "assets/minecraft/textures/item/apple.png": tile(200),
  "assets/minecraft/models/block/stone.json": enc.encode(
    '{"parent":"block/cube_all","textures":{"all":"block/stone"}}',
  ),
});

let env: Env;
let site: ReturnType<typeof Bun.serve>;
beforeAll(async () => {
  env = await startEnv({ "fetch-allow-http": "true", "fetch-allow-private": "true" });
  site = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req) =>
      new URL(req.url).pathname === "/files/Hud%20Pack.zip" ? new Response(PACK) : new Response("no", { status: 404 }),
  });
});
afterAll(async () => {
  site.stop(true);
  await env.ts.close();
});

async function landsWhole(body: any, bytes = PACK, version?: string) {
  const { archive, plan } = planOf(env, bytes, version);
  expect(body.planned).toEqual(plan.planned);
  await checkLanded(env, body.pack.slug, archive, plan);
}

describe("file sources", () => {
  test("base64", async () => {
    const res = await postImport(env, { file: { base64: b64(PACK) } });
    expect(res.status).toBe(202);
    expect(res.body.planned).toEqual({ textures: 3, models: 1, glyphs: 0, guis: 0, sounds: 0, files: 1 });
    expect(res.body.pack.name).toBe("Small test pack");
    await landsWhole(res.body);
  });
  test("base64 as a data: URI", async () => {
    const res = await postImport(env, {
      file: { base64: `data:application/zip;base64,${b64(PACK)}` },
      name: "From a data URI",
    });
    expect(res.status).toBe(202);
    expect(res.body.pack.name).toBe("From a data URI");
    await landsWhole(res.body);
  });
  test("upload: the pack is named after the uploaded file", async () => {
    const body = await accepted(env, PACK, { via: "upload", fileName: "My Cool Pack.zip" });
    expect(body.pack.name).toBe("My Cool Pack");
    expect(body.pack.slug).toBe("my-cool-pack");
    await landsWhole(body);
  });
  test("upload whose file name is only an extension: named from pack.mcmeta's description", async () => {
    for (const fileName of [".zip", "   .ZIP"]) {
      const body = await accepted(env, PACK, { via: "upload", fileName });
      expect(body.pack.name).toBe("Small test pack");
    }
  });
  test("upload with an explicit name", async () => {
    const body = await accepted(env, PACK, { via: "upload", fileName: "ignored.zip", name: "Chosen Name" });
    expect(body.pack.name).toBe("Chosen Name");
  });
  test("url: fetched, and named after the file in the URL", async () => {
    const res = await postImport(env, { file: { url: `http://127.0.0.1:${site.port}/files/Hud%20Pack.zip` } });
    expect(res.status).toBe(202);
    expect(res.body.pack.name).toBe("Hud Pack");
    await landsWhole(res.body);
  });
  test("url that answers 404: file_fetch_failed", async () => {
    await refused(env, { file: { url: `http://127.0.0.1:${site.port}/files/missing.zip` } }, "file_fetch_failed");
  });
  test("text cannot carry a zip: not_a_pack", async () => {
    await refused(env, { file: { text: "PK\u0003\u0004 this is only text" } }, "not_a_pack");
  });
  test("two sources, or none: invalid_request", async () => {
    await refused(env, { file: { base64: b64(PACK), text: "x" } }, "invalid_request");
    await refused(env, { file: {} }, "invalid_request");
    await refused(env, {}, "invalid_request");
  });
});

describe("not a resource pack: not_a_pack, and nothing created", () => {
  const notPacks: Record<string, Uint8Array> = {
    "a shader pack": zipSync({
      "shaders/composite.fsh": enc.encode("void main() {}"),
      "shaders/final.vsh": enc.encode("void main() {}"),
      "shaders/shaders.properties": enc.encode("sun=true"),
    }),
    "a shader pack inside one top folder": zipSync({
      "Complementary/shaders/gbuffers_terrain.fsh": enc.encode("void main() {}"),
      "Complementary/README.md": enc.encode("hi"),
    }),
    "a .rar file": Uint8Array.from([
      0x52,
      0x61,
      0x72,
      0x21,
      0x1a,
      0x07,
      0x01,
      0x00,
      ...Array.from({ length: 500 }, (_, i) => (i * 31) & 255),
    ]),
    "random bytes": Uint8Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24),
    "an empty zip": makeZip([]),
    "a zip of folders only": makeZip([{ name: "assets/" }, { name: "assets/minecraft/" }]),
    // A README and editor sources only (a language file alone would be a language pack, and usable).
    "a zip with nothing usable": zipSync({
      "README.md": enc.encode("# my pack"),
      "assets/minecraft/textures/block/stone.psd": enc.encode("8BPS"),
    }),
    "a PNG instead of a zip": tile(3),
    // Past 1 MB a zip is planned in the worker pool (files/off-thread.ts): the refusal must travel back intact.
    "a 2 MB shader pack (planned off the API thread)": zipSync(
      {
        "shaders/composite.fsh": enc.encode("void main() {}"),
        "shaders/noise.bin": Uint8Array.from({ length: 2 * 1024 * 1024 }, (_, i) => (i * 2654435761) >>> 24),
      },
      { level: 0 },
    ),
  };
  for (const [what, bytes] of Object.entries(notPacks)) {
    test(what, async () => {
      const message = await refused(env, { file: { base64: b64(bytes) } }, "not_a_pack");
      if (what.startsWith("a shader pack")) expect(message).toContain("shader pack");
      if (what === "an empty zip") expect(message).toContain("empty");
    });
  }
  test("refused through an upload: the upload is not spent", async () => {
    const upload = await putUpload(env, notPacks["a shader pack"], "shaders.zip");
    await refused(env, { file: { upload } }, "not_a_pack");
    expect(await refused(env, { file: { upload } }, "not_a_pack")).toContain("shader pack");
  });
});

describe("minecraftVersion", () => {
  test("overrides the version pack.mcmeta declares", async () => {
    const res = await importZip(env, PACK, { minecraftVersion: "1.21.4" });
    expect(res.status).toBe(202);
    expect(res.body.minecraftVersion).toBe("1.21.4");
    expect(res.body.pack.minecraftVersion).toBe("1.21.4");
    expect(res.body.versionSource).toBe("default");
    expect(res.body.warnings.some((w: string) => w.includes("1.21.4") && w.includes("1.20.1"))).toBe(true);
    await landsWhole(res.body, PACK, "1.21.4");
  });
  test("without it, the declared version", async () => {
    const body = await accepted(env, PACK);
    expect([body.minecraftVersion, body.versionSource]).toEqual(["1.20.1", "pack.mcmeta"]);
  });
  test.if(hasCorpus)("changes which folders load (1.20.2 HUD sprites read as 1.20.2)", async () => {
    const bytes = await corpusBytes("packs/vanilla-plus-hud.zip");
    const res = await importZip(env, bytes, { minecraftVersion: "1.20.2" });
    expect(res.status).toBe(202);
    expect(res.body.warnings.some((w: string) => w.includes("do not load"))).toBe(false);
    await landsWhole(res.body, bytes, "1.20.2");
  });
  for (const bad of ["1.99.9", "banana", "24w14a", ""])
    test(`unknown version ${JSON.stringify(bad)}: invalid_request`, async () => {
      await refused(env, { file: { base64: b64(PACK) }, minecraftVersion: bad }, "invalid_request");
    });
});

describe("accounts and limits", () => {
  test("a Starter account: plan_required", async () => {
    const starter = await env.ts.account("starter", { plan: "starter" });
    await refused(env, { file: { base64: b64(PACK) } }, "plan_required", starter.key);
  });
  test("a read-only key: forbidden", async () => {
    await refused(env, { file: { base64: b64(PACK) } }, "forbidden", await env.ts.key(env.accountId, "rest", true));
  });
  test("pack_limit_reached: nothing stored, and the upload still works once there is room", async () => {
    const small = await startEnv({ "pack-limit-pro": "1" });
    try {
      // The first import must have landed, or its blob writes would show up as a change below.
      await finished(small, (await accepted(small, PACK)).job);
      const upload = await putUpload(small, PACK, "second.zip");
      await refused(small, { file: { upload } }, "pack_limit_reached");
      await refused(
        small,
        { file: { base64: b64(zipSync({ "assets/minecraft/textures/block/x.png": tile(1) })) } },
        "pack_limit_reached",
      );
      small.ts.svc.config.packLimits.pro = 2;
      const res = await postImport(small, { file: { upload } });
      expect(res.status).toBe(202);
      expect(res.body.pack.name).toBe("second");
    } finally {
      await small.ts.close();
    }
  });
  test("file_too_large: past max-import-bytes", async () => {
    const tight = await startEnv({ "max-import-bytes": String(PACK.length - 1) });
    try {
      const upload = await putUpload(tight, PACK);
      await refused(tight, { file: { upload } }, "file_too_large");
      const exact = await startEnv({ "max-import-bytes": String(PACK.length) });
      try {
        expect((await importZip(exact, PACK)).status).toBe(202);
      } finally {
        await exact.ts.close();
      }
    } finally {
      await tight.ts.close();
    }
  });
});

describe("the import job", () => {
  test("past the asset limit: the files over it are reported as failed", async () => {
    const tight = await startEnv({ "asset-limit": "3" });
    try {
      const body = await accepted(tight, PACK);
      const { archive, plan } = planOf(tight, PACK);
      const job = await checkLanded(tight, body.pack.slug, archive, plan);
      expect(job.import.failed).toEqual([
        { path: plan.items[3].path, reason: "the pack reached its asset limit of 3" },
      ]);
    } finally {
      await tight.ts.close();
    }
  });
  test("two imports at once both land whole", async () => {
    const other = zipSync({
      "assets/minecraft/textures/item/pear.png": tile(60),
      "assets/minecraft/sounds.json": enc.encode("{}"),
    });
    const [a, b] = await Promise.all([accepted(env, PACK), accepted(env, other)]);
    await Promise.all([landsWhole(a), landsWhole(b, other)]);
  });
  test("a pack made with POST /packs has no import job", async () => {
    const res = await env.ts.call("POST", "/v1/packs", { key: env.key, body: { name: "Plain" } });
    const slug = ((await res.json()) as any).pack.slug;
    const job = await env.ts.call("GET", `/v1/jobs/${slug}:import`, { key: env.key });
    expect(job.status).toBe(404);
    expect(((await job.json()) as any).error.code).toBe("job_not_found");
  });
  test("another account cannot see the job", async () => {
    const body = await accepted(env, PACK);
    const other = await env.ts.account("snoop");
    const res = await env.ts.call("GET", `/v1/jobs/${body.job}`, { key: other.key });
    expect(res.status).toBe(404);
  });
});

describe("uploads are single use", () => {
  test("a second import with the same upload: upload_not_found", async () => {
    const upload = await putUpload(env, PACK, "once.zip");
    expect((await postImport(env, { file: { upload } })).status).toBe(202);
    await refused(env, { file: { upload } }, "upload_not_found");
  });
  test("two imports racing for one upload: exactly one pack", async () => {
    const upload = await putUpload(env, PACK, "race.zip");
    const before = await packCount(env);
    const answers = await Promise.all([0, 1, 2, 3].map(() => postImport(env, { file: { upload } })));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 404, 404, 404]);
    expect(answers.filter((a) => a.status === 404).every((a) => a.body.error.code === "upload_not_found")).toBe(true);
    expect(await packCount(env)).toBe(before + 1);
    expect((await dataDirState(env)).strays).toEqual([]);
  });
  test("another account's upload: upload_not_found", async () => {
    const other = await env.ts.account("other");
    const upload = await putUpload(env, PACK, "mine.zip");
    await refused(env, { file: { upload } }, "upload_not_found", other.key);
    expect((await postImport(env, { file: { upload } })).status).toBe(202);
  });
});
