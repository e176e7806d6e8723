import { CitationFilter, CitationSet, formatTime, resolveCitations, shortSessionName } from './citation-set';
import type { Passage } from '../../retrieval/retrieval.types';
import { CITATION_MARKER_EXAMPLES, citationMarkers } from '../../text/citation-grammar';

let nextId = 1;
function passage(over: Partial<Passage>): Passage {
  const id = String(nextId++);
  return {
    chunkId: id,
    documentId: `doc-${id}`,
    sessionId: 'session-a',
    sessionTitle: 'What Lenders Want: Credit Criteria in a Tighter Market',
    kind: 'pdf',
    chunkIndex: 0,
    text: `Passage ${id} text.`,
    page: 3,
    startTime: null,
    endTime: null,
    speaker: null,
    score: 0.03,
    similarity: 0.5,
    textRank: 0.1,
    ...over,
  };
}

describe('citations', () => {
  describe(formatTime.name, () => {
    it('writes mm:ss under an hour and h:mm:ss from an hour on', () => {
      expect(formatTime(0)).toBe('00:00');
      expect(formatTime(412.7)).toBe('06:52');
      expect(formatTime(3599)).toBe('59:59');
      expect(formatTime(3725)).toBe('1:02:05');
    });
  });

  describe(shortSessionName.name, () => {
    it('keeps a short lead before the colon and skips format labels', () => {
      expect(shortSessionName('What Lenders Want: Credit Criteria in a Tighter Market')).toBe('What Lenders Want');
      expect(shortSessionName('Opening Keynote: The 2025-2026 Equipment Finance Market Outlook')).toBe('Opening Keynote');
      expect(shortSessionName('Fireside Chat: Captive Finance in a Changing OEM Landscape')).toBe('Captive Finance');
      expect(shortSessionName('Residual Value Forecasting for Construction Equipment')).toBe('Residual Value Forecasting');
      expect(shortSessionName('Broker and Lender Relations Roundtable')).toBe('Broker and Lender Relations');
      expect(shortSessionName('Lightning Round: Data, APIs and Open Banking in Equipment Finance')).not.toMatch(/[,[\]]/);
    });
  });

  describe(CitationSet.name, () => {
    it('uses bare markers for a single document', () => {
      const set = new CitationSet([passage({ documentId: 'd1', page: 3 }), passage({ documentId: 'd1', page: 5 })]);
      expect(set.passages.map((p) => p.marker)).toEqual(['[p. 3]', '[p. 5]']);
    });

    it('prefixes markers with the short session name when passages come from several documents', () => {
      const set = new CitationSet([
        passage({ page: 3 }),
        passage({
          kind: 'transcript',
          page: null,
          startTime: 754,
          sessionId: 'session-b',
          sessionTitle: 'Residual Value Forecasting for Construction Equipment',
        }),
      ]);
      expect(set.passages.map((p) => p.marker)).toEqual(['[What Lenders Want, p. 3]', '[Residual Value Forecasting, 12:34]']);
    });

    it('keeps known markers, maps passage numbers, drops invented markers and their space', () => {
      const set = new CitationSet([passage({ documentId: 'd1', page: 3 }), passage({ documentId: 'd1', page: 5 })]);
      const text = resolveCitations('Floors are 680 [p. 3]. Terms run 60 months [p. 9]. Coverage is 1.25x [2]. Not a cite [sic].', set);
      expect(text).toBe('Floors are 680 [p. 3]. Terms run 60 months. Coverage is 1.25x [p. 5]. Not a cite [sic].');
      expect(set.sources().map((s) => s.marker)).toEqual(['[p. 3]', '[p. 5]']);
    });

    it('every marker left in an answer matches exactly one source', () => {
      const set = new CitationSet([
        passage({ page: 3 }),
        passage({
          page: 3,
          documentId: 'other',
          sessionId: 'session-b',
          sessionTitle: 'Securitization and ABS: Accessing the Capital Markets',
        }),
        passage({
          kind: 'transcript',
          page: null,
          startTime: 65,
          documentId: 'tr',
          sessionId: 'session-b',
          sessionTitle: 'Securitization and ABS: Accessing the Capital Markets',
        }),
      ]);
      const raw =
        'A [What Lenders Want, p. 3] B [Securitization and ABS, p. 3] C [p. 3] D [01:05] E [Made Up Panel, p. 2] F [What Lenders Want, p. 3; 01:05] G [7]';
      const text = resolveCitations(raw, set);
      const markers = text.match(/\[[^\]]+\]/g) ?? [];
      const sources = set.sources();
      for (const m of markers) expect(sources.filter((s) => s.marker === m)).toHaveLength(1);
      expect(text).not.toContain('Made Up Panel');
      expect(text).not.toContain('[7]');
      // An unprefixed marker is only kept when it names one passage: [p. 3] is ambiguous here, [01:05] is not.
      expect(text).toContain('C D [Securitization and ABS, 01:05]');
      expect(text).toContain('F [What Lenders Want, p. 3] [Securitization and ABS, 01:05]');
      expect(sources[0]).toMatchObject({
        documentId: expect.any(String),
        sessionTitle: 'What Lenders Want: Credit Criteria in a Tighter Market',
        kind: 'pdf',
        page: 3,
      });
      expect(sources.find((s) => s.kind === 'transcript')).toMatchObject({ startTime: 65, marker: '[Securitization and ABS, 01:05]' });
    });
  });

  describe(CitationFilter.name, () => {
    it('holds back partial brackets while streaming and gives the same text as a one-shot pass', () => {
      const passages = [passage({ documentId: 'd1', page: 3 }), passage({ documentId: 'd1', page: 12 })];
      const raw = 'Lenders want two years [p. 3] and a 680 floor [p. 44]. See also [p. 12].\n- [note] ok';
      const expected = resolveCitations(raw, new CitationSet(passages));
      for (const size of [1, 2, 3, 5, 8]) {
        const filter = new CitationFilter(new CitationSet(passages));
        const emitted: string[] = [];
        for (let i = 0; i < raw.length; i += size) {
          const out = filter.push(raw.slice(i, i + size));
          // Nothing emitted ever contains the start of an unresolved citation.
          expect(out).not.toMatch(/\[p\.?\s*\d*$/);
          emitted.push(out);
        }
        emitted.push(filter.end());
        expect(emitted.join('')).toBe(expected);
        expect(filter.text).toBe(expected);
      }
      expect(expected).toBe('Lenders want two years [p. 3] and a 680 floor. See also [p. 12].\n- [note] ok');
    });

    it('lets a lone bracket through once it cannot be a citation', () => {
      const filter = new CitationFilter(new CitationSet([passage({})]));
      let out = filter.push('Array [');
      out += filter.push('1, 2\nnext line');
      out += filter.end();
      expect(out).toBe('Array [1, 2\nnext line');
    });
  });
});

