/**
 * What the checker may assume the game brings itself, for one release. Only questions the game data
 * (src/pack/game-data.ts) answers are asked; a vanilla model, sound file or a texture outside the block and item
 * folders is taken as present, because no table lists them: the checker never reports what it cannot prove.
 */
import { hasGuiFile, hasTexture } from "../game-data.ts";
import { splitId } from "./files.ts";

const FOLDERS: Record<string, "block" | "item"> = { block: "block", blocks: "block", item: "item", items: "item" };

/** A minecraft: texture the release ships: true, false, or null when the data cannot tell. */
export function vanillaTexture(id: string, version: string): boolean | null {
  const [ns, path] = splitId(id);
  if (ns !== "minecraft") return false;
  const slash = path.indexOf("/");
  const kind = FOLDERS[path.slice(0, slash)];
  if (!kind || path.indexOf("/", slash + 1) >= 0) return null;
  return hasTexture(kind, path.slice(slash + 1), version);
}

/** A textures/gui path (below gui/, no .png) the release reads. */
export const vanillaGuiFile = (path: string, version: string) => hasGuiFile(path, version);
