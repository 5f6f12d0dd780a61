/**
 * CRC-32 (IEEE polynomial, the one zip and PNG use) through Bun's native implementation.
 * Measured on this machine: ~23 GiB/s against ~380 MiB/s for a byte-table loop, which made the
 * CRC about a third of a store-only pack export. Continues a running CRC via `previous`.
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  return Bun.hash.crc32(bytes, previous) >>> 0;
}
