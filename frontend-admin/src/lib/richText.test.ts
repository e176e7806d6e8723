import { describe, expect, it } from 'vitest';
import { CITATION_MARKER } from '@contract/api-types';
import { parseInline, parseRichText } from './richText';

describe('the citation grammar of the contract', () => {
  it.each(CITATION_MARKER.examples)('finds the markers the server finds in "$text"', ({ text, markers }) => {
    const citations = parseInline(text).filter((s) => s.kind === 'citation');
    expect(citations.map((s) => s.value)).toEqual(markers);
  });
});

describe('assistant content parsing', () => {
  it('finds citations as badges, bold text and bullets', () => {
    expect(parseRichText('**Key points** [p. 3]\n- Cash flow first [12:34]\n\n2. Collateral [Lender Panel, p. 7]')).toEqual([
      {
        kind: 'paragraph',
        segments: [
          { kind: 'bold', value: 'Key points' },
          { kind: 'text', value: ' ' },
          { kind: 'citation', value: '[p. 3]' },
        ],
      },
      {
        kind: 'bullet',
        segments: [
          { kind: 'text', value: 'Cash flow first ' },
          { kind: 'citation', value: '[12:34]' },
        ],
      },
      {
        kind: 'numbered',
        number: '2',
        segments: [
          { kind: 'text', value: 'Collateral ' },
          { kind: 'citation', value: '[Lender Panel, p. 7]' },
        ],
      },
    ]);
  });
  it('keeps HTML as plain text', () => {
    expect(parseInline('<img src=x onerror=alert(1)> [note]')).toEqual([{ kind: 'text', value: '<img src=x onerror=alert(1)> [note]' }]);
  });
});
