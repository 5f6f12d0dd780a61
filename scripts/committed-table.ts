/**
 * The one way the table scripts (scripts/lexicon.ts, library.ts, colour-names.ts) write a committed table or, with
 * `--check`, exit 1 when the committed file differs from what the pinned packages give.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

export function writeOrCheck(path: string, text: string, rerun: string, summary: () => string): void {
  const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
  if (!values.check) {
    writeFileSync(path, text);
    console.log(summary());
    return;
  }
  let current = "";
  try {
    current = readFileSync(path, "utf8");
  } catch {}
  if (current !== text) {
    console.error(`${path}: differs from what the packages give (run: ${rerun})`);
    process.exit(1);
  }
}
