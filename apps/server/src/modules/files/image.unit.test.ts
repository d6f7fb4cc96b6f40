import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImage, jpegEnd, pngEnd } from './image.js';

const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** A segment of a JPEG (marker, 2-byte length, data). */
const segment = (marker: number, data: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};

describe('where an image ends', () => {
  it('a PNG ends after its IEND chunk', async () => {
    const png = await noise(60, 40).png().toBuffer();
    expect(pngEnd(png)).toBe(png.length);
    expect(pngEnd(Buffer.concat([png, HTML]))).toBe(png.length);
    expect(pngEnd(png.subarray(0, png.length - 6))).toBeNull();
  });

  it('a JPEG ends after the EOI of its last scan: baseline, progressive, noisy data full of stuffed bytes', async () => {
    for (const jpeg of [await noise(90, 70).jpeg({ quality: 95 }).toBuffer(), await noise(90, 70).jpeg({ progressive: true }).toBuffer(), await noise(16, 16).jpeg().toBuffer()]) {
      expect(jpegEnd(jpeg)).toBe(jpeg.length);
      expect(jpegEnd(Buffer.concat([jpeg, HTML]))).toBe(jpeg.length);
    }
  });

  it('an end marker inside a segment (an EXIF thumbnail, a comment) is not the end', async () => {
    const jpeg = await noise(40, 30).jpeg().toBuffer();
    const thumbnail = await noise(8, 8).jpeg().toBuffer();
    const withInner = Buffer.concat([jpeg.subarray(0, 2), segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0'), thumbnail])), segment(0xfe, Buffer.from([0xff, 0xd9, 0x41])), jpeg.subarray(2)]);
    expect(jpegEnd(withInner)).toBe(withInner.length);
    expect((await checkImage(withInner, 'jpg')).ok).toBe(true);
  });
});

describe('checkImage', () => {
  it('refuses a real PNG or JPEG with a page glued after it, accepts one padded with zeros', async () => {
    const png = await noise(60, 40).png().toBuffer();
    const jpeg = await noise(60, 40).jpeg().toBuffer();
    expect(await checkImage(Buffer.concat([png, HTML]), 'png')).toEqual({ ok: false, reason: 'trailing' });
    expect(await checkImage(Buffer.concat([jpeg, HTML]), 'jpg')).toEqual({ ok: false, reason: 'trailing' });
    expect(await checkImage(Buffer.concat([png, Buffer.alloc(64)]), 'png')).toMatchObject({ ok: true, width: 60, height: 40 });
    expect(await checkImage(jpeg, 'jpg')).toMatchObject({ ok: true, width: 60, height: 40, keepBytes: jpeg.length });
  });

  it('keeps the still picture of a motion photo (a JPEG with its video after it), drops the video; a PNG gets no such leeway', async () => {
    const jpeg = await noise(60, 40).jpeg().toBuffer();
    const png = await noise(60, 40).png().toBuffer();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12), Buffer.from([0, 0, 0, 0x10]), Buffer.from('mdat'), randomBytes(8)]);
    const samsung = Buffer.concat([Buffer.from('MotionPhoto_Data'), mp4, Buffer.from('SEFH')]);
    expect(await checkImage(Buffer.concat([jpeg, mp4]), 'jpg')).toMatchObject({ ok: true, width: 60, height: 40, keepBytes: jpeg.length });
    expect(await checkImage(Buffer.concat([jpeg, samsung]), 'jpg')).toMatchObject({ ok: true, keepBytes: jpeg.length });
    expect(await checkImage(Buffer.concat([png, mp4]), 'png')).toEqual({ ok: false, reason: 'trailing' });
    expect(await checkImage(Buffer.concat([jpeg, HTML, mp4]), 'jpg')).toEqual({ ok: false, reason: 'trailing' });
  });

  it('refuses the signature of an image followed by a page (nothing to decode)', async () => {
    const png = await noise(10, 10).png().toBuffer();
    expect((await checkImage(Buffer.concat([png.subarray(0, 8), HTML]), 'png')).ok).toBe(false);
    expect((await checkImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML]), 'jpg')).ok).toBe(false);
  });
});
