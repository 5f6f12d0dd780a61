import { Type } from "@sinclair/typebox";
import { defineOp } from "./types.ts";
import { PackSlug, strict } from "./schemas.ts";
import { reachablePack } from "../core/packs.ts";
import { createPolymathToken, listPolymathTokens, revokePolymathToken, type PolymathToken } from "../core/polymath.ts";

const TokenView = Type.Object({
  id: Type.String({ description: "The token's id (its first characters): list and revoke it by this." }),
  createdAt: Type.String({ format: "date-time" }),
  revokedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
});
const view = (t: PolymathToken) => ({ id: t.id, createdAt: t.createdAt, revokedAt: t.revokedAt });

export const createPolymathTokenOp = defineOp({
  name: "create_polymath_token",
  method: "POST",
  path: "/packs/{pack}/polymath-tokens",
  pathParams: ["pack"],
  tag: "packs",
  summary: "Create a Polymath upload address for an item plugin",
  description:
    "Creates a revocable upload token for this pack and answers the base address to give an item plugin that uploads its generated pack to a Polymath host (Oraxen's and Nexo's `polymath` upload setting): `baseUrl` = <public-url>/polymath/<token>. Each upload the plugin makes there (multipart POST to <baseUrl>/upload with fields id and pack) is checked like an import and published as a build of this pack; the plugin gets back the build's URL and SHA-1. The token is shown once and is the only key: keep the address secret. Free. Next: list_published_builds; revoke_polymath_token to cut the plugin off.",
  input: Type.Object({ pack: PackSlug }, strict),
  access: "write",
  auth: "key",
  status: 201,
  errors: ["not_found", "forbidden"],
  output: Type.Object({
    id: Type.String(),
    token: Type.String({ description: "The secret, shown once." }),
    baseUrl: Type.String({ description: "What the plugin's Polymath server setting takes." }),
    uploadUrl: Type.String({ description: "Where uploads go: baseUrl + /upload." }),
  }),
  async run({ svc, caller, baseUrl }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    const { token, id } = await createPolymathToken(svc.db, pack.id);
    const base = `${baseUrl}/polymath/${token}`;
    return { id, token, baseUrl: base, uploadUrl: `${base}/upload` };
  },
});

export const listPolymathTokensOp = defineOp({
  name: "list_polymath_tokens",
  method: "GET",
  path: "/packs/{pack}/polymath-tokens",
  pathParams: ["pack"],
  tag: "packs",
  summary: "List the pack's Polymath upload tokens",
  description:
    "The pack's Polymath upload tokens by id, with when each was made and revoked (the secrets are never shown again). Free. Next: revoke_polymath_token.",
  input: Type.Object({ pack: PackSlug }, strict),
  access: "read",
  auth: "key",
  errors: ["not_found"],
  output: Type.Object({ tokens: Type.Array(TokenView) }),
  async run({ svc, caller }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    return { tokens: (await listPolymathTokens(svc.db, pack.id)).map(view) };
  },
});

export const revokePolymathTokenOp = defineOp({
  name: "revoke_polymath_token",
  method: "DELETE",
  path: "/packs/{pack}/polymath-tokens/{id}",
  pathParams: ["pack", "id"],
  tag: "packs",
  summary: "Revoke a Polymath upload token",
  description:
    "Revokes one upload token: uploads to its address are refused from the next request on (builds it published stay up; unpublish_build takes them down). Free. Next: create_polymath_token for a new address.",
  input: Type.Object(
    {
      pack: PackSlug,
      id: Type.String({ minLength: 1, maxLength: 64, description: "A token id from list_polymath_tokens." }),
    },
    strict,
  ),
  access: "write",
  auth: "key",
  errors: ["not_found", "forbidden"],
  output: TokenView,
  async run({ svc, caller }, input) {
    const { pack } = await reachablePack(svc.db, input.pack, caller.account.id);
    return view(await revokePolymathToken(svc.db, pack.id, input.id));
  },
});
