import fs from 'node:fs';
import path from 'node:path';
import { FileStore, isSafeKey, StoredFile, StoredKey } from './file-store.port';
import { PRIVATE_FILE_MODE, privateDir } from './private-files';

/** Uploaded files on the local disk under `DATA_DIR/uploads` (the embedded default). */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;

  constructor(private readonly dir: string) {}

  async put(key: string, localPath: string): Promise<void> {
    await privateDir(this.dir);
    await fs.promises.rename(localPath, this.pathOf(key));
    await fs.promises.chmod(this.pathOf(key), PRIVATE_FILE_MODE);
  }

  async open(key: string): Promise<StoredFile | null> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.pathOf(key), 'r');
    } catch {
      return null;
    }
    const { size } = await handle.stat();
    return { stream: handle.createReadStream(), bytes: size };
  }

  async withLocalCopy<T>(key: string, use: (localPath: string) => Promise<T>): Promise<{ value: T } | null> {
    const file = this.pathOf(key);
    if (!fs.existsSync(file)) return null;
    return { value: await use(file) };
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<StoredKey> {
    const entries = await fs.promises.readdir(this.dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || !isSafeKey(entry.name)) continue;
      const stat = await fs.promises.stat(path.join(this.dir, entry.name)).catch(() => null);
      if (stat) yield { key: entry.name, modifiedAt: stat.mtimeMs };
    }
  }

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path.join(this.dir, key);
  }
}
