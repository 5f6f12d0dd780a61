/**
 * What an asset is, as the store, import, export and the origin registry all record it. Here, below them all,
 * so the origin registry (store layer) names it without reaching up into core/assets.ts.
 */
export const KINDS = ["texture", "model", "font", "sound"] as const;
export type Kind = (typeof KINDS)[number];
