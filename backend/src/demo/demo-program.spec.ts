import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_DIR, loadDemoManifest, loadDemoProgram } from './demo-program';

describe('demo program files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-program-'));
    await fs.mkdir(path.join(dir, 'documents'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('finds backend/demo from the source folder', () => {
    expect(DEMO_DIR).toBe(path.resolve(__dirname, '..', '..', 'demo'));
    expect(path.basename(path.dirname(DEMO_DIR))).toBe('backend');
  });

  it('loads sessions with the import rules and reports entries without a unique slug or with bad fields', async () => {
    await fs.writeFile(
      path.join(dir, 'sessions.json'),
      JSON.stringify([
        { slug: 'a', title: ' Opening ', speakers: 'X, Y', format: 'Keynote', date: '2025-09-08T08:30:00-06:00' },
        { title: 'No slug' },
        { slug: 'a', title: 'Duplicate' },
        { slug: 'b', title: 'Bad date', date: 'soon' },
      ]),
    );
    const { items, problems } = await loadDemoProgram(dir);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      slug: 'a',
      record: { title: 'Opening', speakers: ['X', 'Y'], format: 'keynote', day: 1, startTime: '8:30 AM' },
    });
    expect(problems).toEqual(['session #2: no slug', 'session #3: duplicate slug "a"', 'session "b": invalid date']);
  });

  it('loads the manifest, refusing files outside the documents folder, missing files and bad kinds', async () => {
    await fs.writeFile(path.join(dir, 'documents', 'talk.txt'), 'hello');
    await fs.writeFile(path.join(dir, 'secret.txt'), 'no');
    await fs.writeFile(
      path.join(dir, 'documents', 'manifest.json'),
      JSON.stringify([
        { sessionSlug: 'a', kind: 'transcript', file: 'talk.txt' },
        { sessionSlug: 'a', kind: 'transcript', file: '../secret.txt' },
        { sessionSlug: 'a', kind: 'pdf', file: 'missing.pdf' },
        { sessionSlug: 'a', kind: 'video', file: 'talk.txt' },
      ]),
    );
    const { items, problems } = await loadDemoManifest(dir);
    expect(items).toEqual([{ sessionSlug: 'a', kind: 'transcript', file: 'talk.txt', filePath: path.join(dir, 'documents', 'talk.txt') }]);
    expect(problems).toEqual([
      `document #2: ../secret.txt is outside ${path.join(dir, 'documents')}`,
      'document #3: missing.pdf not found',
      'document #4: needs sessionSlug, kind (transcript or pdf) and file',
    ]);
  });

  it('treats a missing manifest as no documents', async () => {
    await expect(loadDemoManifest(dir)).resolves.toEqual({ items: [], problems: [] });
  });
});
