import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/** Spreadsheets for the import tests: workbooks written by exceljs, the LibreOffice fixtures, and hand-made zips (bombs). */

export const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/imports/${name}`, import.meta.url));

/** An .xlsx of one sheet holding `rows` as they are (first row: the header). */
export async function workbook(rows: readonly (readonly ExcelJS.CellValue[])[], sheetName = 'Data'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export interface ZipPart {
  name: string;
  /** The bytes, or one chunk repeated (a bomb's content, never held whole). */
  data: Buffer | { chunk: Buffer; times: number };
  store?: boolean;
  /** The inflated size the central directory declares (a lying bomb declares less). */
  declaredSize?: number;
  /** Where the central directory says the entry starts (overlapping entries point at the same bytes). */
  offsetOf?: string;
  /** General-purpose flags (bit 0: encrypted). */
  flags?: number;
  /** Written as a local entry the central directory does not list (a reader walking local headers would meet it). */
  hidden?: boolean;
}

const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * Deflates `data` as one raw stream. A repeated chunk is deflated once without a final block
 * (sync flush) and its output repeated: sync-flushed pieces chain into one valid stream, so 500 MB
 * of content costs one 16 MB deflate.
 */
function compress(data: ZipPart['data']): { bytes: Buffer; size: number; crc: number } {
  if (Buffer.isBuffer(data)) return { bytes: deflateRawSync(data, { level: 9 }), size: data.length, crc: crc32(data) };
  const piece = deflateRawSync(data.chunk, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  let crc = 0;
  for (let i = 0; i < data.times; i += 1) crc = crc32(data.chunk, crc);
  return { bytes: Buffer.concat([...new Array<Buffer>(data.times).fill(piece), FINAL_EMPTY_BLOCK]), size: data.chunk.length * data.times, crc };
}

/** A zip written field by field, so tests can make it say what they need. */
export function buildZip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const offsets = new Map<string, number>();
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const stored = part.store === true && Buffer.isBuffer(part.data);
    const packed = stored && Buffer.isBuffer(part.data) ? { bytes: part.data, size: part.data.length, crc: crc32(part.data) } : compress(part.data);
    const declared = part.declaredSize ?? packed.size;
    const method = stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.flags ?? 0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(packed.crc >>> 0, 14);
    local.writeUInt32LE(packed.bytes.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    offsets.set(part.name, offset);
    const entryOffset = part.offsetOf === undefined ? offset : (offsets.get(part.offsetOf) ?? 0);
    locals.push(local, name, packed.bytes);
    offset += local.length + name.length + packed.bytes.length;
    if (part.hidden) continue;
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.flags ?? 0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(packed.crc >>> 0, 16);
    central.writeUInt32LE(packed.bytes.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(entryOffset, 42);
    centrals.push(central, name);
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const listed = parts.filter((p) => !p.hidden).length;
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const WORKBOOK = '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Data" sheetId="1"/></sheets></workbook>';
const ROW = '<row><c t="inlineStr"><is><t>0123456789</t></is></c></row>';

/** The parts every workbook package has, around the given sheet content. */
export const packageParts = (sheet: Omit<ZipPart, 'name'>): ZipPart[] => [
  { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
  { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
  { name: 'xl/worksheets/sheet1.xml', ...sheet },
];

/** Sheet XML that deflates about a thousand to one: a row, then blanks (XML allows any amount between elements). */
const BOMB_CHUNK = Buffer.concat([Buffer.from(ROW), Buffer.alloc(16 * 1024 * 1024 - ROW.length, 0x20)]);
const BOMB_FILE_BYTES = 1_800_000;

/**
 * The bomb of RELIABILITY.md: a workbook of 1.8 MB whose sheet inflates to 512 MB (incompressible
 * media brings the file to its size). `lying`: the central directory declares only 8 MB for the
 * sheet, so only inflating can tell.
 */
export function xlsxBomb(options: { lying?: boolean } = {}): Buffer {
  const parts = packageParts({ data: { chunk: BOMB_CHUNK, times: 32 }, ...(options.lying ? { declaredSize: 8 * 1024 * 1024 } : {}) });
  const bare = buildZip(parts).length;
  const padding = BOMB_FILE_BYTES - bare - 2 * 46 - 2 * 30 - 2 * 'xl/media/image1.png'.length;
  return buildZip([...parts, { name: 'xl/media/image1.png', data: randomBytes(Math.max(0, padding)), store: true }]);
}

/** A small package whose entries point at the same compressed bytes (the overlapping-files bomb). */
export function overlappingZip(): Buffer {
  return buildZip([...packageParts({ data: Buffer.from('<worksheet/>') }), { name: 'xl/worksheets/sheet2.xml', data: Buffer.from('<worksheet/>'), offsetOf: 'xl/worksheets/sheet1.xml' }]);
}

/** A package holding another zip, stored. */
export function nestedZip(): Buffer {
  const inner = buildZip([{ name: 'a.txt', data: Buffer.from('hello') }]);
  return buildZip([...packageParts({ data: Buffer.from('<worksheet/>') }), { name: 'xl/embeddings/data.bin', data: inner, store: true }]);
}

/** The first bytes of a PNG image (a picture renamed .xlsx). */
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2_000)]);
