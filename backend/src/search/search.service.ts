import { Injectable } from '@nestjs/common';
import { keywordStems, WORD } from '../text/keywords';
import { cleanMarkup } from '../text/sentences';
import { termKey } from '../text/term-key';
import type { AuthUser } from '../auth/roles';
import { CitationSet } from '../answering/citations/citation-set';
import { highlightSpans } from '../text/highlight';
import { RetrievalService } from '../retrieval/retrieval.service';
import type { SearchQueryDto } from './dto/search.dto';
import type { SearchResult } from './dto/search.response';

/** Results of one search. */
const RESULTS = 20;
const PER_DOCUMENT = 5;
const SNIPPET_LENGTH = 280;

/**
 * The part of `text` (about SNIPPET_LENGTH characters, cut at word boundaries) holding the most
 * query words, and the spans of those words in it.
 */
export function snippetAround(text: string, stems: ReadonlySet<string>): Pick<SearchResult, 'snippet' | 'highlights'> {
  const clean = cleanMarkup(text).replace(/\s+/g, ' ').trim();
  const hits: number[] = [];
  for (const m of clean.matchAll(WORD)) {
    const lower = m[0].toLowerCase().replace(/['’]s$/, '');
    const parts = [lower, ...lower.split(/[-.'’]/)];
    if (parts.some((p) => p && (stems.has(p) || stems.has(termKey(p))))) hits.push(m.index ?? 0);
  }
  let start = 0;
  if (clean.length > SNIPPET_LENGTH && hits.length > 0) {
    let best = -1;
    for (const h of hits) {
      const from = Math.max(0, h - 60);
      const count = hits.filter((x) => x >= from && x < from + SNIPPET_LENGTH - 20).length;
      if (count > best) {
        best = count;
        start = from;
      }
    }
  }
  let end = Math.min(clean.length, start + SNIPPET_LENGTH);
  if (start > 0) {
    const space = clean.indexOf(' ', start);
    start = space >= 0 && space < start + 30 ? space + 1 : start;
  }
  if (end < clean.length) {
    const space = clean.lastIndexOf(' ', end);
    end = space > start + SNIPPET_LENGTH / 2 ? space : end;
  }
  const body = clean.slice(start, end);
  const lead = start > 0 ? '…' : '';
  return {
    snippet: `${lead}${body}${end < clean.length ? '…' : ''}`,
    highlights: highlightSpans(body, stems).map((h) => ({ start: h.start + lead.length, end: h.end + lead.length })),
  };
}

@Injectable()
export class SearchService {
  constructor(private readonly retrieval: RetrievalService) {}

  async search(user: AuthUser, dto: SearchQueryDto): Promise<{ results: SearchResult[] }> {
    const sessionIds = (dto.sessionIds ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const passages = await this.retrieval.retrieve(dto.q, {
      sessionIds,
      k: RESULTS,
      perDocument: PER_DOCUMENT,
      userId: user.id,
    });
    const stems = new Set(keywordStems(dto.q));
    const cited = new CitationSet(passages).passages;
    return {
      results: cited.map((p) => ({
        sessionId: p.sessionId,
        sessionTitle: p.sessionTitle,
        documentId: p.documentId,
        kind: p.kind,
        page: p.kind === 'pdf' ? p.page : null,
        startTime: p.startTime,
        line: p.kind === 'transcript' ? (p.lineStart ?? null) : null,
        lineEnd: p.kind === 'transcript' ? (p.lineEnd ?? null) : null,
        marker: p.marker,
        ...snippetAround(p.text, stems),
        score: Number(p.score.toFixed(6)),
      })),
    };
  }
}