describe('line citations of untimed transcripts', () => {
  const meeting = (over: Partial<Passage> = {}) =>
    passage({
      kind: 'transcript',
      page: null,
      documentId: 'doc-meeting',
      sessionTitle: 'Research Group Meeting',
      text: 'Professor: Try the log magnitude spectrum.\nGrad E: The energy features helped a bit.\nPhD D: It took a day to train.',
      lineStart: 110,
      lineEnd: 112,
      turnLines: [110, 111, 112],
      ...over,
    });

  it('marks the passage by its first line and every turn by its own line', () => {
    const set = new CitationSet([meeting()]);
    expect(set.passages[0].marker).toBe('[line 110]');
    expect(set.passages[0].lineMarkers).toEqual(['[line 110]', '[line 111]', '[line 112]']);
  });

  it('resolves [line N] to a source carrying the line and the turns around it, the cited one flagged', () => {
    const set = new CitationSet([meeting()]);
    expect(resolveCitations('Energy helped [line 111].', set)).toBe('Energy helped [line 111].');
    const [source] = set.sources();
    expect(source).toMatchObject({ kind: 'transcript', line: 111, lineEnd: 111, marker: '[line 111]' });
    expect(source.snippet).toBe('Grad E: The energy features helped a bit.');
    expect(source.excerpt).toEqual([
      { line: 110, text: 'Professor: Try the log magnitude spectrum.', cited: false },
      { line: 111, text: 'Grad E: The energy features helped a bit.', cited: true },
      { line: 112, text: 'PhD D: It took a day to train.', cited: false },
    ]);
  });

  it('cites a passage and its turn given as data, without reading any text', () => {
    const other = meeting({ documentId: 'doc-2', sessionId: 'session-b', sessionTitle: 'Product Design Meeting' });
    const set = new CitationSet([meeting(), other]);
    expect(set.cite(2, 1)).toBe('[Product Design Meeting, line 111]');
    expect(set.cite(1)).toBe('[Research Group Meeting, line 110]');
    expect(set.sources().map((s) => [s.documentId, s.line])).toEqual([
      ['doc-2', 111],
      ['doc-meeting', 110],
    ]);
    expect(() => set.cite(3)).toThrow('No passage 3');
  });

  it('drops a line no passage holds and markers that point nowhere', () => {
    const set = new CitationSet([meeting()]);
    expect(resolveCitations('A claim [line 500]. Another [transcript]. More [Research Group, transcript].', set)).toBe(
      'A claim. Another. More.',
    );
    expect(set.sources()).toEqual([]);
  });

  it('prefixes the session when passages come from several documents, and resolves the prefixed form', () => {
    const other = meeting({
      documentId: 'doc-2',
      sessionId: 'session-b',
      sessionTitle: 'Product Design Meeting',
      turnLines: [110, 111, 112],
    });
    const set = new CitationSet([meeting(), other]);
    expect(set.passages[1].lineMarkers![1]).toBe('[Product Design Meeting, line 111]');
    // Unprefixed and held by two documents: ambiguous, dropped.
    expect(resolveCitations('x [line 111]', set)).toBe('x');
    expect(resolveCitations('y [Product Design Meeting, line 111]', set)).toBe('y [Product Design Meeting, line 111]');
    expect(set.sources()[0]).toMatchObject({ documentId: 'doc-2', line: 111 });
  });
});

