/**
 * The pack's files as the checker reads them: paths below the pack root, text and JSON read once each, and
 * resource ids ("ns:path") turned into the file the game would open.
 */
import { splitId } from "../resource-id.ts";
import type { ZipArchive, ZipEntry } from "../zip-read.ts";
import type { Findings } from "./report.ts";

export type Json = unknown;

export class PackFiles {
  private readonly byPath = new Map<string, ZipEntry>();
  private readonly parsed = new Map<string, { ok: true; value: Json } | { ok: false }>();

  constructor(
    private readonly archive: ZipArchive,
    root: string,
    private readonly findings: Findings,
  ) {
    for (const e of archive.entries) if (e.name.startsWith(root)) this.byPath.set(e.name.slice(root.length), e);
  }

  get paths(): string[] {
    return [...this.byPath.keys()];
  }

  has(path: string): boolean {
    return this.byPath.has(path);
  }

  bytes(path: string): Uint8Array | null {
    const e = this.byPath.get(path);
    if (!e) return null;
    try {
      return this.archive.read(e);
    } catch (err) {
      this.findings.error("file.unreadable", path, `the file cannot be read out of the zip: ${(err as Error).message}`);
      return null;
    }
  }

  /** The first `n` bytes only (a header), or null when absent or unreadable (reported as file.unreadable). */
  head(path: string, n: number): Uint8Array | null {
    const e = this.byPath.get(path);
    if (!e) return null;
    try {
      return this.archive.readHead(e, n);
    } catch (err) {
      this.findings.error("file.unreadable", path, `the file cannot be read out of the zip: ${(err as Error).message}`);
      return null;
    }
  }

  /** Parsed JSON, or undefined when absent or broken (reported once, as json.invalid). */
  json(path: string): Json | undefined {
    let got = this.parsed.get(path);
    if (!got) {
      const bytes = this.bytes(path);
      if (!bytes) return undefined;
      try {
        got = { ok: true, value: JSON.parse(new TextDecoder().decode(bytes).replace(/^\uFEFF/, "")) };
      } catch (err) {
        this.findings.error("json.invalid", path, `not valid JSON, so the game skips it: ${(err as Error).message}`);
        got = { ok: false };
      }
      this.parsed.set(path, got);
    }
    return got.ok ? got.value : undefined;
  }
}

export { splitId } from "../resource-id.ts";

export const modelFile = (id: string) => {
  const [ns, p] = splitId(id);
  return `assets/${ns}/models/${p}.json`;
};
export const textureFile = (id: string) => {
  const [ns, p] = splitId(id);
  return `assets/${ns}/textures/${p}.png`;
};
export const soundFile = (id: string) => {
  const [ns, p] = splitId(id);
  return `assets/${ns}/sounds/${p}.ogg`;
};

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
