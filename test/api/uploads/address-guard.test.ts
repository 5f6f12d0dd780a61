import { describe, expect, test } from "bun:test";
import { refusedAddress } from "../../../src/files/address-guard.ts";

/** Public unicast addresses: fetched with or without the LAN setting. */
const PUBLIC = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.216.34",
  "100.63.255.255",
  "100.128.0.0",
  "172.15.255.255",
  "172.32.0.0",
  "192.167.255.255",
  "192.169.0.0",
  "169.253.255.255",
  "223.255.255.255",
  "11.0.0.0",
  "126.255.255.255",
  "128.0.0.0",
  "2001:4860:4860::8888",
  "2606:4700::1111",
  "2a00:1450:4001::200e",
  "::ffff:8.8.8.8",
  "64:ff9b::808:808",
];

/** Private/LAN addresses: refused by default, allowed with fetch-allow-private. */
const LAN: [string, RegExp][] = [
  ["127.0.0.1", /loopback/],
  ["127.255.255.254", /loopback/],
  ["127.0.0.2", /loopback/],
  ["10.0.0.1", /private/],
  ["10.255.255.255", /private/],
  ["172.16.0.1", /private/],
  ["172.31.255.255", /private/],
  ["192.168.0.1", /private/],
  ["192.168.255.255", /private/],
  ["100.64.0.1", /carrier-grade/],
  ["100.127.255.255", /carrier-grade/],
  ["169.254.0.1", /link-local/],
  ["169.254.169.253", /link-local/],
  ["::1", /loopback/],
  ["0:0:0:0:0:0:0:1", /loopback/],
  ["fc00::1", /unique-local/],
  ["fd12:3456::1", /unique-local/],
  ["fe80::1", /link-local/],
  ["fe80::1%eth0", /link-local/],
  ["febf::1", /link-local/],
  ["::ffff:127.0.0.1", /loopback/],
  ["::ffff:7f00:1", /loopback/],
  ["::ffff:10.1.2.3", /private/],
  ["::ffff:192.168.1.1", /private/],
  ["0:0:0:0:0:ffff:7f00:0001", /loopback/],
  ["64:ff9b::7f00:1", /loopback/],
  ["64:ff9b::a00:1", /private/],
  ["2002:7f00:1::", /loopback/],
  ["2002:c0a8:101::1", /private/],
];

/** Never fetched, whatever the settings. */
const NEVER: [string, RegExp][] = [
  ["169.254.169.254", /metadata/],
  ["100.100.100.200", /metadata/],
  ["fd00:ec2::254", /metadata/],
  ["::ffff:169.254.169.254", /metadata/],
  ["::ffff:a9fe:a9fe", /metadata/],
  ["64:ff9b::a9fe:a9fe", /metadata/],
  ["2002:a9fe:a9fe::", /metadata/],
  ["::ffff:100.100.100.200", /metadata/],
  ["fd00:ec2:0:0:0:0:0:254", /metadata/],
  ["FD00:EC2::254", /metadata/],
  ["0.0.0.0", /unspecified/],
  ["0.1.2.3", /unspecified/],
  ["::", /unspecified/],
  ["::ffff:0.0.0.0", /unspecified/],
  ["224.0.0.1", /multicast/],
  ["239.255.255.250", /multicast/],
  ["ff02::1", /multicast/],
  ["255.255.255.255", /broadcast/],
  ["192.0.2.1", /documentation/],
  ["198.51.100.7", /documentation/],
  ["203.0.113.9", /documentation/],
  ["2001:db8::1", /documentation/],
  ["198.18.0.1", /benchmarking/],
  ["192.0.0.8", /IETF/],
  ["::127.0.0.1", /.+/],
  ["::7f00:1", /.+/],
  ["::a9fe:a9fe", /.+/],
  ["::ffff:0:127.0.0.1", /.+/],
  ["::ffff:0:a9fe:a9fe", /.+/],
  ["example.com", /not an IP/],
  ["", /not an IP/],
  ["127.1", /not an IP/],
  ["0x7f000001", /not an IP/],
];

describe("refusedAddress", () => {
  test.each(PUBLIC)("%s is public: allowed with and without the LAN setting", (ip) => {
    expect(refusedAddress(ip, false)).toBeNull();
    expect(refusedAddress(ip, true)).toBeNull();
  });

  test.each(LAN)("%s is refused by default, allowed for LAN setups", (ip, why) => {
    expect(refusedAddress(ip, false)).toMatch(why);
    expect(refusedAddress(ip, true)).toBeNull();
  });

  test.each(NEVER)("%s is refused even with the LAN setting", (ip, why) => {
    expect(refusedAddress(ip, false)).toMatch(why);
    expect(refusedAddress(ip, true)).toMatch(why);
  });
});
