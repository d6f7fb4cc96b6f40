import type { FileKind } from '@boreline/contracts';
import { LIMITS } from '@boreline/contracts';
import sharp from 'sharp';

// One libvips thread and no operation cache: uploads are few, and the server's memory stays flat.
sharp.concurrency(1);
sharp.cache(false);

const FORMAT_OF: Partial<Record<FileKind, string>> = { jpg: 'jpeg', png: 'png' };

export type ImageCheck = { ok: true; thumbnail: Buffer; width: number; height: number } | { ok: false; reason: 'type' | 'decode' };

/**
 * Decodes an uploaded image whole (not just its first bytes) and makes its thumbnail: a file whose
 * decoder disagrees with its magic bytes, that is truncated, corrupt, or larger than
 * LIMITS.imageMaxPixels (a decompression bomb) is refused. The thumbnail is a WebP of at most
 * LIMITS.thumbnailMaxPx on its longest side, turned upright by its EXIF orientation.
 */
export async function checkImage(bytes: Buffer, kind: FileKind): Promise<ImageCheck> {
  const options = { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'warning', sequentialRead: true } as const;
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== FORMAT_OF[kind]) return { ok: false, reason: 'type' };
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
