/**
 * Writes the version-exact game tables into src/data/game/ from the dev dependencies minecraft-assets and
 * minecraft-data (plus src/data/game/delta.json for what they do not cover).
 *
 *   bun scripts/game-data.ts           rewrite the tables
 *   bun scripts/game-data.ts --check   exit 1 when the committed tables differ from what the packages give
 *
 * To refresh for a new Minecraft release: bump the two packages in package.json, run this, review the diff.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildTables } from "./game-data/tables.ts";

const OUT = join(import.meta.dir, "..", "src", "data", "game");
const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });

const tables = buildTables();
let stale = 0;
for (const [file, text] of Object.entries(tables)) {
  const path = join(OUT, file);
  if (values.check) {
    let current = "";
    try {
      current = readFileSync(path, "utf8");
    } catch {}
    if (current !== text) {
      stale++;
      console.error(`${file}: differs from what the packages give (run: bun scripts/game-data.ts)`);
    }
  } else {
    writeFileSync(path, text);
    console.log(`${file}: ${(text.length / 1024).toFixed(0)} KiB`);
  }
}
if (stale) process.exit(1);
