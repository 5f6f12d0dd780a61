import { resolve } from "node:path";
import { cpus } from "node:os";
import { isRelease, newestRelease, oldestRelease } from "./pack/versions.ts";
import { BadEngineUrl, parseBlobsUrl, parseDatabaseUrl } from "./store/engine-urls.ts";

/**
 * Every setting, with its default. Each has a flag (`--port`) and an env twin (`PACKSMITH_PORT`);
 * flags win over env, env over defaults. README's configuration table lists the same names.
 */
export interface Config {
  port: number;
  host: string;
  data: string;
  /** `--database`: a postgres:// URL (checked at load); absent, the sqlite file in `data`. */
  database?: string;
  /** `--blobs`: an s3://BUCKET[/prefix] URL (checked at load); absent, the blob folder in `data`. */
  blobs?: string;
  /** Worker threads that run generation; defaults to the CPU count. 0: an API process only (jobs run elsewhere). */
  workers: number;
  /** How long a runner's claim on a job lasts unrenewed (renewed every third of it while the job runs). */
  leaseMs: number;
  /** Claims of one job whose runs were all cut off (runner killed or crashed) before it is failed and refunded. */
  maxAttempts: number;
  /** Jobs a `packsmith worker` process runs at once (its worker threads); defaults to the CPU count. */
  concurrency: number;
  defaultVersion: string;
  packLimits: { starter: number; creator: number; pro: number };
  assetLimit: number;
  rate: { reads: number; writes: number; origin: number; checks: number; windowMs: number };
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
  /** What one pack check (POST /v1/check, check_pack, an import's check) may spend before it is refused. */
  check: { maxPixels: number; maxFiles: number; timeoutMs: number };
  /** Bytes of scaled previews (get_asset_file with scale) kept in memory, by blob and scale. */
  previewCacheBytes: number;
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
  mcp: {
    allowedHosts: string[];
    waitDefaultSeconds: number;
    waitMaxSeconds: number;
    /**
     * How often a waiting wait_for_job re-checks its jobs on its own. A job finished in this process, or in another
     * on the same PostgreSQL (NOTIFY), wakes it at once; on sqlite a job finished by a `packsmith worker`
     * process is seen at the next re-check.
     */
    waitRecheckMs: number;
  };
  publicUrl: string;
  /** How long a signed download link (export_pack's url) stays valid. */
  signedUrlSeconds: number;
  bootstrap: boolean;
}

export type GenerationOp = "texture" | "model" | "item" | "gui" | "hud" | "icon" | "sound";

type Source = Record<string, string | undefined>;