describe('turn times of timed transcripts', () => {
  const talk = (over: Partial<Passage> = {}) =>
    passage({
      kind: 'transcript',
      page: null,
      documentId: 'doc-talk',
      sessionTitle: 'Depot Robots Update',
      text: 'Lee Park: Welcome everyone.\nLee Park: Robots cut picking errors by forty percent.\nLee Park: Training took longer.',
      startTime: 5,
      lineStart: 3,
      lineEnd: 9,
      turnLines: [3, 6, 9],
      turnTimes: [5, 32, 50],
      ...over,
    });

  it('marks the passage by its start and every turn by its own start', () => {
    const set = new CitationSet([talk()]);
    expect(set.passages[0].marker).toBe('[00:05]');
    expect(set.passages[0].lineMarkers).toEqual(['[00:05]', '[00:32]', '[00:50]']);
  });

  it("resolves a turn's time written in text (the openai provider) to a source starting there, the turn as its snippet", () => {
    const set = new CitationSet([talk()]);
    expect(resolveCitations('Errors fell by forty percent [00:32]. Training lagged [00:50].', set)).toBe(
      'Errors fell by forty percent [00:32]. Training lagged [00:50].',
    );
    expect(set.sources()).toEqual([
      expect.objectContaining({
        kind: 'transcript',
        startTime: 32,
        marker: '[00:32]',
        snippet: 'Lee Park: Robots cut picking errors by forty percent.',
      }),
      expect.objectContaining({ startTime: 50, marker: '[00:50]' }),
    ]);
    expect(set.sources()[0]).not.toHaveProperty('line');
  });

  it('cites a turn given as data (the local provider), the passage alone by its first turn, and prefixes the session', () => {
    const other = talk({ documentId: 'doc-2', sessionId: 'session-b', sessionTitle: 'Fleet Review', turnTimes: [5, 40, 61] });
    const set = new CitationSet([talk(), other]);
    expect(set.cite(2, 2)).toBe('[Fleet Review, 01:01]');
    expect(set.cite(1)).toBe('[Depot Robots Update, 00:05]');
    expect(resolveCitations('x [2]', set)).toBe('x [Fleet Review, 00:05]');
    expect(set.sources().map((s) => [s.documentId, s.startTime])).toEqual([
      ['doc-2', 61],
      ['doc-talk', 5],
      ['doc-2', 5],
    ]);
  });

  it('keeps citing the start of a passage stored without turn times, and never reads a line citation in a timed one', () => {
    const set = new CitationSet([talk({ turnTimes: null })]);
    expect(set.passages[0].lineMarkers).toBeUndefined();
    expect(resolveCitations('a [00:32]. b [line 6].', set)).toBe('a. b.');
    expect(set.cite(1, 1)).toBe('[00:05]');
    expect(new CitationSet([talk()]).cite(1, 1)).toBe('[00:32]');
    expect(resolveCitations('c [line 6].', new CitationSet([talk()]))).toBe('c.');
  });
});

