import { WriteStatements } from './content-version';

/**
 * Which statements make the embedded database's known content version stale. The watch itself (reads
 * counted, a transaction's change shown once committed) is tested on a real database in hot-reads.
 */
describe('WriteStatements', () => {
  let statements: WriteStatements;
  const connection = (isTransactionActive: boolean) => ({ isTransactionActive });
  beforeEach(() => (statements = new WriteStatements()));

  it.each([
    'SELECT s.id FROM sessions s',
    'WITH vec AS MATERIALIZED (SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id) SELECT * FROM vec',
    'SHOW server_version',
    'SET LOCAL hnsw.ef_search = 40',
    'START TRANSACTION',
    'BEGIN',
  ])('counts %s as a read', (statement) => expect(statements.mayHaveChanged(statement, connection(false))).toBe(false));

  it.each([
    'UPDATE sessions SET title = $1',
    'INSERT INTO documents (id) VALUES ($1)',
    '  delete from sessions',
    'WITH x AS (DELETE FROM sessions RETURNING 1) SELECT 1',
    'TRUNCATE sessions',
    'EXPLAIN ANALYZE UPDATE sessions SET title = $1',
  ])('counts %s as a possible change', (statement) => expect(statements.mayHaveChanged(statement, connection(false))).toBe(true));

  it.each([
    'WITH m AS (INSERT INTO chat_messages (thread_id, role, content, session_ids) VALUES ($1, $2, $3, $4) RETURNING id) SELECT id FROM m',
    'INSERT INTO ai_usage (kind, provider, model) VALUES ($1, $2, $3)',
    'UPDATE web_sessions SET last_seen_at = now() WHERE token_hash = $1',
    'INSERT INTO user_actions (user_id, action_type) VALUES ($1, $2)',
  ])('counts %s, which names no table the version follows, as no change', (statement) =>
    expect(statements.mayHaveChanged(statement, connection(false))).toBe(false),
  );

  it('counts the COMMIT of a transaction that wrote sessions or documents, not of one that wrote other tables', () => {
    const writer = connection(true);
    expect(statements.mayHaveChanged('INSERT INTO ai_usage (kind) VALUES ($1)', writer)).toBe(false);
    expect(statements.mayHaveChanged('COMMIT', writer)).toBe(false);
    expect(statements.mayHaveChanged("UPDATE documents SET status = 'embedded' WHERE id = $1", writer)).toBe(true);
    expect(statements.mayHaveChanged('COMMIT', writer)).toBe(true);
  });

  it('counts the COMMIT of a transaction that wrote, not of one that only read or of another connection', () => {
    const writer = connection(true);
    const reader = connection(true);
    statements.mayHaveChanged('SELECT 1', reader);
    expect(statements.mayHaveChanged('UPDATE sessions SET title = $1', writer)).toBe(true);
    expect(statements.mayHaveChanged('COMMIT', reader)).toBe(false);
    expect(statements.mayHaveChanged('COMMIT', writer)).toBe(true);
    // The connection's next transaction starts clean.
    expect(statements.mayHaveChanged('COMMIT', writer)).toBe(false);
  });

  it('forgets a rolled-back transaction', () => {
    const writer = connection(true);
    statements.mayHaveChanged('INSERT INTO sessions (title) VALUES ($1)', writer);
    expect(statements.mayHaveChanged('ROLLBACK', writer)).toBe(false);
    expect(statements.mayHaveChanged('COMMIT', writer)).toBe(false);
  });

  it('keeps the transaction dirty across a savepoint rolled back to', () => {
    const writer = connection(true);
    statements.mayHaveChanged('UPDATE sessions SET title = $1', writer);
    statements.mayHaveChanged('SAVEPOINT typeorm_1', writer);
    statements.mayHaveChanged('ROLLBACK TO SAVEPOINT typeorm_1', writer);
    expect(statements.mayHaveChanged('COMMIT', writer)).toBe(true);
  });
});
