import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { NameText, Pack, PackSlug, strict } from "./schemas.ts";
import { createPack, listReachablePacks, reachablePack } from "../core/packs.ts";
import { ApiError } from "../core/errors.ts";
import { packView } from "./views.ts";
import { minVersionOf } from "../core/min-version.ts";
import { isRelease } from "../pack/versions.ts";

export const listPacks = defineOp({
  name: "list_packs",
  method: "GET",
  path: "/packs",
  tag: "packs",
  summary: "List packs",
  description:
    "Lists every pack this key can reach (owned and shared), with asset counts. Free. Next: get_pack or list_assets on a slug.",
  input: Type.Object({}, strict),
  access: "read",
  auth: "key",
  output: Type.Object({ packs: Type.Array(Pack) }),
  async run({ svc, caller }) {
    return {
      packs: await Promise.all(
        (await listReachablePacks(svc.db, caller.account.id)).map(({ pack, role }) => packView(svc, pack, role)),
      ),
    };
  },
});

export const createPackOp = defineOp({
  name: "create_pack",
  examples: [
    { summary: "A pack for the server's default release", value: { name: "Castle Pack" } },
    { summary: "A pack for 1.20.1", value: { name: "Castle Pack 1.20", minecraftVersion: "1.20.1" } },
  ],
  method: "POST",
  path: "/packs",
  tag: "packs",
  summary: "Create a pack",
  description:
    "Creates an empty pack and returns it; read its `slug` from the answer (never predict it). Free; counts toward the plan's pack limit. Next: generate_* tools to fill it, then export_pack.",
  input: Type.Object(
    {
      name: NameText(100, "Display name, 1 to 100 characters."),
      minecraftVersion: Type.Optional(
        Type.String({
          description: "Game release the pack targets, e.g. 1.21.11; defaults to the server's default version.",
        }),
      ),
    },
    strict,
  ),
  access: "write",
  auth: "key",
  status: 201,
  errors: ["invalid_request", "pack_limit_reached"],
  output: Type.Object({ pack: Pack }),
  async run({ svc, caller }, input) {
    const name = input.name.trim();
    if (!name) throw new ApiError("invalid_request", "name must not be blank");
    const version = input.minecraftVersion ?? svc.config.defaultVersion;
    if (!isRelease(version))
      throw new ApiError("invalid_request", `minecraftVersion '${version}' is not a known Java release`);
    const account = caller.account;
    const pack = await createPack(svc.db, account, name, version, svc.config.packLimits[account.plan]);
    return { pack: await packView(svc, pack, "owner") };
  },
});

export const getPack = defineOp({
  name: "get_pack",
  method: "GET",
  path: "/packs/{pack}",
  pathParams: ["pack"],
  tag: "packs",
  summary: "Get a pack",
  description:
    "One pack with its asset counts and `minVersion`, the oldest game version its contents load on. Free. Next: list_assets to see handles, export_pack to build the zip.",
  input: Type.Object({ pack: PackSlug }, strict),
  access: "read",
  auth: "key",
  errors: ["not_found"],
  output: Type.Object({ pack: Pack }),
  async run({ svc, caller }, input) {
    const { pack, role } = await reachablePack(svc.db, input.pack, caller.account.id);
    return { pack: { ...(await packView(svc, pack, role)), minVersion: await minVersionOf(svc.db, pack) } };
  },
});