/** A setting's value that is out of range or of the wrong kind: the CLI prints the message and exits 2. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Where a value came from, for messages: `--port` or `PACKSMITH_PORT`. */
type Named = { value: string | undefined; name: string };

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** A whole number in [min, max]; an empty or absent value takes the default. */
function int(v: Named, d: number, min: number, max = MAX_SAFE): number {
  if (v.value === undefined || v.value === "") return d;
  const n = Number(v.value);
  if (!/^-?\d+$/.test(v.value.trim()) || !Number.isSafeInteger(n))
    throw new ConfigError(`${v.name} takes a whole number, got '${v.value}'`);
  if (n < min || n > max) throw new ConfigError(`${v.name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(v: Named, d: boolean): boolean {
  if (v.value === undefined || v.value === "") return d;
  if (/^(1|true|yes|on)$/i.test(v.value)) return true;
  if (/^(0|false|no|off)$/i.test(v.value)) return false;
  throw new ConfigError(`${v.name} takes true or false, got '${v.value}'`);
}

function oneOf<T extends string>(v: Named, d: T, values: readonly T[]): T {
  if (v.value === undefined || v.value === "") return d;
  if (!values.includes(v.value as T))
    throw new ConfigError(`${v.name} must be one of ${values.join(", ")}, got '${v.value}'`);
  return v.value as T;
}

function url(v: Named, d: string): string {
  if (v.value === undefined || v.value === "") return d;
  let u: URL;
  try {
    u = new URL(v.value);
  } catch {
    throw new ConfigError(`${v.name} takes an http(s) URL, got '${v.value}'`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:")
    throw new ConfigError(`${v.name} takes an http(s) URL, got '${v.value}'`);
  return v.value.replace(/\/+$/, "");
}

/** An engine URL, checked now so a wrong one stops the start with one line (BadEngineUrl says what is wrong). */
function engineUrl(v: Named, parse: (text: string) => unknown): string | undefined {
  if (!v.value) return undefined;
  try {
    parse(v.value);
  } catch (e) {
    // The rule's own words name the flag; the env twin is named when that is where the value came from.
    if (e instanceof BadEngineUrl)
      throw new ConfigError(v.name.startsWith("--") ? e.message : `${v.name}: ${e.message}`);
    throw e;
  }
  return v.value;
}

function version(v: Named, d: string): string {
  if (v.value === undefined || v.value === "") return d;
  if (!isRelease(v.value))
    throw new ConfigError(
      `${v.name} must be a known Minecraft release (${oldestRelease} to ${newestRelease}), got '${v.value}'`,
    );
  return v.value;
}

const list = (v: Named, d: string[]) =>
  v.value === undefined
    ? d
    : v.value
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
const envName = (flag: string) =>
  // The two engine URLs say so in their env names, as deploy tooling expects of a *_URL variable.
  flag === "database" || flag === "blobs"
    ? `PACKSMITH_${flag.toUpperCase()}_URL`
    : "PACKSMITH_" + flag.toUpperCase().replace(/-/g, "_");

/** Every flag name a setting answers to (serve accepts these; README's configuration table lists them). */
export const SETTING_FLAGS = [
  "port",
  "host",
  "data",
  "database",
  "blobs",
  "workers",
  "lease-seconds",
  "max-attempts",
  "concurrency",
  "default-version",
  "pack-limit-starter",
  "pack-limit-creator",
  "pack-limit-pro",
  "asset-limit",
  "rate-reads",
  "rate-writes",
  "rate-origin",
  "rate-checks",
  "rate-window-ms",
  "cost-texture",
  "cost-item",
  "cost-icon",
  "cost-gui",
  "cost-hud",
  "cost-sound",
  "cost-model",
  "disable",
  "max-json-bytes",
  "max-inline-bytes",
  "max-upload-bytes",
  "max-import-bytes",
  "max-fetch-bytes",
  "check-max-pixels",
  "check-max-files",
  "check-timeout-ms",
  "preview-cache-bytes",
  "fetch-allow-http",
  "fetch-allow-private",
  "fetch-connect-timeout-ms",
  "fetch-timeout-ms",
  "provider",
  "provider-url",
  "provider-model",
  "provider-key",
  "provider-timeout-ms",
  "run-timeout-ms",
  "stale-minutes",
  "stale-minutes-models",
  "mcp-allowed-hosts",
  "mcp-wait-default-seconds",
  "mcp-wait-max-seconds",
  "mcp-wait-recheck-seconds",
  "public-url",
  "signed-url-seconds",
  "bootstrap",
] as const;

const GiB = 1024 * 1024 * 1024;
const HOUR_MS = 3_600_000;

/** wait_for_job's timeout settings when none are given; its input schema under these is the table's static one. */
export const MCP_WAIT_DEFAULTS = { waitDefaultSeconds: 30, waitMaxSeconds: 50 };

/**
 * Reads and checks every setting: a value of the wrong kind or out of range throws ConfigError naming the
 * flag (or env variable) and the allowed values, so a typo stops the start instead of running misconfigured.
 */
export function loadConfig(flags: Source = {}, env: Source = process.env): Config {
  const get = (flag: string): Named =>
    flags[flag] !== undefined
      ? { value: flags[flag], name: `--${flag}` }
      : { value: env[envName(flag)], name: envName(flag) };
  const mcpWaitMax = int(get("mcp-wait-max-seconds"), MCP_WAIT_DEFAULTS.waitMaxSeconds, 1, 3600);
  return {
    port: int(get("port"), 8080, 0, 65535),
    host: get("host").value || "127.0.0.1",
    data: resolve(get("data").value || "./data"),
    database: engineUrl(get("database"), parseDatabaseUrl),
    blobs: engineUrl(get("blobs"), parseBlobsUrl),
    workers: int(get("workers"), cpus().length || 1, 0, 256),
    leaseMs: int(get("lease-seconds"), 30, 1, 3600) * 1000,
    maxAttempts: int(get("max-attempts"), 3, 1, 100),
    concurrency: int(get("concurrency"), cpus().length || 1, 1, 256),
    defaultVersion: version(get("default-version"), "1.21.11"),
    packLimits: {
      starter: int(get("pack-limit-starter"), 0, 0),
      creator: int(get("pack-limit-creator"), 25, 0),
      pro: int(get("pack-limit-pro"), 250, 0),
    },
    assetLimit: int(get("asset-limit"), 10_000, 1),
    rate: {
      reads: int(get("rate-reads"), 120, 1),
      writes: int(get("rate-writes"), 30, 1),
      origin: int(get("rate-origin"), 60, 1),
      checks: int(get("rate-checks"), 10, 1),
      windowMs: int(get("rate-window-ms"), 60_000, 1, 24 * HOUR_MS),
    },
    costs: {
      texture: int(get("cost-texture"), 1, 0, 1_000_000),
      item: int(get("cost-item"), 1, 0, 1_000_000),
      icon: int(get("cost-icon"), 1, 0, 1_000_000),
      gui: int(get("cost-gui"), 2, 0, 1_000_000),
      hud: int(get("cost-hud"), 2, 0, 1_000_000),
      sound: int(get("cost-sound"), 1, 0, 1_000_000),
      model: int(get("cost-model"), 5, 0, 1_000_000),
    },
    disabled: new Set(list(get("disable"), [])),
    limits: {
      jsonBodyBytes: int(get("max-json-bytes"), 12 * 1024 * 1024, 1, 4 * GiB),
      inlineFileBytes: int(get("max-inline-bytes"), 8 * 1024 * 1024, 1, 4 * GiB),
      uploadBytes: int(get("max-upload-bytes"), 256 * 1024 * 1024, 1, 4 * GiB),
      importZipBytes: int(get("max-import-bytes"), 256 * 1024 * 1024, 1, 4 * GiB),
      urlFetchBytes: int(get("max-fetch-bytes"), 64 * 1024 * 1024, 1, 4 * GiB),
    },
    check: {
      maxPixels: int(get("check-max-pixels"), 256 * 1024 * 1024, 1),
      maxFiles: int(get("check-max-files"), 20_000, 1),
      timeoutMs: int(get("check-timeout-ms"), 60_000, 1, HOUR_MS),
    },
    previewCacheBytes: int(get("preview-cache-bytes"), 32 * 1024 * 1024, 0, 4 * GiB),
    fetch: {
      allowHttp: bool(get("fetch-allow-http"), false),
      allowPrivate: bool(get("fetch-allow-private"), false),
      connectTimeoutMs: int(get("fetch-connect-timeout-ms"), 5_000, 1, HOUR_MS),
      totalTimeoutMs: int(get("fetch-timeout-ms"), 30_000, 1, HOUR_MS),
    },
    provider: {
      name: oneOf(get("provider"), "procedural", ["procedural", "openai-images"] as const),
      baseUrl: url(get("provider-url"), "https://api.openai.com/v1"),
      model: get("provider-model").value || "gpt-image-1",
      apiKey: get("provider-key").value ?? "",
      callTimeoutMs: int(get("provider-timeout-ms"), 5 * 60_000, 1, HOUR_MS),
    },
    runTimeoutMs: int(get("run-timeout-ms"), 20 * 60_000, 1, 24 * HOUR_MS),
    staleMinutes: {
      default: int(get("stale-minutes"), 25, 1, 7 * 24 * 60),
      models: int(get("stale-minutes-models"), 45, 1, 7 * 24 * 60),
    },
    mcp: {
      allowedHosts: list(get("mcp-allowed-hosts"), ["localhost", "127.0.0.1", "[::1]"]),
      waitDefaultSeconds: int(get("mcp-wait-default-seconds"), MCP_WAIT_DEFAULTS.waitDefaultSeconds, 1, mcpWaitMax),
      waitMaxSeconds: mcpWaitMax,
      waitRecheckMs: int(get("mcp-wait-recheck-seconds"), 5, 1, 3600) * 1000,
    },
    /** Base URL used in answers (upload URLs, export links); empty = the address the server listens on. */
    publicUrl: url(get("public-url"), ""),
    signedUrlSeconds: int(get("signed-url-seconds"), 3600, 60, 7 * 24 * 3600),
    bootstrap: bool(get("bootstrap"), true),
  };
}
