import type { Source } from './citation-set';

/** A session an answer drew on, with the marker of its first passage the answer cites. */
export interface SessionCited {
  title: string;
  marker: string;
}

const located = (s: Source) => s.page != null || s.startTime != null || s.line != null;

/**
 * The sessions whose documents an answer cites, in order of first citation, each with the marker of
 * its first located passage (a page, a time or a line; a program entry is not a document): the line
 * naming them ('Drawn from: “Title” [p. 3].') states where the answer comes from, so it cites that too.
 */
export function sessionsCited(sources: Source[]): SessionCited[] {
  const out: SessionCited[] = [];
  for (const s of sources) {
    if (s.kind === 'session' || !located(s) || out.some((x) => x.title === s.sessionTitle)) continue;
    out.push({ title: s.sessionTitle, marker: s.marker });
  }
  return out;
}
