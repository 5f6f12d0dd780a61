#!/usr/bin/env bun
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config.ts";
import { describeEngines, EngineStartFailed, openServices } from "./services.ts";
import { startServer } from "./listen.ts";
import { ApiError, publicError } from "./core/errors.ts";
import { FolderInUse } from "./store/lock.ts";
import { NewerSchema } from "./store/db.ts";
import { COMMON, commandHelp, findCommand, globalHelp, usageLine, type Command } from "./cli/commands.ts";
import { runCheck } from "./cli/check.ts";
import pkg from "../package.json" with { type: "json" };

/** A mistake in how the command was called: one line on stderr, exit 2, never a stack. */
class UsageError extends Error {}

/** CLI entry: `packsmith serve` and the admin commands (DESIGN.md contract table; cli/commands.ts). */
async function main(argv: string[]): Promise<void> {
  if (argv[0] === "--version" || argv[0] === "version") return void console.log(pkg.version);
  if (argv[0] === "help" || argv[0] === "--help" || argv[0] === "-h") {
    const sub = findCommand(argv.slice(1));
    return void console.log(sub ? commandHelp(sub.command) : globalHelp(pkg.version));
  }
  argv = commandWordsFirst(argv);
  // No command words (only flags, or nothing) means serve, as `bun start` does.
  const found =
    findCommand(argv) ?? (argv.length === 0 || argv[0].startsWith("-") ? findCommand(["serve", ...argv]) : null);
  if (!found)
    throw new UsageError(`unknown command '${argv.join(" ")}'; commands: ${COMMANDSUMMARY} (see packsmith --help)`);
  const { command, rest } = found;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...COMMON, ...command.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    // parseArgs explains at length; its first sentence says what is wrong.
    const first = (e as Error).message.split(/\.\s/)[0].replace(/\.$/, "");
    const hint = /ambiguous/.test(first) ? "; write a value that starts with '-' as --flag=VALUE" : "";
    throw new UsageError(`${first}${hint} (see ${usageLine(command)} --help)`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) return void console.log(commandHelp(command));
  if (parsed.positionals.length !== command.args.length)
    throw new UsageError(`usage: ${usageLine(command)} (see --help)`);
  const settings = Object.fromEntries(
    Object.entries(values).filter(([, v]) => typeof v === "string") as [string, string][],
  );
  if (command.kind === "serve") return serve(settings, values.json === true);
  if (command.kind === "worker") return worker(settings, values.json === true);
  if (command.kind === "tool") return void (process.exitCode = runCheck(parsed.positionals[0], values));
  return admin(command, parsed.positionals, values, settings);
}

/** Flags written before the command words (`--json keys list a`, `--data d keys list a`) move after them. */
function commandWordsFirst(argv: string[]): string[] {
  const lead: string[] = [];
  let i = 0;
  while (i < argv.length && argv[i].startsWith("-")) {
    const flag = argv[i];
    const takesValue = (flag === "--data" || flag === "--database" || flag === "--blobs") && i + 1 < argv.length;
    lead.push(...argv.slice(i, takesValue ? i + 2 : i + 1));
    i += takesValue ? 2 : 1;
  }
  const rest = argv.slice(i);
  return rest.length && findCommand(rest) ? [...rest, ...lead] : argv;
}

const COMMANDSUMMARY =
  "serve, worker, accounts create|list, keys create|revoke|list, credits grant, packs share, backup";

