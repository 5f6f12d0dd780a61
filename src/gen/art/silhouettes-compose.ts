/**
 * Item silhouettes of the families issue 28 added, one file per domain: tools and devices, food and nature,
 * keepsakes and playthings. The letter legend is in silhouettes.ts; the parts of each letter in assembly.ts.
 */
import type { Family } from "./silhouettes.ts";
import { COMPOSED_LIFE } from "./silhouettes-compose-life.ts";
import { COMPOSED_OBJECTS } from "./silhouettes-compose-objects.ts";
import { COMPOSED_TOOLS } from "./silhouettes-compose-tools.ts";

export const COMPOSED_SILHOUETTES: Partial<Record<Family, string[]>> = {
  ...COMPOSED_TOOLS,
  ...COMPOSED_LIFE,
  ...COMPOSED_OBJECTS,
};
