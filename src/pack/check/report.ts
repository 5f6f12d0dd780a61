/**
 * What the pack checker answers: findings by rule, each with the path it is about and a message in plain words.
 * Errors are what the game certainly fails on (a missing file, a model it drops, JSON it cannot read); warnings
 * are what it ignores or what the checker cannot prove either way (a vanilla name the game data does not list).
 */
export type Severity = "error" | "warning";

export interface Finding {
  /** A stable rule id, e.g. "model.texture-missing" (README "Checking a pack" lists them). */
  rule: string;
  path: string;
  message: string;
}

export interface CheckReport {
  version: string;
  /** Where the version came from: the caller, the pack's pack.mcmeta, or the newest release. */
  versionSource: "given" | "pack.mcmeta" | "default";
  files: number;
  errors: Finding[];
  warnings: Finding[];
}

export class Findings {
  readonly errors: Finding[] = [];
  readonly warnings: Finding[] = [];
  error(rule: string, path: string, message: string): void {
    this.errors.push({ rule, path, message });
  }
  warn(rule: string, path: string, message: string): void {
    this.warnings.push({ rule, path, message });
  }
}

/** Findings in a stable order: by path, then rule. */
export const byPathAndRule = (a: Finding, b: Finding) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0;