describe('one grammar for the server and the apps', () => {
  it('reads every marker form the apps show as a badge: kept when it names a source, dropped otherwise', () => {
    const set = new CitationSet([
      passage({ documentId: 'd1', sessionId: 's1', sessionTitle: 'Lender Panel', page: 3 }),
      passage({ documentId: 'd2', sessionId: 's2', sessionTitle: 'Research Meeting', kind: 'transcript', page: null, startTime: 754 }),
    ]);
    for (const { markers } of CITATION_MARKER_EXAMPLES) {
      for (const marker of markers.filter((m) => !m.startsWith('[Session:'))) {
        const resolved = resolveCitations(`A claim ${marker}.`, set);
        // Whatever the apps would show as a badge is a source's marker: never a marker the server let through unread.
        for (const shown of citationMarkers(resolved)) expect(set.passages.map((p) => p.marker)).toContain(shown);
      }
    }
    expect(resolveCitations('A [Lender Panel, p. 3] b [Research Meeting, 12:34] c [pp. 3-4] d [p. 9].', set)).toBe(
      'A [Lender Panel, p. 3] b [Research Meeting, 12:34] c [Lender Panel, p. 3] d.',
    );
  });
});

describe('citations as data', () => {
  const set = () => new CitationSet([passage({ documentId: 'd1', page: 3 }), passage({ documentId: 'd1', page: 5 })]);

  it("records each citation of a model's text where it is made, with the sentence it closes", () => {
    const citations = set();
    const filter = new CitationFilter(citations);
    // Streamed in pieces, a marker split across deltas; an exact canonical marker, a numbered one, an invented one.
    const text = ['Revenue grew 5% in 2022 [p.', ' 3]. Margins held.', ' Costs fell [1, 2] while debt rose [p. 9].'];
    const out = text.map((d) => filter.push(d)).join('') + filter.end();
    expect(out).toBe('Revenue grew 5% in 2022 [p. 3]. Margins held. Costs fell [p. 3] [p. 5] while debt rose.');
    expect(filter.cited()).toEqual([
      { marker: '[p. 3]', claim: 'Revenue grew 5% in 2022' },
      { marker: '[p. 3]', claim: 'Costs fell' },
      { marker: '[p. 5]', claim: 'Costs fell' },
    ]);
  });

  it('records citations attached as data beside composed text, never reading the text for them', () => {
    const citations = set();
    const filter = new CitationFilter(citations);
    const out = [
      filter.pass('Leases run 6.1 years. '),
      filter.cite(citations.cite(2)),
      filter.pass('\n- The fleet pays $0.18 a mile [sic] '),
      filter.cite(citations.cite(1)),
    ].join('');
    expect(out).toBe('Leases run 6.1 years. [p. 5]\n- The fleet pays $0.18 a mile [sic] [p. 3]');
    // Composed text is written as it is: only the citations attached as data count, each with its sentence.
    expect(filter.cited()).toEqual([
      { marker: '[p. 5]', claim: 'Leases run 6.1 years.' },
      { marker: '[p. 3]', claim: '- The fleet pays $0.18 a mile [sic]' },
    ]);
  });

  it('tells a canonical marker from other bracket text', () => {
    expect(set().isCitation('[p. 3]')).toBe(true);
    expect(set().isCitation('[p. 4]')).toBe(false);
    expect(set().isCitation('[note]')).toBe(false);
  });
});
