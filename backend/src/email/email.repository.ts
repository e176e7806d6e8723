import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: 'stored' | 'sent' | 'failed';
  emlPath: string | null;
  createdAt: Date;
}

@Injectable()
export class EmailRepository {
  constructor(private readonly db: DataSource) {}

  async insert(row: Omit<OutboxRow, 'id' | 'createdAt'> & { error?: string }): Promise<string> {
    const [{ id }] = await this.db.query(
      `INSERT INTO email_outbox (to_address, subject, text_body, html_body, status, error, eml_path)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [row.to, row.subject, row.text, row.html, row.status, row.error ?? null, row.emlPath],
    );
    return id;
  }

  /** Newest first; used by tests and support staff to read the outbox. */
  async latest(to?: string, limit = 20): Promise<OutboxRow[]> {
    return this.db.query(
      `SELECT id, to_address AS "to", subject, text_body AS "text", html_body AS "html", status,
              eml_path AS "emlPath", created_at AS "createdAt"
         FROM email_outbox WHERE ($1::text IS NULL OR to_address = $1)
        ORDER BY created_at DESC LIMIT $2`,
      [to ?? null, limit],
    );
  }

  /**
   * Removes the token of every sign-in link from outbox rows older than `hours` (the links expired
   * long before) and forgets their `.eml` files; returns those files' paths for deletion.
   */
  async redactSignInLinks(hours: number): Promise<string[]> {
    // A SELECT over the UPDATE, so the driver answers plain rows (an UPDATE answers [rows, count]).
    const rows: { emlPath: string | null }[] = await this.db.query(
      `WITH old AS (
         SELECT id, eml_path FROM email_outbox
          WHERE created_at < now() - make_interval(hours => $1)
            AND text_body ~ '/api/auth/verify\\?token=[A-Za-z0-9_-]'
          FOR UPDATE),
       purged AS (
         UPDATE email_outbox o
            SET text_body = regexp_replace(o.text_body, '(/api/auth/verify\\?token=)[A-Za-z0-9_-]+', '\\1[removed]', 'g'),
                html_body = regexp_replace(o.html_body, '(/api/auth/verify\\?token=)[A-Za-z0-9_-]+', '\\1[removed]', 'g'),
                eml_path = NULL
           FROM old WHERE o.id = old.id
          RETURNING old.eml_path)
       SELECT eml_path AS "emlPath" FROM purged`,
      [hours],
    );
    return rows.map((r) => r.emlPath).filter((p): p is string => !!p);
  }
}
