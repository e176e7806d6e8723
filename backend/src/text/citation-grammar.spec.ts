import {
  CITATION_MARKER_EXAMPLES,
  CITATION_MARKER_PATTERN,
  citationMarker,
  citationMarkers,
  lineLocator,
  locatorOf,
  sessionMarker,
  sessionMarkerTitle,
  withoutMarkers,
} from './citation-grammar';

const whole = new RegExp(`^${CITATION_MARKER_PATTERN}$`);

describe('the citation grammar', () => {
  it.each(CITATION_MARKER_EXAMPLES)('finds the markers of "$text"', ({ text, markers }) => {
    expect(citationMarkers(text)).toEqual(markers);
  });

  it('reads every marker the server writes', () => {
    const written = [
      citationMarker(null, locatorOf({ kind: 'pdf', page: 3 })),
      citationMarker('Lender Panel', locatorOf({ kind: 'pdf', page: 112 })),
      citationMarker(null, locatorOf({ kind: 'transcript', startTime: 0 })),
      citationMarker('Fireside Chat With Lenders', locatorOf({ kind: 'transcript', startTime: 3725 })),
      citationMarker(null, lineLocator(112)),
      citationMarker('Research Meeting', locatorOf({ kind: 'transcript', lineStart: 7 })),
      sessionMarker('Opening Keynote'),
      sessionMarker('Fireside Chat: [Live] the Year Ahead, in Lending'),
      sessionMarker(`A ${'very '.repeat(40)}long title`),
    ];
    for (const marker of written) expect(marker).toMatch(whole);
    expect(sessionMarkerTitle(sessionMarker('Opening Keynote'))).toBe('Opening Keynote');
    expect(sessionMarkerTitle('[p. 3]')).toBeNull();
  });

  it('takes markers out of quoted text, with the spaces before them', () => {
    expect(withoutMarkers('Rates rose [p. 3], then [sic] fell [Lender Panel, 12:34].')).toBe('Rates rose, then [sic] fell.');
  });
});
