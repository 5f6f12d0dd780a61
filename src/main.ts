#!/usr/bin/env bun
import { loadConfig, parseFlags } from "./config.ts";
import { openServices } from "./services.ts";
import { startServer } from "./listen.ts";
import { ApiError } from "./core/errors.ts";

/** CLI entry: `packsmith serve` and the admin commands (DESIGN.md contract table). */
async function main(argv: string[]) {
  const { flags, rest } = parseFlags(argv);
  const asJson = flags.json === "true";
  const command = rest[0] ?? "serve";
  if (command === "help" || flags.help === "true") {
    console.log(HELP);
    return;
  }
  if (command === "serve") {
    const config = loadConfig(flags);
    const server = await startServer(config);
    // Handlers go in before the banner: a supervisor may signal as soon as it reads it.
    const stop = async () => {
      await server.stop();
      process.exit(0);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    const keys = config.bootstrap ? (await import("./cli/admin.ts")).bootstrapIfEmpty(server.svc) : null;
    if (asJson) console.log(JSON.stringify({ url: server.url, data: config.data, ...(keys ? { keys } : {}) }));
    else {
      console.log(`packsmith serving ${server.url} (data: ${config.data})`);
      if (keys) {
        console.log("First start: created account 'local' (plan pro, 1000 credits). These keys are shown once:");
        console.log(`  REST key: ${keys.rest}`);
        console.log(`  MCP key:  ${keys.mcp}`);
      }
    }
    return;
  }
  const { runAdmin } = await import("./cli/admin.ts");
  const svc = openServices(loadConfig(flags));
  try {
    const answer = runAdmin(svc, rest, flags);
    console.log(asJson ? JSON.stringify(answer.json) : answer.text);
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError("request_failed", (e as Error).message);
    if (asJson) console.log(JSON.stringify(err.toBody()));
    else console.error(`error: ${err.message}`);
    process.exitCode = 2;
  } finally {
    svc.db.close();
  }
}

const HELP = `packsmith — builds Minecraft Java resource packs

  packsmith serve [--port 8080] [--data ./data] [--host 127.0.0.1]
  packsmith accounts create NAME [--plan starter|creator|pro] [--credits N]
  packsmith keys create ACCOUNT [--kind rest|mcp] [--read-only]
  packsmith keys revoke KEY_ID
  packsmith keys list ACCOUNT
  packsmith credits grant ACCOUNT N
  packsmith packs share PACK ACCOUNT
Every command takes --json (one JSON object out) and --data DIR (or PACKSMITH_DATA).`;

main(process.argv.slice(2)).catch((e) => {
  console.error(e);
  process.exit(1);
});
