/**
 * The game client's limit on a server resource pack: a download larger than this is refused by the client (the
 * player sees the pack fail to load), whatever the server or host allows.
 *
 * Source: the Minecraft Wiki, "server.properties" (`resource-pack`: "The resource pack may not be larger than
 * 250 MiB"), https://minecraft.wiki/w/Server.properties ; 250 MiB here is 250 × 1,048,576 = 262,144,000 bytes,
 * the value the client's download code compares the pack's length against (issue 25 quotes the same number).
 */
export const CLIENT_PACK_LIMIT_BYTES = 262_144_000;

const grouped = (n: number) => n.toLocaleString("en-US");

/** Where a zip of `sizeBytes` stands against the client's limit: what every export and publish answer carries. */
export interface ClientLimitReport {
  sizeBytes: number;
  clientLimitBytes: number;
  overClientLimit: boolean;
  /** Present when over the limit: says the game will refuse it and what to do. */
  warning?: string;
}

export function clientLimitReport(sizeBytes: number, optimized: boolean): ClientLimitReport {
  const over = sizeBytes > CLIENT_PACK_LIMIT_BYTES;
  return {
    sizeBytes,
    clientLimitBytes: CLIENT_PACK_LIMIT_BYTES,
    overClientLimit: over,
    ...(over ? { warning: overLimitMessage(sizeBytes, optimized) } : {}),
  };
}

/** The words for a zip over the limit, with the advice that fits (optimize first, then fewer files). */
export function overLimitMessage(sizeBytes: number, optimized: boolean): string {
  const advice = optimized
    ? "it is already optimised: leave files out (delete assets or pack files) or split the pack"
    : "export or publish it with optimize=true (lossless: smaller PNGs, minified JSON, no editor files), or leave files out";
  return `the zip is ${grouped(sizeBytes)} bytes, over the ${grouped(CLIENT_PACK_LIMIT_BYTES)}-byte (250 MiB) limit above which the Minecraft client refuses to download a server resource pack; ${advice}`;
}
