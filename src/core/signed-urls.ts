/**
 * Signed, expiring download URLs: `?token=<key id>.<expiry>.<HMAC>` stands in for the bearer key on the
 * operations that allow it (export), so an agent holding an MCP key, or a browser, can fetch its own pack.
 * The HMAC (SHA-256) covers the path, the key id and the expiry: the token opens that one download, as that
 * key, until it expires or the key is revoked. Its secret is the install's, in the database (store/secrets.ts),
 * so a link made by one API process opens on any other, and a backup carries it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { signingSecret } from "../store/secrets.ts";
import type { SqlDriver } from "../store/sql.ts";
import { ApiError } from "./errors.ts";
import { type Caller, callerForKeyId } from "./keys.ts";

const mac = (secret: Buffer, path: string, keyId: string, expires: number) =>
  createHmac("sha256", secret).update(`${path}\n${keyId}\n${expires}`).digest("base64url");

/** `path` (with its query, without a token) signed for `keyId` until now + seconds. */
export async function signPath(
  db: SqlDriver,
  dataDir: string,
  path: string,
  keyId: string,
  seconds: number,
  now = Date.now(),
): Promise<string> {
  const expires = Math.floor(now / 1000) + seconds;
  const sep = path.includes("?") ? "&" : "?";
  return `${path}${sep}token=${keyId}.${expires}.${mac(await signingSecret(db, dataDir), path, keyId, expires)}`;
}

const refused = (why: string) => new ApiError("invalid_api_key", `this download link ${why}; ask for a new one`);

/** The caller a token names, if it is valid for this path (given without its token) now. */
export async function callerFromToken(
  db: SqlDriver,
  dataDir: string,
  path: string,
  token: string,
  now = Date.now(),
): Promise<Caller> {
  const [keyId, exp, sig] = token.split(".");
  const expires = Number(exp);
  if (!keyId || !sig || !Number.isInteger(expires)) throw refused("is malformed");
  const want = Buffer.from(mac(await signingSecret(db, dataDir), path, keyId, expires));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw refused("does not match this address");
  if (expires * 1000 < now) throw refused("has expired");
  const caller = await callerForKeyId(db, keyId);
  if (!caller) throw refused("was made with a key that is revoked");
  return caller;
}
