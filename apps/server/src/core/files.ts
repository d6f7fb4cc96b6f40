import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const IMAGE_TYPES = {
  png: { contentType: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  jpg: { contentType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;

/** The type of an image by its first bytes, whatever its name or declared type says. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  for (const [type, { magic }] of Object.entries(IMAGE_TYPES)) {
    if (magic.every((byte, i) => bytes[i] === byte)) return type === 'png' ? 'png' : 'jpg';
  }
  return null;
}

/** Uploaded files on local disk under `<dataDir>/uploads`, named by the server only. */
export class FileStore {
  constructor(private readonly root: string) {}

  /** Writes atomically (temporary file, then rename) and returns the key to store. */
  async put(folder: string, extension: string, bytes: Uint8Array): Promise<string> {
    const dir = join(this.root, folder);
    await mkdir(dir, { recursive: true });
    const key = `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
    const tmp = join(this.root, `${key}.part`);
    await writeFile(tmp, bytes, { flag: 'wx' });
    await rename(tmp, join(this.root, key));
    return key;
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  private path(key: string): string {
    if (!/^[a-z]+\/[0-9a-f]{32}\.[a-z]{3,4}$/.test(key)) throw new Error('invalid file key');
    return join(this.root, key);
  }
}
