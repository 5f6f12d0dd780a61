import { Type } from "@sinclair/typebox";
import { defineOp, type OpContext } from "./types.ts";
import { strict } from "./schemas.ts";
import { ApiError } from "../core/errors.ts";
import { ledger } from "../core/accounts.ts";
import { createKey, listKeys, revokeKey } from "../core/keys.ts";
import { getAssetById } from "../core/assets.ts";
import { getPackById } from "../core/packs.ts";

/**
 * The account face of the web studio: balance, ledger and key management. Not MCP tools: an agent has
 * no business minting or revoking the keys it runs on.
 */
const ApiKey = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal("rest"), Type.Literal("mcp")]),
  readOnly: Type.Boolean(),
  createdAt: Type.String({ format: "date-time" }),
  revokedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  prefix: Type.Union([Type.String({ description: "The secret's first characters, to tell keys apart." }), Type.Null()]),
  lastUsedAt: Type.Union([Type.String({ format: "date-time", description: "Within a minute." }), Type.Null()]),
  current: Type.Boolean({ description: "True for the key this request was made with." }),
});

const Account = Type.Object({
  name: Type.String(),
  plan: Type.String(),
  credits: Type.Integer(),
  createdAt: Type.String({ format: "date-time" }),
});

/** A read-only key may look at packs but not see or touch the keys that can change them. */
function keyManager(ctx: OpContext<"key">) {
  if (ctx.caller.key.readOnly) throw new ApiError("forbidden", "a read-only key cannot manage API keys");
  return ctx.caller;
}

const Limits = Type.Object({
  packs: Type.Integer({ description: "Packs this account's plan may own." }),
  assetsPerPack: Type.Integer(),
  readsPerWindow: Type.Integer(),
  writesPerWindow: Type.Integer(),
  windowSeconds: Type.Number(),
});

export const getAccountOp = defineOp({
  name: "get_account",
  method: "GET",
  path: "/account",
  tag: "account",
  summary: "The key's account",
  description:
    "The account this key belongs to: name, plan, credits balance, its limits (packs, assets per pack, requests per window) and what each generation costs on this server. Free. Next: create_pack or a generate_ tool.",
  input: Type.Object({}, strict),
  access: "read",
  auth: "key",
  output: Type.Object({
    account: Account,
    limits: Limits,
    costs: Type.Record(Type.String(), Type.Integer(), { description: "Credits per generation, by kind." }),
  }),
  run({ svc, caller }) {
    const a = caller.account;
    const { config } = svc;
    return {
      account: { name: a.name, plan: a.plan, credits: a.credits, createdAt: a.createdAt },
      limits: {
        packs: config.packLimits[a.plan],
        assetsPerPack: config.assetLimit,
        readsPerWindow: config.rate.reads,
        writesPerWindow: config.rate.writes,
        windowSeconds: config.rate.windowMs / 1000,
      },
      costs: { ...config.costs },
    };
  },
});

export const getLedgerOp = defineOp({
  name: "get_ledger",
  method: "GET",
  path: "/account/ledger",
  query: ["limit"],
  tag: "account",
  summary: "Credit ledger",
  description:
    "The account's credit changes, newest first: grants, generation charges and refunds, each with the balance after it and the asset it was for. Free.",
  input: Type.Object(
    {
      limit: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: 500,
          default: 100,
          description: "How many entries, 1 to 500 (default 100).",
        }),
      ),
    },
    strict,
  ),
  access: "read",
  auth: "key",
  tool: false,
  errors: ["invalid_request"],
  output: Type.Object({
    credits: Type.Integer(),
    entries: Type.Array(
      Type.Object({
        delta: Type.Integer(),
        reason: Type.String(),
        balanceAfter: Type.Integer(),
        asset: Type.Union([Type.String({ description: "The asset's id (<pack>:<kind>:<name>)." }), Type.Null()]),
        createdAt: Type.String({ format: "date-time" }),
      }),
    ),
  }),
  async run({ svc, caller }, input) {
    const db = svc.db;
    const handle = async (assetId: number | null) => {
      const a = assetId === null ? null : await getAssetById(db, assetId);
      const p = a ? await getPackById(db, a.packId) : null;
      return a && p ? `${p.slug}:${a.kind}:${a.name}` : null;
    };
    const entries = [];
    for (const e of await ledger(db, caller.account.id, input.limit ?? 100))
      entries.push({
        delta: e.delta,
        reason: e.reason,
        balanceAfter: e.balanceAfter,
        asset: await handle(e.assetId),
        createdAt: e.createdAt,
      });
    return { credits: caller.account.credits, entries };
  },
});

export const listKeysOp = defineOp({
  name: "list_keys",
  method: "GET",
  path: "/account/keys",
  tag: "account",
  summary: "List API keys",
  description:
    "The account's API keys (ids, kind, read-only flag, revoked or not); never the secrets. Refused with forbidden for a read-only key.",
  input: Type.Object({}, strict),
  access: "read",
  auth: "key",
  tool: false,
  errors: ["forbidden"],
  output: Type.Object({ keys: Type.Array(ApiKey) }),
  async run(ctx) {
    const caller = keyManager(ctx);
    return {
      keys: (await listKeys(ctx.svc.db, caller.account.id)).map((k) => ({ ...k, current: k.id === caller.key.id })),
    };
  },
});

export const createKeyOp = defineOp({
  name: "create_key",
  examples: [
    { summary: "A key for an agent", value: { kind: "mcp", readOnly: false } },
    { summary: "A read-only REST key", value: { kind: "rest", readOnly: true } },
  ],
  method: "POST",
  path: "/account/keys",
  tag: "account",
  summary: "Create an API key",
  description:
    "Creates a REST or MCP key for this account. The secret `key` is in this answer only; it is stored hashed and cannot be shown again. Refused with forbidden for a read-only key.",
  input: Type.Object(
    {
      kind: Type.Union([Type.Literal("rest"), Type.Literal("mcp")], {
        description: "rest for the HTTP API, mcp for the agent tool server.",
      }),
      readOnly: Type.Optional(
        Type.Boolean({
          default: false,
          description: "A read-only key can read but not generate, upload or change anything.",
        }),
      ),
    },
    strict,
  ),
  access: "write",
  auth: "key",
  status: 201,
  tool: false,
  errors: ["invalid_request", "forbidden"],
  output: Type.Object({ key: Type.String({ description: "The secret; shown once." }), info: ApiKey }),
  async run(ctx, input) {
    const caller = keyManager(ctx);
    const { key, info } = await createKey(ctx.svc.db, caller.account.id, input.kind, input.readOnly ?? false);
    return { key, info: { ...info, current: false } };
  },
});

export const revokeKeyOp = defineOp({
  name: "revoke_key",
  method: "DELETE",
  path: "/account/keys/{id}",
  pathParams: ["id"],
  tag: "account",
  summary: "Revoke an API key",
  description:
    "Revokes one of the account's keys at once (its next request fails with invalid_api_key). Revoking an already revoked key changes nothing. Refused with forbidden for a read-only key.",
  input: Type.Object(
    { id: Type.String({ minLength: 1, maxLength: 100, description: "The key's id from list_keys (not the secret)." }) },
    strict,
  ),
  access: "write",
  auth: "key",
  tool: false,
  errors: ["forbidden", "not_found"],
  output: Type.Object({ key: ApiKey }),
  async run(ctx, input) {
    const caller = keyManager(ctx);
    const info = await revokeKey(ctx.svc.db, input.id, caller.account.id);
    return { key: { ...info, current: info.id === caller.key.id } };
  },
});
