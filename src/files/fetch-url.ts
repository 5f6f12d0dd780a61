import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { ApiError, DomainError } from "../core/errors.ts";
import { formatBytes } from "../core/format.ts";
import { refusedAddress, METADATA_HOSTS } from "./address-guard.ts";

export interface FetchSettings {
  allowHttp: boolean;
  allowPrivate: boolean;
  connectTimeoutMs: number;
  totalTimeoutMs: number;
  maxBytes: number;
}

const MAX_REDIRECTS = 5;
const fail = (msg: string, cause?: unknown) => new DomainError("file_fetch_failed", msg, cause);

/**
 * Downloads `file.url` defensively: scheme and every resolved address are checked before each hop
 * (redirects are followed by hand so each target is checked too), headers must arrive within the connect
 * timeout, the whole download within the total timeout, and the byte cap is enforced while streaming.
 * Known gap: the address is checked just before fetch resolves it again (a DNS answer that changes in
 * between could slip through); the short window and the redirect checks keep this narrow.
 */
export async function fetchUrl(raw: string, s: FetchSettings): Promise<{ bytes: Uint8Array; fileName: string }> {
  const deadline = AbortSignal.timeout(s.totalTimeoutMs);
  let url = parse(raw, s);
  for (let hop = 0; ; hop++) {
    await checkHost(url, s);
    // The connect timer stops once headers arrive: the signal also governs the body, which only the total timeout bounds.
    const connect = new AbortController();
    const timer = setTimeout(
      () => connect.abort(new DOMException("no answer in time", "TimeoutError")),
      s.connectTimeoutMs,
    );
    let res: Response;
    try {
      res = await fetch(url, {
        redirect: "manual",
        signal: AbortSignal.any([deadline, connect.signal]),
        headers: { "user-agent": "packsmith" },
      });
    } catch (e) {
      const name = (e as Error).name;
      if (name === "TimeoutError" || name === "AbortError")
        throw fail(
          `${url.host} did not answer within ${(deadline.aborted ? s.totalTimeoutMs : s.connectTimeoutMs) / 1000} s`,
        );
      throw fail(`could not download ${url.href}: ${(e as Error).message}`, e);
    } finally {
      clearTimeout(timer);
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
      await res.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw fail(`more than ${MAX_REDIRECTS} redirects from ${raw}`);
      url = parse(new URL(res.headers.get("location")!, url).href, s);
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw fail(`${url.href} answered HTTP ${res.status}`);
    }
    const declared = Number(res.headers.get("content-length") ?? "NaN");
    if (declared > s.maxBytes) {
      await res.body?.cancel();
      throw new ApiError(
        "file_too_large",
        `${url.href} is ${formatBytes(declared)}; the limit for a fetched file is ${formatBytes(s.maxBytes)}`,
      );
    }
    const bytes = await readCapped(res, s.maxBytes, url, deadline);
    return { bytes, fileName: fileNameOf(url) };
  }
}

function parse(raw: string, s: FetchSettings): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail(`'${raw.slice(0, 100)}' is not a URL`);
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && s.allowHttp))
    throw fail(`only https URLs are fetched${s.allowHttp ? " (and http)" : ""}; got ${url.protocol.replace(":", "")}`);
  if (url.username || url.password) throw fail("URLs with credentials are not fetched");
  return url;
}

async function checkHost(url: URL, s: FetchSettings) {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (METADATA_HOSTS.has(host)) throw fail(`${host} is a cloud metadata host and is never fetched`);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw fail(`the host ${host} could not be resolved`);
    }
  }
  for (const ip of addresses) {
    const why = refusedAddress(ip, s.allowPrivate);
    if (why) throw fail(`${host} resolves to ${ip} (${why}); only public addresses are fetched`);
  }
}

async function readCapped(res: Response, max: number, url: URL, deadline: AbortSignal): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > max) {
        await res.body?.cancel().catch(() => {});
        throw new ApiError(
          "file_too_large",
          `${url.href} is larger than the ${formatBytes(max)} limit for a fetched file`,
        );
      }
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw fail(
      deadline.aborted
        ? `downloading ${url.href} took longer than allowed`
        : `downloading ${url.href} failed: ${(e as Error).message}`,
      e,
    );
  }
  return new Uint8Array(Bun.concatArrayBuffers(chunks));
}

function fileNameOf(url: URL): string {
  const raw = url.pathname.split("/").pop() ?? "";
  let last = raw;
  try {
    last = decodeURIComponent(raw);
  } catch {
    // A broken escape (%E0%A4%A) is the server's naming, not the caller's error: keep it undecoded.
  }
  return last || "download";
}
