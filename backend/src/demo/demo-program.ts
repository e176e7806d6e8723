import fs from 'node:fs/promises';
import path from 'node:path';
import { importRecord, SessionRecord } from '../sessions/session-input';

/**
 * The demo conference shipped in backend/demo: `sessions.json` (the program, each session with a
 * stable `slug`) and `documents/manifest.json` (`[{sessionSlug, kind, file}]`, files beside it).
 * Resolved from this file: backend/src/demo and backend/dist/demo both lead to backend/demo.
 */
export const DEMO_DIR = path.resolve(__dirname, '..', '..', 'demo');

export interface DemoSession {
  slug: string;
  record: SessionRecord;
}

export interface DemoDocument {
  sessionSlug: string;
  kind: 'transcript' | 'pdf';
  /** Absolute path of the file (always inside the documents folder). */
  filePath: string;
  /** The file name as given in the manifest. */
  file: string;
}

export interface Loaded<T> {
  items: T[];
  /** Entries left out, with why (logged by the seeder). */
  problems: string[];
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await fs.readFile(file, 'utf8'));
}

/** The program: every entry checked with the import rules of PRODUCT.md §5; it needs a unique slug. */
export async function loadDemoProgram(dir = DEMO_DIR): Promise<Loaded<DemoSession>> {
  const raw = await readJson(path.join(dir, 'sessions.json'));
  if (!Array.isArray(raw)) throw new Error(`${path.join(dir, 'sessions.json')} must hold an array of sessions`);
  const items: DemoSession[] = [];
  const problems: string[] = [];
  const slugs = new Set<string>();
  raw.forEach((entry, i) => {
    const slug = (entry as { slug?: unknown } | null)?.slug;
    if (typeof slug !== 'string' || !slug.trim()) return void problems.push(`session #${i + 1}: no slug`);
    if (slugs.has(slug)) return void problems.push(`session #${i + 1}: duplicate slug "${slug}"`);
    const result = importRecord(entry);
    if (!result.ok) return void problems.push(`session "${slug}": ${result.reason}`);
    slugs.add(slug);
    items.push({ slug, record: result.record });
  });
  return { items, problems };
}

/** The documents manifest; a missing manifest means no documents. Files must sit in the documents folder. */
export async function loadDemoManifest(dir = DEMO_DIR): Promise<Loaded<DemoDocument>> {
  const docsDir = path.join(dir, 'documents');
  const manifestFile = path.join(docsDir, 'manifest.json');
  let raw: unknown;
  try {
    raw = await readJson(manifestFile);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { items: [], problems: [] };
    throw err;
  }
  if (!Array.isArray(raw)) throw new Error(`${manifestFile} must hold an array of documents`);
  const items: DemoDocument[] = [];
  const problems: string[] = [];
  for (const [i, entry] of raw.entries()) {
    const { sessionSlug, kind, file } = (entry ?? {}) as Record<string, unknown>;
    if (typeof sessionSlug !== 'string' || typeof file !== 'string' || (kind !== 'transcript' && kind !== 'pdf')) {
      problems.push(`document #${i + 1}: needs sessionSlug, kind (transcript or pdf) and file`);
      continue;
    }
    const filePath = path.resolve(docsDir, file);
    if (!filePath.startsWith(docsDir + path.sep)) {
      problems.push(`document #${i + 1}: ${file} is outside ${docsDir}`);
      continue;
    }
    try {
      await fs.access(filePath);
    } catch {
      problems.push(`document #${i + 1}: ${file} not found`);
      continue;
    }
    items.push({ sessionSlug, kind, filePath, file });
  }
  return { items, problems };
}
