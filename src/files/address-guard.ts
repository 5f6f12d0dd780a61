import { isIP } from "node:net";

/**
 * Which addresses a `file.url` may reach. Everything that is not a public unicast address is refused:
 * loopback, private (RFC 1918, unique-local), link-local (incl. the 169.254.169.254 metadata service),
 * carrier-grade NAT, unspecified, multicast, broadcast, documentation/benchmark ranges, and IPv4 hidden
 * inside IPv6 (mapped, NAT64, 6to4). LAN setups can allow private addresses with a setting.
 */
const V4_BLOCKED: [string, number, string][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local / cloud metadata"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved / broadcast"],
];
/** Ranges that are private but a LAN setup may reach when the setting allows it. */
const LAN_REASONS = new Set([
  "private",
  "loopback",
  "link-local / cloud metadata",
  "carrier-grade NAT",
  "unique-local",
  "link-local",
]);
/** Never reachable, even on a LAN: the cloud metadata host names (their addresses: METADATA_V4/V6 below). */
export const METADATA_HOSTS = new Set(["metadata.google.internal", "metadata", "instance-data", "metadata.azure.com"]);

const v4ToInt = (ip: string) => ip.split(".").reduce((n, p) => (n << 8) + Number(p), 0) >>> 0;

function v4Reason(ip: string): string | null {
  const n = v4ToInt(ip);
  for (const [base, bits, reason] of V4_BLOCKED) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((n & mask) === (v4ToInt(base) & mask)) return reason;
  }
  return null;
}

/** Expands an IPv6 address to its 8 groups. */
function v6Groups(ip: string): number[] {
  let s = ip.toLowerCase().split("%")[0];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4) {
    const n = v4ToInt(v4[1]);
    s = s.slice(0, -v4[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = s.split("::");
  const h = head ? head.split(":") : [];
  const t = tail !== undefined && tail ? tail.split(":") : [];
  const fill = tail !== undefined ? 8 - h.length - t.length : 0;
  return [...h, ...Array(fill).fill("0"), ...t].map((g) => parseInt(g || "0", 16));
}

const METADATA_V4 = new Set(["169.254.169.254", "100.100.100.200"]);
/** fd00:ec2::254 (AWS over IPv6), compared as groups so any spelling of it matches. */
const METADATA_V6 = [[0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254]];

const v4Verdict = (ip: string) => (METADATA_V4.has(ip) ? "cloud metadata" : v4Reason(ip));
const zeros = (g: number[], from: number, to: number) => g.slice(from, to).every((x) => x === 0);

/**
 * The IPv4 address an IPv6 address stands for: mapped (::ffff:a.b.c.d), well-known NAT64
 * (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::). These are judged as that IPv4 address, so the
 * metadata service cannot be reached by spelling it in IPv6.
 */
function carriedV4(g: number[]): string | null {
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (zeros(g, 0, 5) && g[5] === 0xffff) return v4(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(g, 2, 6)) return v4(g[6], g[7]);
  if (g[0] === 0x2002) return v4(g[1], g[2]);
  return null;
}

function v6Reason(g: number[]): string | null {
  if (METADATA_V6.some((m) => m.every((x, i) => x === g[i]))) return "cloud metadata";
  if (g.every((x) => x === 0)) return "unspecified";
  if (zeros(g, 0, 7) && g[7] === 1) return "loopback";
  // Embeddings with no legitimate public use, refused whatever they carry.
  if (zeros(g, 0, 6)) return "deprecated IPv4-compatible";
  if (zeros(g, 0, 4) && g[4] === 0xffff && g[5] === 0) return "IPv4-translated";
  if (g[0] === 0x64 && g[1] === 0xff9b) return "local-use NAT64";
  if (g[0] === 0x2001 && g[1] === 0) return "Teredo tunnel";
  if ((g[0] & 0xfe00) === 0xfc00) return "unique-local";
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "documentation";
  return null;
}

/** Null when the address may be fetched, else why not. */
export function refusedAddress(ip: string, allowPrivate: boolean): string | null {
  const family = isIP(ip);
  if (!family) return "not an IP address";
  let reason: string | null;
  if (family === 4) reason = v4Verdict(ip);
  else {
    const g = v6Groups(ip);
    const v4 = carriedV4(g);
    reason = v4 ? v4Verdict(v4) : v6Reason(g);
  }
  if (!reason) return null;
  if (allowPrivate && LAN_REASONS.has(reason)) return null;
  return reason;
}
