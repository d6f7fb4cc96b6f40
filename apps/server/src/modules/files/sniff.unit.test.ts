import type { FileKind } from '@boreline/contracts';
import { describe, expect, it } from 'vitest';
import { parseRange } from './files.http.js';
import { headOf } from './files.fixture.js';
import { ContentSniffer, displayName } from './sniff.js';

const ALL: FileKind[] = ['jpg', 'png', 'mp4', 'avi', 'pdf', 'doc', 'xls', 'docx', 'xlsx'];

/** Feeds bytes in pieces of `piece` (names and headers straddle the pieces). */
function sniff(bytes: Buffer, allowed: readonly FileKind[] = ALL, piece = 7): FileKind | 'refused' | null {
  const sniffer = new ContentSniffer();
  for (let at = 0; at < bytes.length; at += piece) if (sniffer.feed(bytes.subarray(at, at + piece), allowed) === 'refused') return 'refused';
  return sniffer.result();
}

describe('type by content', () => {
  it.each(['mp4', 'avi', 'pdf', 'doc', 'xls', 'docx', 'xlsx'] as const)('tells %s by its bytes, fed in small pieces', (kind) => {
    expect(sniff(Buffer.concat([headOf(kind), Buffer.alloc(300)]))).toBe(kind);
  });

  it('tells a Word file from a workbook in the same container only by what is inside', () => {
    const zip = (names: string[]) => Buffer.concat(names.map((n) => { const h = Buffer.alloc(30); h.writeUInt32LE(0x04034b50, 0); h.writeUInt16LE(n.length, 26); return Buffer.concat([h, Buffer.from(n), Buffer.alloc(40)]); }));
    expect(sniff(zip(['[Content_Types].xml', 'xl/workbook.xml']))).toBe('xlsx');
    expect(sniff(zip(['[Content_Types].xml', 'word/document.xml']))).toBe('docx');
    // A plain ZIP (or a JAR) is neither; nor an OLE2 file without either stream.
    expect(sniff(zip(['META-INF/MANIFEST.MF', 'a.class']))).toBeNull();
    expect(sniff(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]))).toBeNull();
  });

  it('refuses at the first bytes what the purpose does not take, and what only looks like a video', () => {
    expect(sniff(Buffer.concat([headOf('pdf'), Buffer.alloc(10)]), ['jpg', 'png'])).toBe('refused');
    expect(sniff(Buffer.from('<!doctype html><html></html>'), ['jpg', 'png'])).toBe('refused');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic')]);
    expect(sniff(heic, ['mp4'])).toBe('refused');
  });
});

describe('display names', () => {
  it('keeps the last path part, drops control and direction characters, ends with the real type', () => {
    expect(displayName('../../etc/passwd', 'png', 200)).toBe('passwd.png');
    expect(displayName('C:\\Users\\x\\plan.JPEG', 'jpg', 200)).toBe('plan.jpeg');
    expect(displayName('a\u0000b\u202ec.pdf', 'pdf', 200)).toBe('a_bc.pdf');
    expect(displayName('...', 'pdf', 200)).toBe('file.pdf');
    expect(displayName('report.exe', 'pdf', 200)).toBe('report.pdf');
    expect(displayName('图'.repeat(300), 'png', 20)).toBe(`${'图'.repeat(16)}.png`);
  });
});

describe('byte ranges', () => {
  it('reads one range of RFC 9110 and ignores what it does not support', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-1', 1000)).toBeNull();
    expect(parseRange('bytes=0-1,4-5', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange(undefined, 1000)).toBeNull();
  });
});
