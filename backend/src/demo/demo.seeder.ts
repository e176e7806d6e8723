import { randomUUID } from 'node:crypto';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { DocumentsService } from '../documents/documents.service';
import { SessionsService } from '../sessions/sessions.service';
import { DEMO_DIR, loadDemoManifest, loadDemoProgram } from './demo-program';
import { DemoRepository, DemoSeedState } from './demo.repository';

export const DEMO_UPLOADER = 'Demo content';

/**
 * Seeds the demo conference on the first start (SEED_DEMO, on by default): when the app_meta marker
 * says it never ran and the sessions table is empty, the program is inserted in one transaction
 * together with the marker; deleting every session later does not bring it back. Then each
 * document of the manifest is handed to the documents module in the background (ingestion runs on
 * the queue), so the server starts without waiting; an interrupted handoff resumes on the next start.
 */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('DemoSeed');
  private handoff: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: AppConfig,
    private readonly db: DataSource,
    private readonly repo: DemoRepository,
    private readonly sessions: SessionsService,
    private readonly documents: DocumentsService,
  ) {}

  /** Settles when the documents of this start have been handed over (tests, shutdown). */
  whenDocumentsHandedOver(): Promise<void> {
    return this.handoff;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    try {
      const state = await this.seedProgram();
      if (state?.state === 'sessions-seeded') {
        this.handoff = this.handOverDocuments(state).catch((err) =>
          this.logger.error(`demo documents not handed over: ${(err as Error).message}`),
        );
      }
    } catch (err) {
      this.logger.error(`demo conference not seeded: ${(err as Error).message}`);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.handoff;
  }

  /** Inserts the program and the marker in one transaction; returns the marker as it now stands. */
  private async seedProgram(): Promise<DemoSeedState | undefined> {
    const started = Date.now();
    const at = new Date().toISOString();
    const program = await loadDemoProgram(DEMO_DIR);
    for (const problem of program.problems) this.logger.warn(`demo program: ${problem}`);
    const seeded = await this.db.transaction(async (m) => {
      const claimed = await this.repo.claim(m, { state: 'skipped', reason: 'claimed', at });
      if (!claimed) return undefined;
      if ((await this.sessions.count(m)) > 0) {
        const state: DemoSeedState = { state: 'skipped', reason: 'sessions already present', at };
        await this.repo.write(state, m);
        return state;
      }
      const withIds = program.items.map((s) => ({ slug: s.slug, id: randomUUID(), record: s.record }));
      await this.sessions.insertRecords(
        withIds.map((s) => ({ ...s.record, id: s.id })),
        m,
      );
      const state: DemoSeedState = {
        state: 'sessions-seeded',
        sessions: Object.fromEntries(withIds.map((s) => [s.slug, s.id])),
        at,
      };
      await this.repo.write(state, m);
      return state;
    });
    if (seeded?.state === 'sessions-seeded') {
      this.logger.log(`demo conference seeded: ${Object.keys(seeded.sessions).length} sessions in ${Date.now() - started} ms`);
    }
    return seeded ?? (await this.repo.read());
  }

  /** Hands each manifest document to the documents module, skipping those already there. */
  private async handOverDocuments(state: Extract<DemoSeedState, { state: 'sessions-seeded' }>): Promise<void> {
    const manifest = await loadDemoManifest(DEMO_DIR);
    for (const problem of manifest.problems) this.logger.warn(`demo documents: ${problem}`);
    if (manifest.items.length === 0 && manifest.problems.length === 0) return; // no manifest (yet): try again next start
    const ids = Object.values(state.sessions);
    const [alive, present] = await Promise.all([this.sessions.existingIds(ids), this.documents.filenamesIn(ids)]);
    let added = 0;
    for (const doc of manifest.items) {
      const sessionId = state.sessions[doc.sessionSlug];
      if (!sessionId) {
        this.logger.warn(`demo documents: no session "${doc.sessionSlug}" for ${doc.file}`);
        continue;
      }
      if (!alive.has(sessionId) || present.has(`${sessionId}/${doc.file}`)) continue;
      try {
        await this.documents.addFromPath({
          sessionId,
          kind: doc.kind,
          filePath: doc.filePath,
          originalFilename: doc.file,
          uploaderName: DEMO_UPLOADER,
        });
        added++;
      } catch (err) {
        this.logger.warn(`demo document ${doc.file} not added: ${(err as Error).message}`);
      }
    }
    await this.repo.write({ ...state, state: 'seeded', documentsAt: new Date().toISOString() });
    this.logger.log(`demo documents handed over for ingestion: ${added}`);
  }
}
