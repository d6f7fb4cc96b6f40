import { crc32 } from 'node:zlib';
import type { FileKind } from '@boreline/contracts';
import sharp from 'sharp';

/** Test files of every kind, of an exact size, valid for their kind (images decode). */

const PNG_END = 12; // the IEND chunk

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A decodable PNG of exactly `size` bytes: padding rides in an ancillary text chunk before IEND. */
export async function pngOf(size: number, width = 64, height = 48): Promise<Buffer> {
  const base = await sharp({ create: { width, height, channels: 3, background: '#2a6' } }).png().toBuffer();
  const head = base.subarray(0, base.length - PNG_END);
  const tail = base.subarray(base.length - PNG_END);
  const pad = size - base.length - 12;
  if (pad < 8) throw new Error(`a PNG needs at least ${base.length + 20} bytes`);
  return Buffer.concat([head, pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(pad - 8, 0x61)])), tail]);
}

/** A decodable JPEG of exactly `size` bytes: padding rides in comment segments after SOI. */
export async function jpgOf(size: number, width = 64, height = 48): Promise<Buffer> {
  const base = await sharp({ create: { width, height, channels: 3, background: '#a62' } }).jpeg().toBuffer();
  const segments: Buffer[] = [];
  let missing = size - base.length;
  while (missing > 0) {
    if (missing < 4) throw new Error('cannot pad a JPEG by fewer than 4 bytes');
    // Keep the last segment at least 4 bytes long.
    let take = Math.min(missing, 65_537);
    if (missing - take > 0 && missing - take < 4) take -= 4;
    const segment = Buffer.alloc(take, 0x62);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(take - 2, 2);
    segments.push(segment);
    missing -= take;
  }
  return Buffer.concat([base.subarray(0, 2), ...segments, base.subarray(2)]);
}

const zipEntry = (name: string) => {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name, 'latin1'), Buffer.alloc(16, 0x20)]);
};

/** The first bytes of a file of each kind, enough for the service to tell it. */
export function headOf(kind: FileKind): Buffer {
  switch (kind) {
    case 'mp4':
      return Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1')]);
    case 'avi':
      return Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('AVI LIST')]);
    case 'pdf':
      return Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
    case 'doc':
    case 'xls':
      return Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), Buffer.from(kind === 'doc' ? 'WordDocument' : 'Workbook', 'utf16le')]);
    case 'docx':
    case 'xlsx':
      return Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('_rels/.rels'), zipEntry(kind === 'docx' ? 'word/document.xml' : 'xl/workbook.xml')]);
    default:
      throw new Error(`no head for ${kind}`);
  }
}

/** A file of a kind of exactly `size` bytes (in memory: for sizes up to a few MB). */
export async function fileOf(kind: FileKind, size: number): Promise<Buffer> {
  if (kind === 'png') return pngOf(size);
  if (kind === 'jpg') return jpgOf(size);
  const head = headOf(kind);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x30)]);
}

/** The same, generated on the fly in 64 KB pieces (for 100 MB and more, never held whole). */
export async function* streamOf(kind: FileKind, size: number, onPiece?: (sent: number) => void): AsyncGenerator<Uint8Array> {
  const head = headOf(kind);
  yield head;
  let sent = head.length;
  const piece = Buffer.alloc(64 * 1024, 0x30);
  while (sent < size) {
    const n = Math.min(piece.length, size - sent);
    yield n === piece.length ? piece : piece.subarray(0, n);
    sent += n;
    onPiece?.(sent);
  }
}

/** A multipart body: fields first, then the files. */
export function multipartOf(fields: Record<string, string>, files: { name: string; type?: string; data: Buffer }[], boundary = '----boreline-files-test') {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
