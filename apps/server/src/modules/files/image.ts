import type { FileKind } from '@boreline/contracts';
import { LIMITS } from '@boreline/contracts';
import sharp from 'sharp';

// One libvips thread and no operation cache: uploads are few, and the server's memory stays flat.
sharp.concurrency(1);
sharp.cache(false);

const FORMAT_OF: Partial<Record<FileKind, string>> = { jpg: 'jpeg', png: 'png' };

export type ImageCheck = { ok: true; thumbnail: Buffer; width: number; height: number } | { ok: false; reason: 'type' | 'decode' | 'trailing' };

/** Where a PNG ends: right after its IEND chunk, the chunks walked by their lengths; null when it has none. */
export function pngEnd(bytes: Buffer): number | null {
  for (let at = 8; at + 12 <= bytes.length; ) {
    const next = at + 12 + bytes.readUInt32BE(at);
    if (next > bytes.length) return null;
    if (bytes.toString('latin1', at + 4, at + 8) === 'IEND') return next;
    at = next;
  }
  return null;
}

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * Where a JPEG ends: right after the EOI marker that closes its last scan. Segments are walked by
 * their lengths (an EXIF thumbnail's own EOI inside APP1 is skipped with its segment); a scan's
 * entropy-coded data runs to the first marker that is neither a stuffed 0xFF00 nor a restart.
 * Null when the structure breaks or no EOI comes.
 */
export function jpegEnd(bytes: Buffer): number | null {
  let at = 2;
  while (at + 2 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte before a marker
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (isRestart(marker) || marker === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    if (at + 4 > bytes.length) return null;
    let next = at + 2 + bytes.readUInt16BE(at + 2);
    if (marker === 0xda) {
      for (;;) {
        next = bytes.indexOf(0xff, next);
        if (next === -1 || next + 1 >= bytes.length) return null;
        const following = bytes[next + 1] ?? 0;
        if (following === 0x00 || isRestart(following)) next += 2;
        else if (following === 0xff) next += 1;
        else break;
      }
    }
    at = next;
  }
  return null;
}

/**
 * Whether anything but padding follows the image's own end: a PNG or JPEG with a page, a script or
 * an archive glued after it is not a plain image (a polyglot), whatever a decoder makes of it.
 */
function hasTrailingData(bytes: Buffer, kind: FileKind): boolean {
  const end = kind === 'png' ? pngEnd(bytes) : kind === 'jpg' ? jpegEnd(bytes) : bytes.length;
  if (end === null) return true;
  for (let at = end; at < bytes.length; at += 1) if (bytes[at] !== 0) return true;
  return false;
}

/**
 * Decodes an uploaded image whole (not just its first bytes) and makes its thumbnail: a file whose
 * decoder disagrees with its magic bytes, that is truncated, corrupt, larger than
 * LIMITS.imageMaxPixels (a decompression bomb), or that carries data after the image's end (an
 * HTML page glued after a real PNG) is refused. The thumbnail is a WebP of at most
 * LIMITS.thumbnailMaxPx on its longest side, turned upright by its EXIF orientation.
 */
export async function checkImage(bytes: Buffer, kind: FileKind): Promise<ImageCheck> {
  const options = { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'warning', sequentialRead: true } as const;
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== FORMAT_OF[kind]) return { ok: false, reason: 'type' };
    if (hasTrailingData(bytes, kind)) return { ok: false, reason: 'trailing' };
    const thumbnail = await sharp(bytes, options)
      .rotate()
      .resize(LIMITS.thumbnailMaxPx, LIMITS.thumbnailMaxPx, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { ok: true, thumbnail, width: meta.width, height: meta.height };
  } catch {
    return { ok: false, reason: 'decode' };
  }
}
