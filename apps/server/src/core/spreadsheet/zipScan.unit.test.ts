import { describe, expect, it } from 'vitest';
import { buildZip, fixture, packageParts, workbook } from '../../../test/spreadsheets.js';
import { scanZip, type ZipLimits } from './zipScan.js';

const LIMITS: ZipLimits = { maxEntries: 50, maxTotalBytes: 64 * 1024 * 1024, maxRatio: 100, ratioFloorBytes: 1024 * 1024 };
const sheet = (data: Buffer) => packageParts({ data });

describe('zip pre-scan', () => {
  it('passes workbooks of exceljs and LibreOffice, listing their entries where their data starts', async () => {
    const written = scanZip(await workbook([['Ring'], [1]]), LIMITS);
    expect(written.ok && written.entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
    const office = scanZip(fixture('tailcleance.xlsx'), LIMITS);
    expect(office.ok).toBe(true);
  });

  it('refuses more entries than allowed, from the end record alone', () => {
    const parts = Array.from({ length: 60 }, (_, i) => ({ name: `xl/part${i}.xml`, data: Buffer.from('<a/>') }));
    expect(scanZip(buildZip(parts), LIMITS)).toMatchObject({ ok: false, reason: 'bomb' });
  });

  it('refuses an entry inflating far more than a sheet does, and a total past the cap', () => {
    const ratio = buildZip(sheet(Buffer.alloc(4 * 1024 * 1024, 0x20)));
    expect(scanZip(ratio, LIMITS)).toMatchObject({ ok: false, reason: 'bomb' });
    const total = buildZip(sheet(Buffer.alloc(4 * 1024 * 1024, 0x20)));
    expect(scanZip(total, { ...LIMITS, maxRatio: 10_000, maxTotalBytes: 1024 * 1024 })).toMatchObject({ ok: false, reason: 'bomb' });
  });

  it('refuses encrypted entries', () => {
    expect(scanZip(buildZip([...sheet(Buffer.from('<worksheet/>')), { name: 'xl/secret.xml', data: Buffer.from('x'), flags: 1 }]), LIMITS)).toMatchObject({ ok: false, reason: 'encrypted' });
  });

  it('refuses a local entry the directory does not list (what a reader walking the file would meet unchecked)', () => {
    const hidden = buildZip([{ name: 'xl/worksheets/sheet9.xml', data: Buffer.from('<worksheet/>'), hidden: true }, ...sheet(Buffer.from('<worksheet/>'))]);
    expect(scanZip(hidden, LIMITS)).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  it('refuses what is not a zip at all', () => {
    expect(scanZip(Buffer.from('PK\u0003\u0004 and nothing else'), LIMITS)).toMatchObject({ ok: false, reason: 'corrupt' });
  });
});
