import { resolve } from "node:path";
import { cpus } from "node:os";

/**
 * Every setting, with its default. Each has a flag (`--port`) and an env twin (`PACKSMITH_PORT`);
 * flags win over env, env over defaults. README's configuration table lists the same names.
 */
export interface Config {
  port: number;
  host: string;
  data: string;
  /** Worker threads that run generation; defaults to the CPU count. */
  workers: number;
  defaultVersion: string;
  packLimits: { starter: number; creator: number; pro: number };
  assetLimit: number;
  rate: { reads: number; writes: number; origin: number; windowMs: number };
  costs: Record<GenerationOp, number>;
  /** Operations switched off (answer 503 unavailable, left out of the MCP tool list). */
  disabled: Set<string>;
  limits: {
    jsonBodyBytes: number;
    inlineFileBytes: number;
    uploadBytes: number;
    importZipBytes: number;
    urlFetchBytes: number;
  };
  fetch: { allowHttp: boolean; allowPrivate: boolean; connectTimeoutMs: number; totalTimeoutMs: number };
  provider: {
    name: "procedural" | "openai-images";
    baseUrl: string;
    model: string;
    apiKey: string;
    callTimeoutMs: number;
  };
  runTimeoutMs: number;
  staleMinutes: { default: number; models: number };
  mcp: { allowedHosts: string[]; waitDefaultSeconds: number; waitMaxSeconds: number };
  publicUrl: string;
  bootstrap: boolean;
}

export type GenerationOp = "texture" | "model" | "item" | "gui" | "hud" | "icon" | "sound";

type Source = Record<string, string | undefined>;

const num = (v: string | undefined, d: number) => {
  if (v === undefined || v === "") return d;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`setting expects a number, got '${v}'`);
  return n;
};
const bool = (v: string | undefined, d: boolean) => (v === undefined || v === "" ? d : /^(1|true|yes|on)$/i.test(v));
const list = (v: string | undefined, d: string[]) =>
  v === undefined
    ? d
    : v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);

/** Reads `--flag value` / `--flag=value` pairs into a map keyed by the flag name. */
export function parseFlags(args: string[]): { flags: Source; rest: string[] } {
  const flags: Source = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith("--")) {
      rest.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    if (eq > 0) flags[a.slice(2, eq)] = a.slice(eq + 1);
    else if (i + 1 < args.length && !args[i + 1].startsWith("--")) flags[a.slice(2)] = args[++i];
    else flags[a.slice(2)] = "true";
  }
  return { flags, rest };
}

/** `--rate-reads` ↔ `PACKSMITH_RATE_READS`. */
const envName = (flag: string) => "PACKSMITH_" + flag.toUpperCase().replace(/-/g, "_");

export function loadConfig(flags: Source = {}, env: Source = process.env): Config {
  const get = (flag: string) => flags[flag] ?? env[envName(flag)];
  const port = num(get("port"), 8080);
  const host = get("host") ?? "127.0.0.1";
  return {
    port,
    host,
    data: resolve(get("data") ?? "./data"),
    workers: Math.max(1, num(get("workers"), cpus().length || 1)),
    defaultVersion: get("default-version") ?? "1.21.11",
    packLimits: {
      starter: num(get("pack-limit-starter"), 0),
      creator: num(get("pack-limit-creator"), 25),
      pro: num(get("pack-limit-pro"), 250),
    },
    assetLimit: num(get("asset-limit"), 10_000),
    rate: {
      reads: num(get("rate-reads"), 120),
      writes: num(get("rate-writes"), 30),
      origin: num(get("rate-origin"), 60),
      windowMs: num(get("rate-window-ms"), 60_000),
    },
    costs: {
      texture: num(get("cost-texture"), 1),
      item: num(get("cost-item"), 1),
      icon: num(get("cost-icon"), 1),
      gui: num(get("cost-gui"), 2),
      hud: num(get("cost-hud"), 2),
      sound: num(get("cost-sound"), 1),
      model: num(get("cost-model"), 5),
    },
    disabled: new Set(list(get("disable"), [])),
    limits: {
      jsonBodyBytes: num(get("max-json-bytes"), 12 * 1024 * 1024),
      inlineFileBytes: num(get("max-inline-bytes"), 8 * 1024 * 1024),
      uploadBytes: num(get("max-upload-bytes"), 256 * 1024 * 1024),
      importZipBytes: num(get("max-import-bytes"), 256 * 1024 * 1024),
      urlFetchBytes: num(get("max-fetch-bytes"), 64 * 1024 * 1024),
    },
    fetch: {
      allowHttp: bool(get("fetch-allow-http"), false),
      allowPrivate: bool(get("fetch-allow-private"), false),
      connectTimeoutMs: num(get("fetch-connect-timeout-ms"), 5_000),
      totalTimeoutMs: num(get("fetch-timeout-ms"), 30_000),
    },
    provider: {
      name: (get("provider") ?? "procedural") as Config["provider"]["name"],
      baseUrl: get("provider-url") ?? "https://api.openai.com/v1",
      model: get("provider-model") ?? "gpt-image-1",
      apiKey: get("provider-key") ?? "",
      callTimeoutMs: num(get("provider-timeout-ms"), 5 * 60_000),
    },
    runTimeoutMs: num(get("run-timeout-ms"), 20 * 60_000),
    staleMinutes: { default: num(get("stale-minutes"), 25), models: num(get("stale-minutes-models"), 45) },
    mcp: {
      allowedHosts: list(get("mcp-allowed-hosts"), ["localhost", "127.0.0.1", "[::1]"]),
      waitDefaultSeconds: num(get("mcp-wait-default-seconds"), 30),
      waitMaxSeconds: num(get("mcp-wait-max-seconds"), 50),
    },
    /** Base URL used in answers (upload URLs, export links); empty = the address the server listens on. */
    publicUrl: get("public-url") ?? "",
    bootstrap: bool(get("bootstrap"), true),
  };
}
