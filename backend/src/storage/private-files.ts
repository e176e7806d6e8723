import fs from 'node:fs';

/**
 * The data files (mails in the outbox, the embedded database, uploaded documents) belong to the
 * service alone: their folders are created 0700 and their files 0600, whatever the process's umask,
 * so another user of the machine reads none of them.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) 0700; an existing one is narrowed to 0700. */
export async function privateDir(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.promises.chmod(dir, PRIVATE_DIR_MODE);
}

/** The same, synchronously (before a worker thread opens the folder). */
export function privateDirSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Narrows every folder under `dir` to 0700 and every file to 0600 (files a library wrote with wider
 * modes, such as PGlite's file layer, which creates them 0666: its 0700 folder keeps them from other
 * users, this takes away the rest for the files present).
 */
export async function narrowTree(dir: string): Promise<void> {
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    const p = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      await fs.promises.chmod(p, PRIVATE_DIR_MODE);
      await narrowTree(p);
    } else if (entry.isFile()) await fs.promises.chmod(p, PRIVATE_FILE_MODE);
  }
}
