/**
 * The command table: each command's words, arguments, options and help in one place, so parsing,
 * `--help` and dispatch cannot drift. Parsing is node:util's parseArgs in strict mode (a well-kept parser
 * that refuses unknown flags and never swallows the next word for a boolean flag).
 */
import type { ParseArgsConfig } from "node:util";
import { SETTING_FLAGS } from "../config.ts";

export type Options = NonNullable<ParseArgsConfig["options"]>;

export interface Command {
  /** The words that name it: ["keys", "create"]. */
  words: string[];
  /** Positional arguments, in order, as shown in help. */
  args: string[];
  summary: string;
  options: Options;
  /** One line per option for help: [flag, text]. */
  optionHelp: [string, string][];
  /** Admin commands open the data folder directly; serve starts the server; tools need no data folder. */
  kind: "serve" | "worker" | "admin" | "tool";
}

/** Options every command takes. */
export const COMMON: Options = {
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  data: { type: "string" },
  database: { type: "string" },
  blobs: { type: "string" },
};
const COMMON_HELP: [string, string][] = [
  ["--data DIR", "the data folder (env PACKSMITH_DATA; default ./data)"],
  ["--database URL", "PostgreSQL instead of the sqlite file in --data (env PACKSMITH_DATABASE_URL)"],
  ["--blobs URL", "an S3 bucket, s3://BUCKET[/prefix], instead of the blob folder (env PACKSMITH_BLOBS_URL)"],
  ["--json", "print one JSON object"],
  ["--help", "this help"],
];
/** Admin commands refuse a folder with no database unless told to make one (a mistyped --data is not a new store). */
const INIT: Options = { init: { type: "boolean" } };
const INIT_HELP: [string, string] = ["--init", "create the database if the data folder has none"];

const settingOptions: Options = Object.fromEntries(SETTING_FLAGS.map((f) => [f, { type: "string" } as const]));

export const COMMANDS: Command[] = [
  {
    words: ["serve"],
    args: [],
    summary: "serve the REST API, the MCP tool server and the studio",
    options: settingOptions,
    optionHelp: [
      ["--port N", "listening port, 0 = any free one (default 8080)"],
      ["--host ADDR", "listening address (default 127.0.0.1)"],
      ["--workers N", "generation threads (default: the CPU count); 0 = accept and queue only, `worker` runs them"],
      ["--SETTING VALUE", "any setting of the README's configuration table (env PACKSMITH_<SETTING>)"],
    ],
    kind: "serve",
  },
  {
    words: ["worker"],
    args: [],
    summary: "run generation jobs from the shared store (no HTTP); pairs with serve --workers 0",
    options: settingOptions,
    optionHelp: [
      ["--concurrency N", "jobs run at once, one worker thread each (default: the CPU count)"],
      ["--lease-seconds N", "how long a claim lasts unrenewed; a dead worker's jobs move on after it (default 30)"],
      ["--SETTING VALUE", "any setting of the README's configuration table (env PACKSMITH_<SETTING>)"],
    ],
    kind: "worker",
  },
  {
    words: ["accounts", "create"],
    args: ["NAME"],
    summary: "create an account",
    options: { plan: { type: "string" }, credits: { type: "string" }, ...INIT },
    optionHelp: [
      ["--plan P", "starter, creator (default) or pro"],
      ["--credits N", "starting credits (default 0)"],
      INIT_HELP,
    ],
    kind: "admin",
  },
  {
    words: ["accounts", "list"],
    args: [],
    summary: "list accounts with their plan and balance",
    options: {},
    optionHelp: [],
    kind: "admin",
  },
  {
    words: ["keys", "create"],
    args: ["ACCOUNT"],
    summary: "create an API key: the key alone on stdout (shown once), its id on stderr",
    options: { kind: { type: "string" }, "read-only": { type: "boolean" } },
    optionHelp: [
      ["--kind K", "rest (default) or mcp"],
      ["--read-only", "the key can only read"],
    ],
    kind: "admin",
  },
  {
    words: ["keys", "revoke"],
    args: ["KEY_ID"],
    summary: "revoke a key: it fails on its next request",
    options: {},
    optionHelp: [],
    kind: "admin",
  },
  {
    words: ["keys", "list"],
    args: ["ACCOUNT"],
    summary: "an account's keys: id, kind, prefix, created, last used, state (never the secret)",
    options: {},
    optionHelp: [],
    kind: "admin",
  },
  {
    words: ["credits", "grant"],
    args: ["ACCOUNT", "N"],
    summary: "add N credits (a ledger row)",
    options: {},
    optionHelp: [],
    kind: "admin",
  },
  {
    words: ["check"],
    args: ["ZIP"],
    summary: "check a resource pack zip for one release: errors and warnings by path (exit 1 when it has errors)",
    options: { version: { type: "string" } },
    optionHelp: [["--version V", "the release to check for (default: the one pack.mcmeta names)"]],
    kind: "tool",
  },
  {
    words: ["backup"],
    args: ["DEST"],
    summary: "copy the data folder to DEST (a new or empty folder), consistent while the server runs",
    options: {},
    optionHelp: [],
    kind: "admin",
  },
  {
    words: ["packs", "share"],
    args: ["PACK", "ACCOUNT"],
    summary: "make ACCOUNT a collaborator on PACK",
    options: {},
    optionHelp: [],
    kind: "admin",
  },
];

export const usageLine = (c: Command) => `packsmith ${[...c.words, ...c.args].join(" ")}`;

/** The command named by the leading words, and the words after it. */
export function findCommand(argv: string[]): { command: Command; rest: string[] } | null {
  for (const c of COMMANDS)
    if (c.words.every((w, i) => argv[i] === w)) return { command: c, rest: argv.slice(c.words.length) };
  return null;
}

export function commandHelp(c: Command): string {
  const rows = [...c.optionHelp, ...COMMON_HELP];
  const width = Math.max(...rows.map(([f]) => f.length));
  return [`${usageLine(c)}  —  ${c.summary}`, "", ...rows.map(([f, t]) => `  ${f.padEnd(width)}  ${t}`)].join("\n");
}

export function globalHelp(version: string): string {
  const width = Math.max(...COMMANDS.map((c) => usageLine(c).length));
  return [
    `packsmith ${version} — builds Minecraft Java resource packs`,
    "",
    ...COMMANDS.map((c) => `  ${usageLine(c).padEnd(width)}  ${c.summary}`),
    "",
    "No command means serve. Every command takes --json, --data DIR and --help; --version prints the version.",
  ].join("\n");
}
