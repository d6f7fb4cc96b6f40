import type { FileKind } from '@boreline/contracts';
import { LIMITS } from '@boreline/contracts';
import sharp from 'sharp';

// One libvips thread and no operation cache: uploads are few, and the server's memory stays flat.
sharp.concurrency(1);
sharp.cache(false);

const FORMAT_OF: Partial<Record<FileKind, string>> = { jpg: 'jpeg', png: 'png' };

export type ImageCheck =
  /** `keepBytes`: the still image's length when a phone's motion photo carried a video after it (dropped). */
  | { ok: true; thumbnail: Buffer; width: number; height: number; keepBytes: number }
  | { ok: false; reason: 'type' | 'decode' | 'trailing' };

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

const isPadding = (bytes: Buffer, from: number) => {
  for (let at = from; at < bytes.length; at += 1) if (bytes[at] !== 0) return false;
  return true;
};

/**
 * Whether what follows a JPEG is the video of a phone's motion photo: an MP4 file (a `ftyp` box,
 * Google's and most Android cameras' layout) or Samsung's `MotionPhoto_Data` block.
 */
function isMotionVideo(tail: Buffer): boolean {
  return tail.toString('latin1', 4, 8) === 'ftyp' || tail.toString('latin1', 0, 16) === 'MotionPhoto_Data';
}

/**
 * The bytes of the upload to keep: all of a plain image (padding after its end is harmless); only
 * the still image of a JPEG motion photo (the video after it is dropped, never stored or served);
 * null when anything else follows the image's own end — a page, a script or an archive glued after
 * a real PNG or JPEG is a polyglot, not an image, whatever a decoder makes of it.
 */
function bytesToKeep(bytes: Buffer, kind: FileKind): number | null {
  const end = kind === 'png' ? pngEnd(bytes) : kind === 'jpg' ? jpegEnd(bytes) : bytes.length;
  if (end === null) return null;
  if (isPadding(bytes, end)) return bytes.length;
  return kind === 'jpg' && isMotionVideo(bytes.subarray(end)) ? end : null;
}

/**
 * Decodes an uploaded image whole (not just its first bytes) and makes its thumbnail: a file whose
 * decoder disagrees with its magic bytes, that is truncated, corrupt, larger than
 * LIMITS.imageMaxPixels (a decompression bomb), or that carries data after the image's end (an
 * HTML page glued after a real PNG) is refused; a motion photo keeps its still image only. The thumbnail is a WebP of at most
 * LIMITS.thumbnailMaxPx on its longest side, turned upright by its EXIF orientation.
 */
export async function checkImage(bytes: Buffer, kind: FileKind): Promise<ImageCheck> {
  const options = { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'warning', sequentialRead: true } as const;
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== FORMAT_OF[kind]) return { ok: false, reason: 'type' };
    const keepBytes = bytesToKeep(bytes, kind);
    if (keepBytes === null) return { ok: false, reason: 'trailing' };
    const thumbnail = await sharp(bytes.subarray(0, keepBytes), options)
      .rotate()
      .resize(LIMITS.thumbnailMaxPx, LIMITS.thumbnailMaxPx, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { ok: true, thumbnail, width: meta.width, height: meta.height, keepBytes };
  } catch {
    return { ok: false, reason: 'decode' };
  }
}
