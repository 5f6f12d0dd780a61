/**
 * file.url through the real endpoint. A loopback "victim" server on this machine counts every request
 * (and a raw TCP listener every connection); with the guard on, no URL spelling may reach them.
 * The same URLs through a server with fetch-allow-private reach the victim, which shows the zero
 * counts come from the guard and not from a URL that could never have connected.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { TCPSocketListener } from "bun";
import { accepted, downloadPng, png, distinctImage, refused, startEnv, type Env } from "../../support/uploads.ts";

let hits: string[] = [];
let tcpConnections = 0;
let victim: ReturnType<typeof Bun.serve>;
let tcp: TCPSocketListener;
const held: (() => void)[] = [];
const PNG = png(16, 16);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A body that sends `n` chunks of `size` bytes, `gapMs` apart (n = Infinity: until the reader stops). */
function drip(n: number, size: number, gapMs: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(c) {
      if (sent >= n) return c.close();
      if (sent > 0) await sleep(gapMs);
      sent++;
      c.enqueue(new Uint8Array(size).fill(0x41));
    },
  });
}

let guarded: Env; // http allowed (so the scheme is not what refuses), private addresses not
let lan: Env; // fetch-allow-private, short timeouts and a small byte cap
let https: Env; // defaults: https only

beforeAll(async () => {
  victim = Bun.serve({
    hostname: "::", // both stacks, so 127.0.0.1, [::1], 0.0.0.0 and this host's own addresses all reach it
    port: 0,
    idleTimeout: 0,
    async fetch(req) {
      const url = new URL(req.url);
      hits.push(url.pathname);
      const p = url.pathname;
      if (p.startsWith("/img/")) return new Response(PNG, { headers: { "content-type": "image/png" } });
      if (p === "/redirect")
        return new Response(null, { status: 302, headers: { location: url.searchParams.get("to")! } });
      if (p.startsWith("/loop/"))
        return new Response(null, { status: 301, headers: { location: `/loop/${Number(p.slice(6)) + 1}` } });
      if (p === "/missing") return new Response("no", { status: 404 });
      if (p === "/no-answer") return new Promise<Response>((resolve) => held.push(() => resolve(new Response("late"))));
      if (p === "/slow-body") return new Response(drip(8, 10, 250)); // 2 s of body after prompt headers
      if (p === "/endless") return new Response(drip(Infinity, 10, 100));
      if (p === "/declared-big")
        return new Response(new Uint8Array(200_000), { headers: { "content-length": "200000" } });
      if (p === "/streamed-big") return new Response(drip(400, 1000, 0)); // chunked, no length: 400 kB
      if (p === "/exact-cap") return new Response(drip(100, 1000, 0)); // exactly 100,000 bytes, the cap
      return new Response("?", { status: 404 });
    },
  });
  tcp = Bun.listen({ hostname: "::", port: 0, socket: { open: () => void tcpConnections++, data() {} } });
  guarded = await startEnv({ "fetch-allow-http": "true" });
  lan = await startEnv({
    "fetch-allow-http": "true",
    "fetch-allow-private": "true",
    // Margins wide enough for a loaded CI machine: the slow body is 2x the connect timeout and half the total.
    "fetch-connect-timeout-ms": "1000",
    "fetch-timeout-ms": "4000",
    "max-fetch-bytes": "100000",
  });
  https = await startEnv();
});

afterAll(async () => {
  for (const release of held) release();
  await Promise.all([guarded.ts.close(), lan.ts.close(), https.ts.close()]);
  victim.stop(true);
  tcp.stop(true);
});

const block = (url: string, name = "fetched") => ({ type: "block", name, file: { url } });

/** Host spellings that all reach the victim on this machine. */
const LOOPBACK_SPELLINGS = [
  "127.0.0.1",
  "localhost",
  "127.1",
  "2130706433",
  "0x7f.0.0.1",
  "017700000001",
  "[::1]",
  "[::ffff:127.0.0.1]",
  "[0:0:0:0:0:ffff:7f00:1]",
];

describe("the guard (fetch-allow-private off)", () => {
  test.each(LOOPBACK_SPELLINGS)("http://%s never reaches the loopback server", async (host) => {
    hits = [];
    const msg = await refused(guarded, block(`http://${host}:${victim.port}/img/a.png`), "file_fetch_failed");
    expect(msg).toMatch(/loopback|only public/);
    expect(hits).toEqual([]);
  });

  test.each(["0.0.0.0", "[::]", "192.0.2.2", "[fd00::2]"])(
    "http://%s (this machine by another name) is refused",
    async (host) => {
      hits = [];
      await refused(guarded, block(`http://${host}:${victim.port}/img/a.png`), "file_fetch_failed");
      expect(hits).toEqual([]);
    },
  );

  test("https to loopback is refused before any connection is made", async () => {
    tcpConnections = 0;
    for (const host of ["127.0.0.1", "localhost", "[::1]"])
      await refused(https, block(`https://${host}:${tcp.port}/a.png`), "file_fetch_failed");
    expect(tcpConnections).toBe(0);
  });

  test("private, link-local and carrier-grade literals are refused without connecting", async () => {
    for (const host of [
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.1.1",
      "100.64.0.1",
      "[fc00::1]",
      "[fe80::1]",
      "[::ffff:10.0.0.1]",
      "[::ffff:192.168.0.1]",
    ]) {
      const msg = await refused(guarded, block(`http://${host}/x.png`), "file_fetch_failed");
      expect(msg).toContain("only public addresses");
    }
  });

  test("only https by default; other schemes and credentials never", async () => {
    hits = [];
    expect(await refused(https, block(`http://127.0.0.1:${victim.port}/img/a.png`), "file_fetch_failed")).toContain(
      "only https",
    );
    for (const url of [
      "file:///etc/passwd",
      "ftp://127.0.0.1/x.png",
      "data:image/png;base64,AAAA",
      "gopher://127.0.0.1:70/",
      "not a url",
    ])
      await refused(guarded, block(url), "file_fetch_failed");
    await refused(lan, block(`http://user:pw@127.0.0.1:${victim.port}/img/a.png`), "file_fetch_failed");
    expect(hits).toEqual([]);
  });
});

