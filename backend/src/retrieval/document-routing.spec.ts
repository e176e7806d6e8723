import {
  type DocumentProfile,
  type DocumentWordCount,
  routeDocuments,
  routedSessions,
  routingIndex,
  ROUTE_SESSIONS,
} from './document-routing';

/** Five meetings of one series: the same people, the same product, each its own topic. */
const MEETINGS: DocumentProfile[] = ['kickoff', 'materials', 'interface', 'marketing', 'wrap-up'].map((topic, i) => ({
  documentId: `doc-${i}`,
  sessionId: `session-${i}`,
  chunks: 100,
  entry: `Product design meeting ${i + 1} Anna Berg Tomas Novak ${topic}.txt`,
}));

/** Chunks holding each word, per document: every meeting speaks of the remote; one spends its time on batteries. */
function counts(spread: Record<string, number[]>): DocumentWordCount[] {
  return Object.entries(spread).flatMap(([word, perDocument]) =>
    perDocument.map((chunks, i) => ({ documentId: `doc-${i}`, word, chunks })).filter((c) => c.chunks > 0),
  );
}

describe('routing a question to the documents it is about', () => {
  it('ranks first the document whose own words the question uses most, not one mentioning them once', () => {
    const index = routingIndex(MEETINGS);
    const words = counts({
      remot: [40, 38, 41, 39, 40],
      batteri: [0, 22, 1, 0, 2],
      kinet: [0, 9, 1, 0, 0],
    });
    const routed = routeDocuments(index, words, ['remote', 'battery', 'kinetic']);
    expect(routed[0]).toEqual({ documentId: 'doc-1', sessionId: 'session-1', score: 1 });
    expect(
      routed
        .map((r) => r.documentId)
        .slice(1, 3)
        .sort(),
    ).toEqual(['doc-2', 'doc-4']);
    // A word every document uses decides nothing on its own.
    const common = routeDocuments(index, counts({ remot: [40, 40, 40, 40, 40] }), ['remote']);
    expect(new Set(common.map((r) => r.score))).toEqual(new Set([1]));
  });

  it('uses the program entry: a year or a name in the title picks one of several sibling filings', () => {
    const filings: DocumentProfile[] = [2021, 2022, 2023].map((year, i) => ({
      documentId: `doc-${i}`,
      sessionId: `session-${i}`,
      chunks: 500,
      entry: `Northwind Traders annual report ${year} northwind_${year}_annual.pdf`,
    }));
    // Each report prints its own year and the year before on most pages: the body alone barely tells them apart.
    const body = counts({ '2022': [0, 300, 290], oper: [120, 120, 120], incom: [150, 150, 150] });
    const routed = routeDocuments(routingIndex(filings), body, ['operating', 'income', '2022']);
    expect(routed[0].documentId).toBe('doc-1');
    expect(routed[0].score).toBe(1);
    expect(routed[1].score).toBeLessThan(0.8);
  });

  it('keeps to the sessions asked for, and hands out at most ROUTE_SESSIONS sessions', () => {
    const index = routingIndex(MEETINGS);
    const words = counts({ batteri: [5, 22, 9, 7, 3] });
    expect(routeDocuments(index, words, ['battery'], ['session-0', 'session-4']).map((r) => r.sessionId)).toEqual([
      'session-0',
      'session-4',
    ]);
    const sessions = routedSessions(routeDocuments(index, words, ['battery']));
    expect(sessions).toHaveLength(ROUTE_SESSIONS);
    expect(sessions[0]).toBe('session-1');
    // Nothing the question says is in any document: no route (the search then runs over everything).
    expect(routeDocuments(index, [], ['zeppelin'])).toEqual([]);
  });
});
