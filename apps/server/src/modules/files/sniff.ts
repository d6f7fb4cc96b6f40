import type { FileKind } from '@boreline/contracts';

/** The families a file's first bytes tell; Office files need more of their bytes to tell which. */
type Family = 'jpg' | 'png' | 'pdf' | 'mp4' | 'avi' | 'ole2' | 'zip';

const HEADER_BYTES = 16;
const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

// MP4 brands (ISO base media); HEIC/AVIF images and QuickTime share the `ftyp` box and are not videos a browser plays.
const MP4_BRAND = /^(iso[2-9m]|mp4[12]|avc1|dash|M4V |MSNV|f4v )$/;

function familyOf(head: Uint8Array): Family | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, ascii('ftyp'), 4) && MP4_BRAND.test(String.fromCharCode(...head.subarray(8, 12)))) return 'mp4';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('AVI '), 8)) return 'avi';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole2';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return null;
}

const FAMILY_KINDS: Record<Family, readonly FileKind[]> = {
  jpg: ['jpg'],
  png: ['png'],
  pdf: ['pdf'],
  mp4: ['mp4'],
  avi: ['avi'],
  ole2: ['doc', 'xls'],
  zip: ['docx', 'xlsx'],
};

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A ZIP local header is 30 bytes and its name follows; names we look at are short. */
const ZIP_CARRY = 30 + 256;
const OLE_NAMES = { doc: Buffer.from('WordDocument', 'utf16le'), xls: Buffer.from('Workbook', 'utf16le'), xls95: Buffer.from('Book\0', 'utf16le') };
const OLE_CARRY = 32;

/**
 * Tells a file's type from its bytes as they stream by, without keeping them: the first bytes
 * give the family; for Office files the entry names of the ZIP (docx: `word/`, xlsx: `xl/`, both
 * with `[Content_Types].xml`) or the stream names of the OLE2 directory (`WordDocument`,
 * `Workbook`) tell which document it is. Names and declared types are never looked at.
 */
export class ContentSniffer {
  private head = Buffer.alloc(0);
  private family: Family | null = null;
  private carry = Buffer.alloc(0);
  private readonly seen = { contentTypes: false, word: false, xl: false, doc: false, xls: false };

  /** After the first bytes: 'refused' as soon as the family cannot be any of `allowed`. */
  feed(chunk: Uint8Array, allowed: readonly FileKind[]): 'pending' | 'ok' | 'refused' {
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.head.length < HEADER_BYTES) {
      const before = this.head;
      this.head = Buffer.concat([before, bytes.subarray(0, HEADER_BYTES - before.length)]);
      if (this.head.length < HEADER_BYTES) return 'pending';
      this.family = familyOf(this.head);
      if (!this.family || !FAMILY_KINDS[this.family].some((k) => allowed.includes(k))) return 'refused';
      // The first bytes were held back until the family was known: the scans see them now.
      bytes = Buffer.concat([before, bytes]);
    }
    if (this.family === 'zip') this.scanZip(bytes);
    if (this.family === 'ole2') this.scanOle(bytes);
    return 'ok';
  }

  /** The kind, once every byte was fed; null when the bytes are none of the kinds told apart here. */
  result(): FileKind | null {
    // A file shorter than the header is still judged on what it has (a tiny PDF, a truncated PNG fails decoding later).
    const family = this.family ?? familyOf(this.head);
    switch (family) {
      case null:
        return null;
      case 'zip':
        if (!this.seen.contentTypes || this.seen.word === this.seen.xl) return null;
        return this.seen.word ? 'docx' : 'xlsx';
      case 'ole2':
        if (this.seen.doc === this.seen.xls) return null;
        return this.seen.doc ? 'doc' : 'xls';
      default:
        return family;
    }
  }

  private scanZip(chunk: Buffer): void {
    const data = Buffer.concat([this.carry, chunk]);
    for (let at = data.indexOf(ZIP_LOCAL_HEADER); at !== -1 && at + 30 <= data.length; at = data.indexOf(ZIP_LOCAL_HEADER, at + 4)) {
      const nameLength = data.readUInt16LE(at + 26);
      if (at + 30 + nameLength > data.length) break;
      const name = data.toString('latin1', at + 30, at + 30 + Math.min(nameLength, 256));
      if (name === '[Content_Types].xml') this.seen.contentTypes = true;
      if (name.startsWith('word/')) this.seen.word = true;
      if (name.startsWith('xl/')) this.seen.xl = true;
    }
    this.carry = Buffer.from(data.subarray(Math.max(0, data.length - ZIP_CARRY)));
  }

  private scanOle(chunk: Buffer): void {
    const data = Buffer.concat([this.carry, chunk]);
    if (data.includes(OLE_NAMES.doc)) this.seen.doc = true;
    if (data.includes(OLE_NAMES.xls) || data.includes(OLE_NAMES.xls95)) this.seen.xls = true;
    this.carry = Buffer.from(data.subarray(Math.max(0, data.length - OLE_CARRY)));
  }
}

const BIDI_AND_INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;
// Control characters (C0, DEL, C1) and characters Windows refuses in names; they never show.
const CONTROL_AND_RESERVED = /[\p{Cc}<>:"|?*]/gu;

/**
 * The original name as it may be shown and offered on download: the last path part only, without
 * control, direction-changing or invisible characters, at most `maxLength` characters, ending with
 * the extension of the type its bytes are (a PNG named `photo.jpg` is offered as `photo.png`).
 */
export function displayName(raw: string, kindExtension: string, maxLength: number): string {
  const last = raw.split(/[/\\]/).pop() ?? '';
  let name = last.normalize('NFC').replace(BIDI_AND_INVISIBLE, '').replace(CONTROL_AND_RESERVED, '_').trim().replace(/^[.\s]+/, '');
  const dot = name.lastIndexOf('.');
  let stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const same = extension === kindExtension || (kindExtension === 'jpg' && extension === 'jpeg');
  const suffix = `.${same ? extension : kindExtension}`;
  stem = [...stem].slice(0, Math.max(1, maxLength - suffix.length)).join('').trim();
  name = `${stem || 'file'}${suffix}`;
  return name;
}
