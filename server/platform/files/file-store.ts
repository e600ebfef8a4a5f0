import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where uploaded bytes live; the database keeps only their metadata (stored_files). */
export interface FileStore {
  put(id: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when no file has that id. */
  get(id: string): Promise<Uint8Array | null>;
  delete(id: string): Promise<void>;
}

const SAFE_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Files on local disk, one per id, under `directory` (DATA_DIR/files by default). */
export function diskFileStore(directory: string): FileStore {
  const pathOf = (id: string) => {
    if (!SAFE_ID.test(id)) throw new Error(`Invalid file id: ${id}`);
    return join(directory, id);
  };
  return {
    async put(id, bytes) {
      await mkdir(directory, { recursive: true });
      // Write then rename, so a crash never leaves a half-written file under the final name.
      const temporary = `${pathOf(id)}.partial`;
      await writeFile(temporary, bytes);
      await rename(temporary, pathOf(id));
    },
    async get(id) {
      try {
        return new Uint8Array(await readFile(pathOf(id)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(id) {
      await rm(pathOf(id), { force: true });
    },
  };
}
