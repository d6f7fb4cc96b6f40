import { inflateRawSync } from 'node:zlib';
import type { ZipEntry } from './zipScan.js';

export type InflateCheck = { ok: true } | { ok: false; reason: 'bomb' | 'nested' | 'unreadable'; detail: string };

/**
 * Inflates each entry the pre-scan vouched for, never past its declared size: a central directory
 * that understates what an entry inflates to is a bomb, caught here with at most the declared bytes
 * allocated (zlib stops at `maxOutputLength`). An inflated entry starting like a zip is an archive
 * inside the archive. Runs in the reading worker, so the inflating never holds up the server; the
 * parser then reads the same central directory, so what it inflates is what was checked here.
 */
export function checkInflatedSizes(bytes: Uint8Array, entries: readonly ZipEntry[]): InflateCheck {
  for (const entry of entries) {
    if (entry.method !== 8) continue;
    const compressed = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    let inflated: Buffer;
    try {
      inflated = inflateRawSync(compressed, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      if (error instanceof RangeError) return { ok: false, reason: 'bomb', detail: `${entry.name} inflates past its declared ${entry.uncompressedSize} bytes` };
      return { ok: false, reason: 'unreadable', detail: `${entry.name} does not inflate` };
    }
    if (inflated.length !== entry.uncompressedSize) return { ok: false, reason: 'unreadable', detail: `${entry.name} inflates to ${inflated.length}, not ${entry.uncompressedSize} bytes` };
    if (inflated.length >= 4 && inflated[0] === 0x50 && inflated[1] === 0x4b && inflated[2] === 0x03 && inflated[3] === 0x04) {
      return { ok: false, reason: 'nested', detail: entry.name };
    }
  }
  return { ok: true };
}
