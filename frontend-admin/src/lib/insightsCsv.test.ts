import { describe, expect, it } from 'vitest';
import { notHelpfulCsv, questionsBySessionCsv, toCsv, topQuestionsCsv, unansweredCsv } from './insightsCsv';
import type { Insights } from './types';

const insights: Insights = {
  days: 30,
  sessionId: null,
  since: '2026-10-24T00:00:00.000Z',
  totals: { questions: 5, unanswered: 2 },
  questionsBySession: [
    { sessionId: 's1', sessionTitle: 'Lenders, Credit & "Risk"', questions: 3 },
    { sessionId: null, sessionTitle: 'All sessions', questions: 2 },
  ],
  unanswered: [
    {
      sessionId: null,
      sessionTitle: 'All sessions',
      question: 'Where is the gala?',
      count: 2,
      variants: ['where is the gala'],
      lastAskedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  feedback: {
    rated: 2,
    helpful: 1,
    notHelpful: 1,
    helpfulShare: 0.5,
    notHelpfulAnswers: [
      {
        messageId: 'm1',
        question: 'FICO floor?',
        answer: 'Here is what\nthe materials say',
        sources: [
          {
            documentId: 'd',
            sessionId: 's1',
            sessionTitle: 'Lender Panel',
            kind: 'pdf',
            page: 2,
            marker: '[p. 2]',
            snippet: 'x',
            score: 1,
          },
        ],
        comment: null,
        ratedAt: '2026-11-21T10:00:00.000Z',
      },
    ],
  },
  topQuestions: [{ question: '=HYPERLINK("http://evil")', count: 4, variants: [], lastAskedAt: '2026-11-22T10:00:00.000Z' }],
};

describe('insights CSV export', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and ends lines with CRLF', () => {
    expect(questionsBySessionCsv(insights)).toEqual({
      filename: 'questions-by-session_30-days',
      csv: 'Session,Questions\r\n"Lenders, Credit & ""Risk""",3\r\nAll sessions,2',
    });
    expect(notHelpfulCsv(insights).csv).toBe(
      'Question,Answer,Sources,Comment,Rated at\r\nFICO floor?,"Here is what\nthe materials say",Lender Panel [p. 2],,2026-11-21T10:00:00.000Z',
    );
  });

  it('never exports an attendee’s text as a spreadsheet formula', () => {
    expect(topQuestionsCsv(insights).csv).toBe(
      'Question,Times asked,Similar wordings,Last asked\r\n"\'=HYPERLINK(""http://evil"")",4,,2026-11-22T10:00:00.000Z',
    );
    expect(toCsv(['a'], [['+1'], ['-2'], ['@x'], ['plain']])).toBe('a\r\n"\'+1"\r\n"\'-2"\r\n"\'@x"\r\nplain');
  });

  it('guards a formula followed by a newline in a multi-line cell (a question or a feedback comment)', () => {
    const comment = '=HYPERLINK("http://evil.example","Click")\nsecond line';
    expect(toCsv(['Comment'], [[comment]])).toBe('Comment\r\n"\'=HYPERLINK(""http://evil.example"",""Click"")\nsecond line"');
    const multi = notHelpfulCsv({
      ...insights,
      feedback: {
        ...insights.feedback,
        notHelpfulAnswers: [{ ...insights.feedback.notHelpfulAnswers[0], question: '+SUM(1)\r\nmore', comment: '@cmd\nx' }],
      },
    }).csv;
    expect(multi).toContain('"\'+SUM(1)\r\nmore"');
    expect(multi).toContain('"\'@cmd\nx"');
  });

  it('lists the unanswered lines with their folded wordings, and names files by range and session', () => {
    expect(unansweredCsv(insights).csv).toBe(
      'Session,Question,Times asked,Similar wordings,Last asked\r\nAll sessions,Where is the gala?,2,where is the gala,2026-11-20T10:00:00.000Z',
    );
    expect(unansweredCsv({ ...insights, days: 7, sessionId: 'abcdef12-0000' }).filename).toBe(
      'unanswered-questions_7-days-session-abcdef12',
    );
  });
});
