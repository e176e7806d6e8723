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
}
