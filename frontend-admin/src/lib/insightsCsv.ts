import Papa from 'papaparse';
import type { Insights } from './types';

/** One exported table: a file name (without .csv) and its rows. */
export interface CsvTable {
  filename: string;
  csv: string;
}

/**
 * A cell a spreadsheet would run as a formula: our own pattern, as Papa Parse's default
 * (`/^[=+\-@\t\r].*$/`, no dotall flag) misses a formula followed by a newline in a multi-line cell.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV text of rows: a header line, RFC 4180 quoting, and cells that a spreadsheet would run as a
 * formula ('=', '+', '-', '@', tab, carriage return first) prefixed with a quote: the questions are
 * typed by attendees.
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return Papa.unparse(
    { fields: header, data: rows.map((r) => r.map((c) => (c === null ? '' : c))) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

const stamp = (i: Insights) => `${i.days}-days${i.sessionId ? `-session-${i.sessionId.slice(0, 8)}` : ''}`;

export function questionsBySessionCsv(i: Insights): CsvTable {
  return {
    filename: `questions-by-session_${stamp(i)}`,
    csv: toCsv(
      ['Session', 'Questions'],
      i.questionsBySession.map((s) => [s.sessionTitle, s.questions]),
    ),
  };
}

export function unansweredCsv(i: Insights): CsvTable {
  return {
    filename: `unanswered-questions_${stamp(i)}`,
    csv: toCsv(
      ['Session', 'Question', 'Times asked', 'Similar wordings', 'Last asked'],
      i.unanswered.map((u) => [u.sessionTitle, u.question, u.count, u.variants.join(' | '), u.lastAskedAt]),
    ),
  };
}

export function notHelpfulCsv(i: Insights): CsvTable {
  return {
    filename: `answer-feedback_${stamp(i)}`,
    csv: toCsv(
      ['Question', 'Answer', 'Sources', 'Comment', 'Rated at'],
      i.feedback.notHelpfulAnswers.map((a) => [
        a.question,
        a.answer,
        a.sources.map((s) => `${s.sessionTitle} ${s.marker}`).join(' | '),
        a.comment,
        a.ratedAt,
      ]),
    ),
  };
}

export function topQuestionsCsv(i: Insights): CsvTable {
  return {
    filename: `top-questions_${stamp(i)}`,
    csv: toCsv(
      ['Question', 'Times asked', 'Similar wordings', 'Last asked'],
      i.topQuestions.map((q) => [q.question, q.count, q.variants.join(' | '), q.lastAskedAt]),
    ),
  };
}
