import type { Services } from "../services.ts";
import { createAccount, findAccount, changeCredits, isPlan, type Plan } from "../core/accounts.ts";
import { createKey, revokeKey, listKeys, type KeyKind } from "../core/keys.ts";
import { sharePack } from "../core/packs.ts";
import { ApiError } from "../core/errors.ts";

/** An admin command's answer: `json` is printed with --json, `text` otherwise. */
export interface Answer {
  json: Record<string, unknown>;
  text: string;
}

const usage = (msg: string) => new ApiError("invalid_request", msg);

/** The admin commands of DESIGN.md's contract table, working on the data dir directly. */
export function runAdmin(svc: Services, words: string[], flags: Record<string, string | undefined>): Answer {
  const [group, action, ...args] = words;
  const db = svc.db;
  switch (`${group} ${action}`) {
    case "accounts create": {
      const [name] = args;
      if (!name) throw usage("usage: packsmith accounts create NAME [--plan starter|creator|pro] [--credits N]");
      const plan = flags.plan ?? "creator";
      if (!isPlan(plan)) throw usage(`--plan must be starter, creator or pro (got '${plan}')`);
      const credits = Number(flags.credits ?? 0);
      const a = createAccount(db, name, plan as Plan, credits);
      return { json: { account: a }, text: `created account ${a.name} (plan ${a.plan}, ${a.credits} credits)` };
    }
    case "keys create": {
      const [name] = args;
      if (!name) throw usage("usage: packsmith keys create ACCOUNT [--kind rest|mcp] [--read-only]");
      const kind = flags.kind ?? "rest";
      if (kind !== "rest" && kind !== "mcp") throw usage(`--kind must be rest or mcp (got '${kind}')`);
      const account = findAccount(db, name);
      const { key, info } = createKey(db, account.id, kind as KeyKind, flags["read-only"] === "true");
      // The key alone on stdout, so `KEY=$(packsmith keys create me)` works.
      return { json: { key, ...info, account: account.name }, text: key };
    }
    case "keys revoke": {
      const [id] = args;
      if (!id) throw usage("usage: packsmith keys revoke KEY_ID");
      const info = revokeKey(db, id);
      return { json: { ...info }, text: `revoked ${info.id}` };
    }
    case "keys list": {
      const [name] = args;
      if (!name) throw usage("usage: packsmith keys list ACCOUNT");
      const keys = listKeys(db, findAccount(db, name).id);
      return {
        json: { keys },
        text: keys
          .map(
            (k) =>
              `${k.id}\t${k.kind}\t${k.readOnly ? "read-only" : "read-write"}\t${k.revokedAt ? `revoked ${k.revokedAt}` : "active"}`,
          )
          .join("\n"),
      };
    }
    case "credits grant": {
      const [name, amount] = args;
      const n = Number(amount);
      if (!name || !Number.isInteger(n) || n <= 0)
        throw usage("usage: packsmith credits grant ACCOUNT N (N a whole number > 0)");
      const account = findAccount(db, name);
      const balance = changeCredits(db, account.id, n, "grant");
      return {
        json: { account: account.name, granted: n, balance },
        text: `${account.name} now has ${balance} credits`,
      };
    }
    case "packs share": {
      const [slug, name] = args;
      if (!slug || !name) throw usage("usage: packsmith packs share PACK ACCOUNT");
      const account = findAccount(db, name);
      sharePack(db, slug, account.id);
      return {
        json: { pack: slug, collaborator: account.name },
        text: `${account.name} is now a collaborator on ${slug}`,
      };
    }
    default:
      throw usage(
        `unknown command '${words.join(" ")}'; commands: serve, accounts create, keys create|revoke|list, credits grant, packs share`,
      );
  }
}

/** First start on an empty data dir: account `local` (pro, 1000 credits) and one key of each kind, shown once. */
export function bootstrapIfEmpty(svc: Services): { rest: string; mcp: string } | null {
  const empty = (svc.db.query("SELECT count(*) AS n FROM accounts").get() as { n: number }).n === 0;
  if (!empty) return null;
  const account = createAccount(svc.db, "local", "pro", 1000);
  return { rest: createKey(svc.db, account.id, "rest").key, mcp: createKey(svc.db, account.id, "mcp").key };
}