async function serve(settings: Record<string, string>, asJson: boolean): Promise<void> {
  const config = loadConfig(settings);
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config);
  } catch (e) {
    if (e instanceof FolderInUse || e instanceof NewerSchema || e instanceof EngineStartFailed)
      throw new UsageError(e.message);
    const code = (e as { code?: string }).code;
    if (code === "EADDRINUSE") throw new UsageError(`port ${config.port} on ${config.host} is already in use`);
    if (code === "EACCES") throw new UsageError(`not allowed to listen on ${config.host}:${config.port}`);
    throw e;
  }
  // Handlers go in before the banner: a supervisor may signal as soon as it reads it.
  const stop = async () => {
    await server.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  const keys = config.bootstrap ? await (await import("./cli/admin.ts")).bootstrapIfEmpty(server.svc) : null;
  const engines = describeEngines(server.svc);
  if (asJson) console.log(JSON.stringify({ url: server.url, data: config.data, engines, ...(keys ? { keys } : {}) }));
  else {
    console.log(`packsmith serving ${server.url} (data: ${config.data}; ${engines})`);
    if (keys) {
      console.log("First start: created account 'local' (plan pro, 1000 credits). These keys are shown once:");
      console.log(`  REST key: ${keys.rest}`);
      console.log(`  MCP key:  ${keys.mcp}`);
    }
  }
}

/** `packsmith worker`: runs jobs until SIGTERM/SIGINT, then finishes what it can and gives the rest back. */
async function worker(settings: Record<string, string>, asJson: boolean): Promise<void> {
  const config = loadConfig(settings);
  // A worker on another engine (--database, once wired) needs no sqlite file.
  const elsewhere = (config as { database?: string }).database;
  if (!elsewhere && !existsSync(join(config.data, "packsmith.sqlite")))
    throw new UsageError(`no Packsmith database in ${config.data}; start serve on it first (or check --data)`);
  const { startWorker } = await import("./jobs/worker-process.ts");
  let running: Awaited<ReturnType<typeof startWorker>>;
  try {
    running = await startWorker(config);
  } catch (e) {
    if (e instanceof NewerSchema) throw new UsageError(e.message);
    throw e;
  }
  const stop = async () => {
    // A job that cannot finish in time is released for another worker (no charge, no refund changes hands).
    await running.stop(WORKER_DRAIN_MS);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  const line = { worker: running.engine.owner, data: config.data, concurrency: config.concurrency };
  console.log(
    asJson
      ? JSON.stringify(line)
      : `packsmith worker ${line.worker} running ${line.concurrency} at once (data: ${line.data})`,
  );
}

/** How long a stopping worker lets its running jobs finish before it releases them. */
const WORKER_DRAIN_MS = 10_000;

async function admin(
  command: Command,
  args: string[],
  values: Record<string, string | boolean | undefined>,
  settings: Record<string, string>,
): Promise<void> {
  const asJson = values.json === true;
  const config = loadConfig(settings);
  if (!config.database && !values.init && !existsSync(join(config.data, "packsmith.sqlite")))
    throw new UsageError(
      `no Packsmith database in ${config.data}; check --data (or PACKSMITH_DATA), or pass --init to create one`,
    );
  const { ADMIN } = await import("./cli/admin.ts");
  let svc: Awaited<ReturnType<typeof openServices>>;
  try {
    svc = await openServices(config);
  } catch (e) {
    if (e instanceof NewerSchema || e instanceof EngineStartFailed) throw new UsageError(e.message);
    throw e;
  }
  try {
    const answer = await ADMIN[command.words.join(" ")](svc, args, values);
    console.log(asJson ? JSON.stringify(answer.json) : answer.text);
    if (answer.note && !asJson) console.error(answer.note);
  } catch (e) {
    const err = publicError(e) ?? new ApiError("request_failed", (e as Error).message);
    if (asJson) console.log(JSON.stringify(err.toBody()));
    else console.error(`error: ${err.message}`);
    process.exitCode = 2;
  } finally {
    await svc.db.close();
  }
}

main(process.argv.slice(2)).catch((e) => {
  if (e instanceof UsageError || e instanceof ConfigError) {
    // With --json the mistake is an error object on stdout, like an admin command's own errors.
    if (process.argv.includes("--json"))
      console.log(JSON.stringify(new ApiError("invalid_request", e.message).toBody()));
    else console.error(`packsmith: ${e.message}`);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});
