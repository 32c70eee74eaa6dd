import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { images } from '../db/schema.js';
import { isStoredName, type StoredImage } from './images.js';

export interface ImageStore {
  put(image: StoredImage): Promise<void>;
  get(name: string): Promise<{ bytes: Buffer; contentType: string } | null>;
}

export function fsImageStore(dir: string): ImageStore {
  return {
    async put(image) {
      await fs.mkdir(dir, { recursive: true });
      // Written aside, then renamed into place in one step: a write cut short (a crash, a full disk) never leaves
      // part of a picture under its name, where, the name being the bytes' hash, nothing would ever replace it.
      const file = path.join(dir, image.name);
      const aside = `${file}.${randomUUID()}.part`;
      try {
        await fs.writeFile(aside, image.bytes);
        await fs.rename(aside, file);
      } finally {
        await fs.rm(aside, { force: true });
      }
    },
    async get(name) {
      if (!isStoredName(name)) return null;
      try {
        return { bytes: await fs.readFile(path.join(dir, name)), contentType: 'image/webp' };
      } catch {
        return null;
      }
    },
  };
}

export function dbImageStore(db: Db): ImageStore {
  return {
    async put(image) {
      await db.insert(images).values(image).onConflictDoNothing();
    },
    async get(name) {
      if (!isStoredName(name)) return null;
      const [row] = await db
        .select({ bytes: images.bytes, contentType: images.contentType })
        .from(images)
        .where(eq(images.name, name));
      return row ?? null;
    },
  };
}

/** The store UPLOAD_STORE names: files in DATA_DIR/uploads, or rows every instance shares. */
export function imageStoreFor(config: Pick<Config, 'UPLOAD_STORE' | 'dataDir'>, db: Db): ImageStore {
  return config.UPLOAD_STORE === 'db' ? dbImageStore(db) : fsImageStore(path.join(config.dataDir, 'uploads'));
}
