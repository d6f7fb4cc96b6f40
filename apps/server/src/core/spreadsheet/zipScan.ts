/**
 * A zip archive's central directory read without inflating anything: what an .xlsx claims to hold,
 * checked before any parser sees it. A zip bomb is small on disk and huge once inflated; its
 * central directory already says so (declared sizes, ratios, entry counts), or lies — which the
 * reading worker catches by inflating each entry against its declared size (`inflateCheck.ts`).
 * Overlapping entries (the "better zip bomb" that reuses one compressed stream for many files) and
 * archives inside the archive are refused here too.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; nothing else is accepted. */
  method: 0 | 8;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's compressed bytes start in the file (after its local header). */
  dataOffset: number;
}

export interface ZipLimits {
  /** Entries of the archive, directories included. */
  maxEntries: number;
  /** Declared bytes of all entries once inflated. */
  maxTotalBytes: number;
  /** Inflated size over compressed size of one entry, checked for entries over `ratioFloorBytes`. */
  maxRatio: number;
  /** Small entries (a few KB of repeated XML) compress far better than any sheet; they are not ratio-checked. */
  ratioFloorBytes: number;
}

/** Why an archive is refused before any parsing: a bomb by its numbers, or not a plain zip. */
export type ZipRefusal = 'bomb' | 'nested' | 'encrypted' | 'corrupt';

export type ZipScan = { ok: true; entries: ZipEntry[]; totalBytes: number } | { ok: false; reason: ZipRefusal; detail: string };

const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const MAX_COMMENT = 0xffff;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

/** Names of archives and packages that would be a second zip inside the first. */
const NESTED_ARCHIVE = /\.(zip|xlsx|xlsm|xlsb|xltx|docx|pptx|jar|7z|gz|tgz|rar|bz2|xz|zst)$/i;

class Corrupt extends Error {}

function u64(view: DataView, at: number): number {
  const value = view.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Corrupt('size beyond any file');
  return Number(value);
}

function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - EOCD_SIZE;
  const first = Math.max(0, last - MAX_COMMENT);
  for (let at = last; at >= first; at -= 1) {
    if (view.getUint32(at, true) === SIG_EOCD && at + EOCD_SIZE + view.getUint16(at + 20, true) === view.byteLength) return at;
  }
  throw new Corrupt('no end of central directory');
}

interface Directory {
  count: number;
  offset: number;
  size: number;
}

function readDirectory(view: DataView): Directory {
  const eocd = findEndOfCentralDirectory(view);
  if (view.getUint16(eocd + 4, true) !== 0 || view.getUint16(eocd + 6, true) !== 0) throw new Corrupt('multi-disk archive');
  let count = view.getUint16(eocd + 10, true);
  let size = view.getUint32(eocd + 12, true);
  let offset = view.getUint32(eocd + 16, true);
  if (count === U16_MAX || size === U32_MAX || offset === U32_MAX) {
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== SIG_ZIP64_LOCATOR) throw new Corrupt('zip64 fields without a zip64 locator');
    const at = u64(view, locator + 8);
    if (at + 56 > view.byteLength || view.getUint32(at, true) !== SIG_ZIP64_EOCD) throw new Corrupt('bad zip64 end record');
    count = u64(view, at + 32);
    size = u64(view, at + 40);
    offset = u64(view, at + 48);
  }
  if (offset + size > view.byteLength) throw new Corrupt('central directory outside the file');
  return { count, offset, size };
}

interface CentralRecord extends Omit<ZipEntry, 'dataOffset'> {
  flags: number;
  localOffset: number;
}

/** Reads the zip64 extended-information extra field for the 32-bit fields that overflowed. */
function zip64Sizes(view: DataView, extraAt: number, extraEnd: number, record: { uncompressed: number; compressed: number; offset: number }) {
  let at = extraAt;
  while (at + 4 <= extraEnd) {
    const id = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const take = () => {
        if (field + 8 > at + 4 + length) throw new Corrupt('short zip64 field');
        const value = u64(view, field);
        field += 8;
        return value;
      };
      if (record.uncompressed === U32_MAX) record.uncompressed = take();
      if (record.compressed === U32_MAX) record.compressed = take();
      if (record.offset === U32_MAX) record.offset = take();
      return;
    }
    at += 4 + length;
  }
  if (record.uncompressed === U32_MAX || record.compressed === U32_MAX || record.offset === U32_MAX) throw new Corrupt('zip64 sizes missing');
}

function readCentralRecords(view: DataView, bytes: Uint8Array, directory: Directory, limits: ZipLimits): CentralRecord[] {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const records: CentralRecord[] = [];
  const end = directory.offset + directory.size;
  let at = directory.offset;
  for (let i = 0; i < directory.count; i += 1) {
    if (records.length >= limits.maxEntries) break;
    if (at + CENTRAL_SIZE > end || view.getUint32(at, true) !== SIG_CENTRAL) throw new Corrupt('broken central directory');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const next = at + CENTRAL_SIZE + nameLength + extraLength + commentLength;
    if (next > end) throw new Corrupt('central record past the directory');
    const sizes = { uncompressed: view.getUint32(at + 24, true), compressed: view.getUint32(at + 20, true), offset: view.getUint32(at + 42, true) };
    const extraAt = at + CENTRAL_SIZE + nameLength;
    if (sizes.uncompressed === U32_MAX || sizes.compressed === U32_MAX || sizes.offset === U32_MAX) zip64Sizes(view, extraAt, extraAt + extraLength, sizes);
    const method = view.getUint16(at + 10, true);
    if (method !== 0 && method !== 8) throw new Corrupt(`compression method ${method}`);
    records.push({
      name: decoder.decode(bytes.subarray(at + CENTRAL_SIZE, at + CENTRAL_SIZE + nameLength)),
      method,
      flags: view.getUint16(at + 8, true),
      compressedSize: sizes.compressed,
      uncompressedSize: sizes.uncompressed,
      localOffset: sizes.offset,
    });
    at = next;
  }
  return records;
}

