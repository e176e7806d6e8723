import { DataSource } from 'typeorm';
import { EMBEDDINGS, type EmbeddingsProvider } from '../../src/ai/ai.types';
import { startTestApp, type TestApp } from './test-app';

export interface FixtureChunk {
  text: string;
  page?: number;
  startTime?: number;
  speaker?: string;
}

export interface FixtureDocument {
  kind: 'transcript' | 'pdf';
  status?: 'uploaded' | 'chunked' | 'embedded' | 'error';
  chunks: FixtureChunk[];
}

export interface FixtureSession {
  title: string;
  speakers?: string[];
  documents: FixtureDocument[];
}

export interface SeededSession {
  id: string;
  title: string;
  documentIds: string[];
}

/**
 * Inserts sessions, their documents (status 'embedded' unless told) and chunks with embeddings from
 * the app's own embeddings provider, the way ingestion stores them, for tests of what reads chunks.
 */
export async function seedChunks(t: TestApp, sessions: FixtureSession[]): Promise<SeededSession[]> {
  const db = t.app.get(DataSource);
  const embeddings = t.app.get<EmbeddingsProvider>(EMBEDDINGS);
  const out: SeededSession[] = [];
  for (const [si, session] of sessions.entries()) {
    const [{ id: sessionId }] = await db.query(
      `INSERT INTO sessions (title, speakers, format, day, date) VALUES ($1, $2, 'panel', 1, now() + make_interval(hours => $3)) RETURNING id`,
      [session.title, session.speakers ?? [], si],
    );
    const documentIds: string[] = [];
    for (const [di, doc] of session.documents.entries()) {
      const ext = doc.kind === 'pdf' ? 'pdf' : 'txt';
      const [{ id: documentId }] = await db.query(
        `INSERT INTO documents (session_id, kind, original_filename, storage_path, mime_type, bytes, status, total_chunks, processed_chunks, progress_percent, embedding_model)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, 100, $9) RETURNING id`,
        [
          sessionId,
          doc.kind,
          `session-${si}-doc-${di}.${ext}`,
          `/nonexistent/session-${si}-doc-${di}.${ext}`,
          doc.kind === 'pdf' ? 'application/pdf' : 'text/plain',
          doc.chunks.reduce((n, c) => n + c.text.length, 0),
          doc.status ?? 'embedded',
          doc.chunks.length,
          embeddings.model,
        ],
      );
      documentIds.push(documentId);
      const vectors = await embeddings.embedDocuments(doc.chunks.map((c) => c.text));
      for (const [ci, chunk] of doc.chunks.entries()) {
        await db.query(
          `INSERT INTO chunks (document_id, session_id, chunk_index, text, page, speaker, start_time, embedding)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::vector)`,
          [
            documentId,
            sessionId,
            ci,
            chunk.text,
            chunk.page ?? null,
            chunk.speaker ?? null,
            chunk.startTime ?? null,
            `[${vectors[ci].join(',')}]`,
          ],
        );
      }
    }
    out.push({ id: sessionId, title: session.title, documentIds });
  }
  return out;
}

/** A small conference: two sessions with a transcript and a PDF each, and a not-yet-embedded document. */
export const SAMPLE_CONFERENCE: FixtureSession[] = [
  {
    title: 'What Lenders Want: Credit Criteria in a Tighter Market',
    speakers: ['Rebecca Lindqvist', 'Tomás Echeverría'],
    documents: [
      {
        kind: 'transcript',
        chunks: [
          {
            speaker: 'Rebecca Lindqvist',
            startTime: 65,
            text: 'Rebecca Lindqvist: For our bank, time in business is the first screen. We want to see at least two years in business for an app-only deal, and three years once the exposure goes above 250,000 dollars.',
          },
          {
            speaker: 'Tomás Echeverría',
            startTime: 412,
            text: 'Tomás Echeverría: On personal credit we hold a FICO floor of 680 for the guarantor on app-only transactions. Below 650 we almost always decline unless there is substantial collateral or a large down payment.',
          },
          {
            speaker: 'Rebecca Lindqvist',
            startTime: 780,
            text: 'Rebecca Lindqvist: Debt service coverage matters most on larger tickets. We look for a DSCR of at least 1.25 times on the full financial package, and we stress it with a two hundred basis point rate shock.',
          },
          {
            speaker: 'Tomás Echeverría',
            startTime: 3725,
            text: 'Tomás Echeverría: The red flags that send a file to decline are recent tax liens, a PAYDEX score under 50, and bank statements showing more than three NSF items in ninety days.',
          },
        ],
      },
      {
        kind: 'pdf',
        chunks: [
          {
            page: 2,
            text: 'Credit box summary. Minimum time in business: 2 years (app-only), 3 years (full financials). Guarantor FICO floor: 680. PAYDEX: 50 or higher.',
          },
          {
            page: 3,
            text: 'Collateral preferences. Essential-use equipment with strong secondary markets (yellow iron, trucks, machine tools) earns better advance rates than soft assets such as software and furniture.',
          },
        ],
      },
      {
        kind: 'pdf',
        status: 'chunked',
        chunks: [{ page: 1, text: 'Draft slides about FICO floors that are still being processed and must never be cited.' }],
      },
    ],
  },
  {
    title: 'Residual Value Forecasting for Construction Equipment',
    speakers: ['Hannah Brooks'],
    documents: [
      {
        kind: 'transcript',
        chunks: [
          {
            speaker: 'Hannah Brooks',
            startTime: 120,
            text: 'Hannah Brooks: Residual values for excavators held up better than expected. Auction prices for three-year-old excavators fell about 8 percent this year, after the record highs of 2022.',
          },
          {
            speaker: 'Hannah Brooks',
            startTime: 900,
            text: 'Hannah Brooks: Hours of use drive residuals more than age. A machine with under 2,000 hours a year keeps its value; above 3,000 hours the curve bends down sharply.',
          },
        ],
      },
      {
        kind: 'pdf',
        chunks: [
          {
            page: 4,
            text: 'Residual forecasting model: start from auction data, adjust for hours, condition, attachments and regional demand, then apply a haircut of 10 to 15 percent for forecasting risk.',
          },
          {
            page: 7,
            text: 'Infrastructure spending from the federal highway bill supports demand for compact track loaders and pavers through 2027.',
          },
        ],
      },
    ],
  },
];

/** A test app (`startTestApp(env)`) holding SAMPLE_CONFERENCE, and the sessions seeded. */
export async function startSampleConferenceApp(env: Record<string, string> = {}): Promise<{ app: TestApp; sessions: SeededSession[] }> {
  const app = await startTestApp(env);
  try {
    return { app, sessions: await seedChunks(app, SAMPLE_CONFERENCE) };
  } catch (err) {
    await app.close();
    throw err;
  }
}
