import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keeps each chunk's text, text vector and embedding in its own row (`toast_tuple_target` at its
 * maximum, 8160 bytes) instead of moving the embedding out of line as soon as the row passes 2 KB.
 * A search computes the distance of every candidate from the stored embedding: with the embedding in
 * the TOAST table, each one cost a second index lookup and heap read. A search limited to a few
 * sessions (an exact scan over their chunks) read thousands of them: on 50,000 benchmark chunks the
 * search statement's CPU fell from 16 to 5 ms with a session filter and from 8.5 to 6.3 ms without
 * (bench/history/server-deployment.md). The table takes about as much room as before (the heap grows by
 * what the TOAST table loses). A row still too big for a page (a long chunk with a large model's
 * embedding) is moved out of line as before.
 *
 * The stored rows are rewritten once here (CLUSTER on the primary key, which also rebuilds the
 * indexes), holding the table's lock for that time: 18 s for 50,000 chunks on a PostgreSQL server, 100 s
 * on the embedded database (the HNSW rebuild in WebAssembly).
 */
export class ChunkRowsInline1735000028000 implements MigrationInterface {
  name = 'ChunkRowsInline1735000028000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chunks SET (toast_tuple_target = 8160)`);
    await q.query(`CLUSTER chunks USING chunks_pkey`);
    await q.query(`ALTER TABLE chunks SET WITHOUT CLUSTER`);
  }

  async down(q: QueryRunner): Promise<void> {
    // New rows are stored as before; the rows already stored stay where they are until rewritten.
    await q.query(`ALTER TABLE chunks RESET (toast_tuple_target)`);
  }
}