/** Gaps a data descriptor may leave after an entry: CRC and sizes, 32- or 64-bit, with or without its signature. */
const DESCRIPTOR_SIZES = new Set([12, 16, 20, 24]);

/**
 * The data offset of each entry from its local header. The local header must agree with the
 * central record, and the entries must follow each other from the first byte to the central
 * directory with nothing between them: a reader walking local headers one after the other (as
 * exceljs's streaming reader does) then meets exactly the entries checked here, and no two entries
 * share compressed bytes.
 */
function placeEntries(view: DataView, bytes: Uint8Array, records: CentralRecord[], directoryOffset: number): ZipEntry[] {
  const placed = records.map((record) => {
    const at = record.localOffset;
    if (at + LOCAL_SIZE > directoryOffset || view.getUint32(at, true) !== SIG_LOCAL) throw new Corrupt(`no local header for ${record.name}`);
    const flags = view.getUint16(at + 6, true);
    const method = view.getUint16(at + 8, true);
    const compressed = view.getUint32(at + 18, true);
    const uncompressed = view.getUint32(at + 22, true);
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    const localName = new TextDecoder().decode(bytes.subarray(at + LOCAL_SIZE, at + LOCAL_SIZE + nameLength));
    if (localName !== record.name || method !== record.method) throw new Corrupt(`local header of ${record.name} disagrees`);
    const hasDescriptor = (flags & 0x08) !== 0;
    const sizesKnown = !hasDescriptor && compressed !== U32_MAX && uncompressed !== U32_MAX;
    if (sizesKnown && (compressed !== record.compressedSize || uncompressed !== record.uncompressedSize)) throw new Corrupt(`local sizes of ${record.name} disagree`);
    const dataOffset = at + LOCAL_SIZE + nameLength + extraLength;
    return { record, start: at, dataOffset, end: dataOffset + record.compressedSize, hasDescriptor };
  });
  const byStart = [...placed].sort((a, b) => a.start - b.start);
  // Where the next entry must start: right after the previous one, or after its data descriptor.
  let expected = 0;
  let descriptorBefore = false;
  const follows = (start: number) => start === expected || (descriptorBefore && DESCRIPTOR_SIZES.has(start - expected));
  for (const entry of byStart) {
    if (!follows(entry.start)) throw new Corrupt('entries overlap or leave bytes between them');
    expected = entry.end;
    descriptorBefore = entry.hasDescriptor;
  }
  if (!follows(directoryOffset)) throw new Corrupt('bytes between the entries and the central directory');
  return placed.map(({ record, dataOffset }) => ({
    name: record.name,
    method: record.method === 0 ? 0 : 8,
    compressedSize: record.compressedSize,
    uncompressedSize: record.uncompressedSize,
    dataOffset,
  }));
}

const isZipMagic = (bytes: Uint8Array, at: number) =>
  bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 0x03 && bytes[at + 3] === 0x04;

/** Checks the archive's own numbers against `limits`; reads only headers. */
export function scanZip(bytes: Uint8Array, limits: ZipLimits): ZipScan {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const directory = readDirectory(view);
    if (directory.count > limits.maxEntries) return { ok: false, reason: 'bomb', detail: `${directory.count} entries` };
    const records = readCentralRecords(view, bytes, directory, limits);
    let totalBytes = 0;
    for (const record of records) {
      // Bit 0: encrypted; bit 6: strong encryption.
      if ((record.flags & 0x41) !== 0) return { ok: false, reason: 'encrypted', detail: record.name };
      if (NESTED_ARCHIVE.test(record.name)) return { ok: false, reason: 'nested', detail: record.name };
      totalBytes += record.uncompressedSize;
      if (totalBytes > limits.maxTotalBytes) return { ok: false, reason: 'bomb', detail: `more than ${limits.maxTotalBytes} bytes inflated` };
      const ratio = record.uncompressedSize / Math.max(1, record.compressedSize);
      if (record.uncompressedSize > limits.ratioFloorBytes && ratio > limits.maxRatio) {
        return { ok: false, reason: 'bomb', detail: `${record.name} inflates ${Math.round(ratio)} times` };
      }
      if (record.method === 0 && record.compressedSize !== record.uncompressedSize) throw new Corrupt(`stored ${record.name} changes size`);
    }
    const entries = placeEntries(view, bytes, records, directory.offset);
    // A stored entry is its own bytes: a zip inside shows its magic without any inflating.
    const stored = entries.find((e) => e.method === 0 && e.compressedSize >= 4 && isZipMagic(bytes, e.dataOffset));
    if (stored) return { ok: false, reason: 'nested', detail: stored.name };
    return { ok: true, entries, totalBytes };
  } catch (error) {
    if (error instanceof Corrupt || error instanceof RangeError) return { ok: false, reason: 'corrupt', detail: error.message };
    throw error;
  }
}
