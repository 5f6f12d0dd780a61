import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { strict } from "./schemas.ts";
import { ApiError } from "../core/errors.ts";
import { type NameKind, textureNameFor, vanillaNames } from "../pack/game-data.ts";
import { nearWords } from "../pack/suggest.ts";
import { isRelease, newestRelease } from "../pack/versions.ts";

const KINDS: NameKind[] = ["block-texture", "item-texture", "item", "block", "sound-event", "gui-container"];
const MAX = 200;

export const listVanillaNamesOp = defineOp({
  name: "list_vanilla_names",
  method: "GET",
  path: "/vanilla-names",
  query: ["kind", "search", "minecraftVersion", "limit"],
  tag: "generation",
  summary: "Search the game's own names",
  description:
    "The vanilla names a release has, from the game data (minecraft-data, minecraft-assets): block textures (vanillaTarget), item textures (item target), item ids, blocks (carrierBlockId), sound events (event), GUI container screens (gui target). search matches anywhere in the name; when nothing contains it, the closest names are answered instead (near). Free. Next: generate_texture, generate_item, generate_sound or generate_model with the name.",
  input: Type.Object(
    {
      kind: Type.Union(
        KINDS.map((k) => Type.Literal(k)),
        { description: "Which names." },
      ),
      search: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "Part of a name, e.g. oak." })),
      minecraftVersion: Type.Optional(
        Type.String({ description: "The release whose names to list (default: the newest known)." }),
      ),
      limit: Type.Optional(
        Type.Integer({ minimum: 1, maximum: MAX, default: 50, description: `At most this many names (1 to ${MAX}).` }),
      ),
    },
    strict,
  ),
  access: "read",
  auth: "key",
  errors: ["invalid_request"],
  output: Type.Object({
    kind: Type.String(),
    minecraftVersion: Type.String(),
    total: Type.Integer({ description: "How many names match (the answer lists up to limit of them)." }),
    names: Type.Array(Type.String()),
    near: Type.Boolean({ description: "True when no name contains search and these are the closest ones." }),
  }),
  run(_ctx, input) {
    const version = input.minecraftVersion ?? newestRelease;
    if (!isRelease(version))
      throw new ApiError("invalid_request", `minecraftVersion '${version}' is not a known Java release`);
    const all = vanillaNames(input.kind as NameKind, version);
    const search = input.search?.toLowerCase().replace(/^minecraft:/, "");
    let names = search ? all.filter((n) => n.includes(search)) : all;
    // Before 1.13 textures had other names: a flattened name finds the old one (oak_log -> log_oak).
    const kind = input.kind === "block-texture" ? "block" : input.kind === "item-texture" ? "item" : null;
    const old = search && kind ? textureNameFor(kind, search, version) : null;
    if (old && !names.includes(old)) names = [old, ...names];
    const near = !!search && names.length === 0;
    if (near) names = nearWords(search, all, MAX);
    return {
      kind: input.kind,
      minecraftVersion: version,
      total: names.length,
      names: names.slice(0, input.limit ?? 50),
      near,
    };
  },
});
