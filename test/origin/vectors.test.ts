import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { decodePng } from "../../src/media/png-decode.ts";
import { canonicalJson } from "../../src/origin/canonical-json.ts";
import { originHash } from "../../src/origin/hash.ts";
import { JS_VALUE_VECTORS } from "../vectors/js-values.ts";

const DIR = join(import.meta.dir, "../vectors");
const doc = (await Bun.file(join(DIR, "vectors.json")).json()) as {
  files: { file: string; form: string; hash: string; canonical?: string }[];
  values: { name: string; canonical: string; hash: string }[];
};
const read = async (file: string) => new Uint8Array(await Bun.file(join(DIR, file)).arrayBuffer());
const sha = (text: string | Uint8Array) => new Bun.CryptoHasher("sha256").update(text).digest("hex");

describe("published origin-hash vectors", () => {
  test.each(doc.files.map((f) => [f.file, f] as const))("%s", async (_file, v) => {
    const bytes = await read(v.file);
    expect(originHash(v.file, bytes)).toEqual({ hash: v.hash, form: v.form as "png" });
    if (v.canonical !== undefined) expect(canonicalJson(JSON.parse(new TextDecoder().decode(bytes)))).toBe(v.canonical);
  });

  test("covers every form and the PNG shapes the README promises", () => {
    const forms = new Set(doc.files.map((f) => f.form));
    expect([...forms].sort()).toEqual(["bytes", "json", "png"]);
    expect(doc.files.length).toBeGreaterThanOrEqual(12);
  });

  test("JS-only values: canonical text and hash", () => {
    expect(doc.values.map((v) => v.name)).toEqual(JS_VALUE_VECTORS.map((v) => v.name));
    JS_VALUE_VECTORS.forEach(({ value }, i) => {
      expect(canonicalJson(value)).toBe(doc.values[i].canonical);
      expect(sha(`packsmith/v1/json\n${doc.values[i].canonical}`)).toBe(doc.values[i].hash);
    });
    expect(doc.values.map((v) => v.canonical)).toEqual([
      "[null,null,null]",
      '{"b":[null]}',
      '{"t":0,"z":0}',
      "[0.3,0.333333,0.666667]",
      "[1e+21,9007199254740994,-1e+300]",
    ]);
  });

  test("what the hash ignores: interlace, encoder, RGB under alpha 0, key order, float noise", () => {
    const hash = (f: string) => doc.files.find((v) => v.file === f)!.hash;
    expect(hash("transparent-with-colour-interlaced.png")).toBe(hash("transparent-with-colour.png"));
    expect(hash("transparent-with-colour-encodepng.png")).toBe(hash("transparent-with-colour.png"));
    expect(hash("model-reformatted.json")).toBe(hash("model.json"));
  });

  test("what it does not ignore: hashing the raw RGBA (no zeroing) or the wrong prefix gives another hash", async () => {
    const img = decodePng(await read("transparent-with-colour.png"));
    const head = `${img.width}x${img.height}\n`;
    const raw = new Uint8Array([...new TextEncoder().encode(`packsmith/v1/png\n${head}`), ...img.data]);
    const target = doc.files.find((v) => v.file === "transparent-with-colour.png")!.hash;
    expect(sha(raw)).not.toBe(target);
    const zeroed = img.data.slice();
    for (let i = 3; i < zeroed.length; i += 4) if (zeroed[i] === 0) zeroed.fill(0, i - 3, i);
    expect(sha(new Uint8Array([...new TextEncoder().encode(`packsmith/v1/png\n${head}`), ...zeroed]))).toBe(target);
    expect(sha(new Uint8Array([...new TextEncoder().encode(`svc/v1/png\n${head}`), ...zeroed]))).not.toBe(target);
  });

  test("the independent Python reference checker agrees with every vector", () => {
    const python = Bun.which("python3");
    if (!python) {
      console.warn("skipped: python3 not found, test/vectors/check_vectors.py not run");
      return;
    }
    const run = Bun.spawnSync([python, join(DIR, "check_vectors.py"), join(DIR, "vectors.json")]);
    const out = run.stdout.toString();
    expect(out).toContain("0 mismatches");
    expect(run.exitCode).toBe(0);
    expect(out.split("\n").filter((l) => l.startsWith("ok  ")).length).toBe(doc.files.length + doc.values.length);
  });
});
