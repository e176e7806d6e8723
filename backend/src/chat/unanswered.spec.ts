import { NOT_COVERED_ANSWER } from '../ai/generation/generation.types';
import type { Source } from '../retrieval/dto/source.response';
import { isUnanswered } from './chat.service';

const source: Source = {
  documentId: 'd',
  sessionId: 's',
  sessionTitle: 'Lender Panel',
  kind: 'pdf',
  page: 2,
  marker: '[p. 2]',
  snippet: 'x',
  score: 0.03,
};

describe(isUnanswered.name, () => {
  it('is true for the generators’ refusal, with or without what the materials cover instead', () => {
    expect(isUnanswered(NOT_COVERED_ANSWER, [])).toBe(true);
    expect(isUnanswered(`${NOT_COVERED_ANSWER} They do cover FICO floors [p. 2].`, [source])).toBe(true);
  });

  it('is true for an answer that cites no source, false for one that does', () => {
    expect(isUnanswered('Lenders want 680.', [])).toBe(true);
    expect(isUnanswered('Lenders want 680 [p. 2].', [source])).toBe(false);
  });
});