describe("with fetch-allow-private (LAN setups)", () => {
  test.each(LOOPBACK_SPELLINGS)("http://%s is fetched and stored (the control for the zero counts)", async (host) => {
    hits = [];
    const a = await accepted(lan, block(`http://${host}:${victim.port}/img/a.png`, `via ${host}`));
    expect(hits).toEqual(["/img/a.png"]);
    expect((await downloadPng(lan, "texture", a.name)).data).toEqual(distinctImage(16, 16).data);
  });

  test("name defaults to the URL's file name", async () => {
    const a = await accepted(lan, {
      type: "item",
      file: { url: `http://127.0.0.1:${victim.port}/img/Ruby%20Gem.png` },
    });
    expect(a.name).toBe("item:ruby_gem");
  });

  test("a file name with broken percent-escapes still gets a name", async () => {
    const a = await accepted(lan, {
      type: "block",
      file: { url: `http://127.0.0.1:${victim.port}/img/bad%E0%A4%A.png` },
    });
    expect(a.name).toMatch(/^bad/);
  });

  test("the metadata service is refused in every spelling, by address and by name", async () => {
    for (const host of [
      "169.254.169.254",
      "[::ffff:169.254.169.254]",
      "[::ffff:a9fe:a9fe]",
      "[64:ff9b::a9fe:a9fe]",
      "100.100.100.200",
      "[fd00:ec2::254]",
      "metadata.google.internal",
    ]) {
      const msg = await refused(lan, block(`http://${host}/latest/meta-data/`), "file_fetch_failed");
      expect(msg).toContain("metadata");
    }
  });

  test("every redirect hop is checked: an allowed place redirecting to this machine's refused names is not followed", async () => {
    for (const to of [
      `http://0.0.0.0:${victim.port}/img/b.png`,
      `http://[::]:${victim.port}/img/b.png`,
      `http://192.0.2.2:${victim.port}/img/b.png`,
      "http://169.254.169.254/latest/meta-data/",
      "http://[::ffff:169.254.169.254]/",
      "file:///etc/passwd",
    ]) {
      hits = [];
      await refused(
        lan,
        block(`http://127.0.0.1:${victim.port}/redirect?to=${encodeURIComponent(to)}`),
        "file_fetch_failed",
      );
      expect(hits).toEqual(["/redirect"]);
    }
  });

  test("an allowed redirect is followed; more than five are refused", async () => {
    hits = [];
    await accepted(
      lan,
      block(
        `http://127.0.0.1:${victim.port}/redirect?to=${encodeURIComponent(`http://localhost:${victim.port}/img/c.png`)}`,
        "redirected",
      ),
    );
    expect(hits).toEqual(["/redirect", "/img/c.png"]);
    hits = [];
    expect(await refused(lan, block(`http://127.0.0.1:${victim.port}/loop/0`), "file_fetch_failed")).toContain(
      "redirects",
    );
    expect(hits.length).toBe(6);
  });

  test("HTTP errors and unreachable ports are file_fetch_failed", async () => {
    expect(await refused(lan, block(`http://127.0.0.1:${victim.port}/missing`), "file_fetch_failed")).toContain("404");
    const closed = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    const port = closed.port;
    closed.stop(true);
    await refused(lan, block(`http://127.0.0.1:${port}/x.png`), "file_fetch_failed");
  });

  test("headers that never come hit the connect timeout", async () => {
    expect(await refused(lan, block(`http://127.0.0.1:${victim.port}/no-answer`), "file_fetch_failed")).toContain(
      "did not answer",
    );
  });

  test("the connect timeout does not cut off a body that is still arriving within the total timeout", async () => {
    // Headers come at once; the body takes ~2 s, past the 1 s connect timeout but well inside the 4 s total.
    const msg = await refused(lan, block(`http://127.0.0.1:${victim.port}/slow-body`), "invalid_request");
    expect(msg).toContain("not a usable PNG"); // downloaded in full, then judged by its bytes
  });

  test("a body that never ends hits the total timeout", async () => {
    expect(await refused(lan, block(`http://127.0.0.1:${victim.port}/endless`), "file_fetch_failed")).toContain(
      "longer than allowed",
    );
  }, 30_000);

  test("the byte cap: a declared length over it, a stream passing it; exactly the cap is read", async () => {
    expect(await refused(lan, block(`http://127.0.0.1:${victim.port}/declared-big`), "file_too_large")).toContain(
      "97.7 KB",
    );
    expect(await refused(lan, block(`http://127.0.0.1:${victim.port}/streamed-big`), "file_too_large")).toContain(
      "limit",
    );
    expect(await refused(lan, block(`http://127.0.0.1:${victim.port}/exact-cap`), "invalid_request")).toContain(
      "not a usable PNG",
    );
  });
});
