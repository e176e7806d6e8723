import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { NotHelpfulAnswer } from './dto/insights.response';

/** A group of identical questions (same normalised wording), before near-duplicates are folded. */
export interface WordingRow {
  /** Rank of the group (1 = first shown). */
  i: number;
  sessionId: string | null;
  sessionTitle: string | null;
  text: string;
  count: number;
  last: string;
  /** pg_trgm's trigrams of the normalised wording (`show_trgm`). */
  trgm: string[];
}

/** A 'Not helpful' answer as the query returns it: the response shape itself. */
export type NotHelpfulRow = NotHelpfulAnswer;

export interface InsightsRow {
  since: string;
  questions: number;
  unanswered: number;
  bySession: { sessionId: string | null; sessionTitle: string | null; questions: number }[];
  unansweredGroups: WordingRow[];
  topGroups: WordingRow[];
  rated: number;
  helpful: number;
  notHelpful: NotHelpfulRow[];
}

export interface InsightsParams {
  days: number;
  sessionId: string | null;
  /** Wording groups considered for folding (per list). */
  candidates: number;
  /** 'Not helpful' answers listed. */
  notHelpfulLimit: number;
}

/** Memory for the statement's sorts and materialised rows (the server default of 4 MB spills 40,000 questions to disk). */
const WORK_MEM = '32MB';

/**
 * The Insights tab in one statement. `q`: the questions of the range (and session), narrow rows (no
 * text, so they stay in memory); a question's sessions are those of its filter and those its answer
 * cited beyond it (`cited_session_ids`, kept from the answer's sources by a trigger), and it counts once per such session (once under null when
 * asked of all sessions and answered from none); a question says whether its answer left it `unanswered`, and a
 * rating names its answer's question (`question_id`). Groups are by
 * normalised wording (`question_norm`); the first `candidates` groups of each list come with their
 * pg_trgm trigrams (`show_trgm`), from which the service computes pg_trgm's similarity pairwise
 * (the same measure as `similarity()`, which recomputes both trigram sets on every call: 45,000
 * calls for 300 groups took most of a second in the embedded database).
 */
@Injectable()
export class InsightsRepository {
  constructor(private readonly db: DataSource) {}

