/**
 * `packsmith check ZIP [--version V] [--json]`: the pack checker on a file, no data folder needed. Exit 0 when
 * the pack has no errors, 1 when it has, 2 when the file cannot be checked (missing, not a pack, bad version).
 */
import { readFileSync } from "node:fs";
import { ApiError, publicError } from "../core/errors.ts";
import { type CheckReport, checkPackZip } from "../pack/check/index.ts";

export function runCheck(file: string, values: Record<string, string | boolean | undefined>): number {
  const asJson = values.json === true;
  let report: CheckReport;
  try {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(file));
    } catch (e) {
      throw new ApiError(
        "invalid_request",
        `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
    report = checkPackZip(bytes, { version: typeof values.version === "string" ? values.version : undefined });
  } catch (e) {
    const known = publicError(e);
    if (!known) throw e;
    if (asJson) console.log(JSON.stringify(known.toBody()));
    else console.error(`packsmith check: ${known.message}`);
    return 2;
  }
  if (asJson) console.log(JSON.stringify(report));
  else console.log(describe(report));
  return report.errors.length ? 1 : 0;
}

/** Findings grouped by path, errors first, then a one-line summary. */
function describe(r: CheckReport): string {
  const lines: string[] = [];
  const all = [
    ...r.errors.map((f) => ({ ...f, level: "error" })),
    ...r.warnings.map((f) => ({ ...f, level: "warning" })),
  ];
  const paths = [...new Set(all.map((f) => f.path))].sort();
  for (const p of paths) {
    lines.push(p);
    for (const f of all.filter((x) => x.path === p)) lines.push(`  ${f.level} ${f.rule}: ${f.message}`);
  }
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  lines.push(
    `${plural(r.files, "file")} checked for ${r.version} (${r.versionSource === "given" ? "--version" : r.versionSource}): ${plural(r.errors.length, "error")}, ${plural(r.warnings.length, "warning")}`,
  );
  return lines.join("\n");
}