  async insights(p: InsightsParams): Promise<InsightsRow> {
    const bySession = p.sessionId !== null;
    // The range's question rows (about 100 bytes each) stay in memory up to ~300,000 of them.
    const [row] = await this.db.transaction(async (m) => {
      await m.query(`SET LOCAL work_mem = '${WORK_MEM}'`);
      return m.query(
        `WITH range AS (SELECT now() - make_interval(days => $1::int) AS since),
       q AS MATERIALIZED (
         SELECT m.id, m.question_norm AS norm, m.created_at,
                coalesce(m.session_ids, '{}') || coalesce(m.cited_session_ids, '{}') AS session_ids,
                coalesce(m.unanswered, false) AS unanswered
           FROM chat_messages m, range
          WHERE m.role = 'user' AND m.created_at >= range.since
            ${bySession ? 'AND (m.session_ids @> ARRAY[$2::uuid] OR m.cited_session_ids @> ARRAY[$2::uuid])' : 'AND $2::uuid IS NULL'}
       ),
       -- Unanswered: grouped by filter and wording first (few groups), then once per session of the filter.
       ug AS (
         SELECT row_number() OVER (ORDER BY max(w.last) DESC, w.norm)::int AS i, s.sid, w.norm,
                sum(w.n)::int AS n, max(w.last) AS last
           FROM (SELECT session_ids, norm, count(*) AS n, max(created_at) AS last
                   FROM q WHERE unanswered GROUP BY session_ids, norm) w
          CROSS JOIN LATERAL unnest(CASE WHEN cardinality(w.session_ids) > 0 THEN w.session_ids ELSE ARRAY[NULL::uuid] END) AS s(sid)
          ${bySession ? 'WHERE s.sid = $2::uuid' : ''}
          GROUP BY s.sid, w.norm
          ORDER BY i LIMIT $3
       ),
       tg AS (
         SELECT row_number() OVER (ORDER BY count(*) DESC, max(created_at) DESC, norm)::int AS i, norm,
                count(*)::int AS n, max(created_at) AS last
           FROM q GROUP BY norm ORDER BY i LIMIT $3
       ),
       -- The wording shown for a group: its latest question (one hash join of the range, no sort by text).
       ux AS (
         SELECT DISTINCT ON (g.i) g.i, q.id FROM ug g JOIN q ON q.norm = g.norm AND q.created_at = g.last ORDER BY g.i, q.id
       ),
       tx AS (
         SELECT DISTINCT ON (g.i) g.i, q.id FROM tg g JOIN q ON q.norm = g.norm AND q.created_at = g.last ORDER BY g.i, q.id
       ),
       fb AS MATERIALIZED (
         SELECT f.rating, f.comment, f.updated_at, f.message_id AS answer_id, f.question_id
           FROM chat_feedback f JOIN q ON q.id = f.question_id
       )
       SELECT (SELECT since FROM range) AS since,
              (SELECT count(*)::int FROM q) AS questions,
              (SELECT count(*)::int FROM q WHERE q.unanswered) AS unanswered,
              (SELECT coalesce(json_agg(json_build_object('sessionId', b.sid, 'sessionTitle', se.title, 'questions', b.n)
                                        ORDER BY b.n DESC, b.sid IS NOT NULL, se.title), '[]')
                 FROM (SELECT s.sid, sum(f.n)::int AS n
                         FROM (SELECT session_ids, count(*) AS n FROM q GROUP BY session_ids) f
                        CROSS JOIN LATERAL unnest(CASE WHEN cardinality(f.session_ids) > 0 THEN f.session_ids ELSE ARRAY[NULL::uuid] END) AS s(sid)
                        ${bySession ? 'WHERE s.sid = $2::uuid' : ''}
                        GROUP BY s.sid) b
                 LEFT JOIN sessions se ON se.id = b.sid)
                AS "bySession",
              (SELECT coalesce(json_agg(json_build_object('i', g.i, 'sessionId', g.sid, 'sessionTitle', se.title,
                                        'text', m.content, 'count', g.n, 'last', g.last, 'trgm', show_trgm(g.norm)) ORDER BY g.i), '[]')
                 FROM ug g JOIN ux USING (i) JOIN chat_messages m ON m.id = ux.id LEFT JOIN sessions se ON se.id = g.sid)
                AS "unansweredGroups",
              (SELECT coalesce(json_agg(json_build_object('i', g.i, 'sessionId', NULL, 'sessionTitle', NULL,
                                        'text', m.content, 'count', g.n, 'last', g.last, 'trgm', show_trgm(g.norm)) ORDER BY g.i), '[]')
                 FROM tg g JOIN tx USING (i) JOIN chat_messages m ON m.id = tx.id) AS "topGroups",
              (SELECT count(*)::int FROM fb) AS rated,
              (SELECT count(*)::int FROM fb WHERE rating = 'up') AS helpful,
              (SELECT coalesce(json_agg(json_build_object('messageId', d.answer_id, 'question', qm.content,
                                        'answer', am.content, 'sources', am.sources, 'comment', d.comment,
                                        'ratedAt', d.updated_at) ORDER BY d.updated_at DESC, d.answer_id), '[]')
                 FROM (SELECT * FROM fb WHERE rating = 'down' ORDER BY updated_at DESC, answer_id LIMIT $4) d
                 JOIN chat_messages am ON am.id = d.answer_id
                 JOIN chat_messages qm ON qm.id = d.question_id)
                AS "notHelpful"`,
        [p.days, p.sessionId, p.candidates, p.notHelpfulLimit],
      );
    });
    return row;
  }
}
