import { Inject, Injectable } from '@nestjs/common';
import { standaloneQuestion } from '../ai/generation/follow-up';
import {
  ANSWER_GENERATOR,
  type AnswerDelta,
  type AnswerGenerator,
  type AnswerRequest,
  GenerationAborted,
  isRefusal,
  type Takeaway,
} from '../ai/generation/generation.types';
import { capitalisedWords } from '../ai/generation/local/coverage';
import { LinkNeutralizer } from '../markdown/neutralize-links';
import { ProgramService, type ProgramTurn } from '../program/program.service';
import { RetrievalService } from '../retrieval/retrieval.service';
import type { RetrievalResult } from '../retrieval/retrieval.types';
import type { AnswerHooks, Citations, EngineAnswer, Question } from './answering.types';
import { LANGUAGES, type Language } from '../text/lang';
import { type Citation, CitationFilter, CitationSet } from './citations/citation-set';
import { coverageEvidence } from './coverage-evidence';
import { focusSnippets } from './citations/cited-snippet';
import { ClaimGate } from './citations/claim-gate';
import { sessionsCited } from './citations/drew-on';
import { ProgramCitations } from './citations/program-citations';
import { PASSAGES, SIMPLE_PASSAGES, TAKEAWAY_PASSAGES_PER_SESSION } from './knobs';
import { finalTakeaways, groundTakeaways } from './takeaway-filter';

/** Added to a session's title to find the passages that carry its substance (takeaways). */
const TAKEAWAY_QUERY = 'key takeaways, recommendations, findings, numbers and lessons';

/** What an answer draws on: the question as searched, the program's reading of it and the passages found. */
type Findings = Pick<RetrievalResult, 'passages' | 'rarity' | 'expansions'> &
  Pick<AnswerRequest, 'question' | 'carried'> & { program: ProgramTurn };

/**
 * A delta of an answer as the text sent: a model's text read for its citations (the filter keeps the
 * ones naming a source and drops invented ones); text a generator composed, as it is; a citation
 * attached as data, as its passage's marker (counted as used). The filter records every citation.
 */
function answerText(delta: AnswerDelta, filter: CitationFilter, cited: ProgramCitations): string {
  if (typeof delta === 'string') return filter.push(delta);
  if ('coverage' in delta) return '';
  return 'text' in delta ? filter.pass(delta.text) : filter.cite(cited.cite(delta.cite, delta.turn));
}

/**
 * The answer engine: one question from the user's words to the final answer and its citations. The
 * question is rewritten to stand alone (a follow-up), read against the program (a program question is
 * answered from its entries), passages are retrieved (hybrid search, limited to the chosen sessions),
 * the generator (local or openai) writes the answer citing them, invented citations are dropped, and
 * the citations come out as data (`EngineAnswer.sources`). Takeaways use the same retrieval and
 * generator. Threads, streaming and storage are chat's.
 */
@Injectable()
export class AnsweringService {
  constructor(
    private readonly retrieval: RetrievalService,
    private readonly program: ProgramService,
    @Inject(ANSWER_GENERATOR) private readonly generator: AnswerGenerator,
  ) {}

  /** The answer to `question`, its text sent to `hooks.onContent` as it is written. */
  async answer(question: Question, hooks: AnswerHooks = {}): Promise<EngineAnswer> {
    hooks.onStage?.('searching');
    const findings = await this.find(question);
    hooks.onSearched?.();
    throwIfAborted(hooks.signal);

    hooks.onStage?.('analyzing');
    const citations = new CitationSet(findings.passages);
    const { program } = findings;
    const cited = new ProgramCitations(citations, program.entries, program.language, () => program.answeredEntries());
    hooks.onStage?.('generating');
    const written = await this.write(question, hooks, findings, citations, cited);
    const { made, coverage } = written;
    // The snippet of each source is the passage's text around the sentence the answer cites it for.
    const sources = focusSnippets(cited.sources(made), made, citations.passages);
    // Asked with no session chosen, the answer says which sessions' documents it drew on.
    const drewOn = question.sessionIds.length === 0 ? drewOnLine(sources, program.language) : null;
    if (drewOn) hooks.onContent?.(`\n\n${drewOn}`);
    const content = drewOn ? `${written.content}\n\n${drewOn}` : written.content;
    return coverage == null ? { content, sources } : { content, sources, coverage };
  }

  /**
   * One session's takeaways: its passages found by the conference retriever for its substance, then
   * the generator's takeaways of them.
   */
  async sessionTakeaways(session: { id: string; title: string }, userId: string): Promise<Takeaway[]> {
    const passages = await this.retrieval.retrieve(`${session.title}: ${TAKEAWAY_QUERY}`, {
      sessionIds: [session.id],
      k: TAKEAWAY_PASSAGES_PER_SESSION,
      perDocument: TAKEAWAY_PASSAGES_PER_SESSION,
      userId,
    });
    const set = new CitationSet(passages);
    const written = await this.generator.sessionTakeaways({ sessionTitle: session.title, passages: set.passages }, { userId });
    // Either provider's takeaways: statements, cited to the session's passages, a transcript's naming its speaker.
    return groundTakeaways(written, set);
  }

  /** Sessions' takeaways merged into the conference's (the generator's reduce step): cited statements, each point once. */
  async mergeTakeaways(perSession: Takeaway[][], userId: string): Promise<Takeaway[]> {
    return finalTakeaways(await this.generator.mergeTakeaways(perSession, { userId }));
  }

  /** Which generator writes the answers and takeaways (part of the takeaways' cache key). */
  get writer(): { provider: AnswerGenerator['provider']; model: string } {
    return { provider: this.generator.provider, model: this.generator.model };
  }

  /**
   * The question as searched (a follow-up rewritten to stand alone), and what answers it: the
   * program answers program questions from its entries; the documents answer the rest, and both
   * answer a question asking what was said and when (ProgramKind).
   */
  private async find(request: Question): Promise<Findings> {
    const { userId, message, history } = request;
    const { text: question, carried } = request.simple
      ? standaloneQuestion(message, history)
      : await this.generator.rewriteQuestion(message, history, { userId });
    // The program reads the user's own words: a follow-up takes from the thread's earlier questions only what it points back to.
    const earlier = history.filter((t) => t.role === 'user').map((t) => t.content);
    const program = await this.program.read(message, request.sessionIds, earlier);
    if (program.kind === 'program' && !documentsFirst(program))
      return { question, carried, program, passages: [], rarity: {}, expansions: [] };
    const found = await this.retrieval.search(question, {
      sessionIds: request.sessionIds,
      k: request.simple ? SIMPLE_PASSAGES : PASSAGES,
      userId,
    });
    return { question, carried, program, passages: found.passages, rarity: found.rarity, expansions: found.expansions };
  }

  /**
   * The answer's text, sent to `hooks.onContent` as it is written: citations kept to the sources
   * given, and links a document planted in it (markdown links, images, autolinks) left as plain text;
   * with the citations it made, in order.
   */
  private async write(
    request: Question,
    hooks: AnswerHooks,
    findings: Findings,
    citations: CitationSet,
    cited: ProgramCitations,
  ): Promise<{ content: string; made: Citation[]; coverage?: number }> {
    const { program } = findings;
    let coverage: number | undefined;
    const local = this.generator.provider === 'local';
    const filter = new CitationFilter(cited);
    const links = new LinkNeutralizer();
    // The local provider composes program answers from the facts; so does any provider for a
    // session or person the program does not hold (there is nothing to give a model).
    const fallback = documentsFirst(program);
    const composed = program.kind === 'program' && !fallback && (local || program.answer().notInProgram);
    // A model's statements pass only with their citation (the local answerer and the program cite each one themselves).
    const gate = new ClaimGate(!local && !composed);
    // Local, combined: the documents' answer is held back to add the program's part after it; a program
    // question the program cannot answer waits for the documents' answer (the program's refusal if none).
    const held = (program.kind === 'combined' && local) || fallback;
    if (composed) {
      const out = gate.push(links.push(filter.push(program.answer().text) + filter.end()) + links.end()) + gate.end();
      if (out) hooks.onContent?.(out);
    } else {
      // A passage of a session the attendee chose is evidence the answer is about it (the coverage score).
      const chosen = new Set(request.sessionIds);
      const passages = [
        ...citations.passages.map((p) => (chosen.has(p.sessionId) ? { ...p, chosen: true } : p)),
        ...(local || program.kind === 'none' || fallback ? [] : program.passages(citations.passages.length + 1)),
      ];
      // The local answerer refuses a question naming someone its passages never mention; a word the
      // question writes with a capital where English puts an ordinary word ('the Real change'), and that
      // the materials write in lower case elsewhere, is not such a name.
      const commonWords = local ? await this.retrieval.writtenInLowerCase(capitalisedWords(findings.question, passages)) : [];
      const deltas = this.generator.streamAnswer({
        question: findings.question,
        carried: findings.carried,
        passages,
        // A model's prompt carries the coverage evidence; the local answerer scores coverage on its own ranking.
        coverage: local ? undefined : coverageEvidence(findings.question, passages, request.sessionIds.length > 0),
        rarity: findings.rarity,
        expansions: findings.expansions,
        commonWords,
        history: request.history,
        signal: hooks.signal,
        simple: request.simple,
        paced: request.stream === true,
        userId: request.userId,
      });
      for await (const delta of deltas) {
        throwIfAborted(hooks.signal);
        if (typeof delta !== 'string' && 'coverage' in delta) coverage = delta.coverage;
        const out = gate.push(links.push(answerText(delta, filter, cited)));
        if (out && !held) hooks.onContent?.(out);
      }
      const rest = gate.push(links.push(filter.end()) + links.end()) + gate.end();
      if (rest && !held) hooks.onContent?.(rest);
    }
    throwIfAborted(hooks.signal);
    const content = gate.text.trim();
    if (!held) return { content, made: filter.cited(), coverage };
    if (fallback && content && !isRefusal(content)) {
      hooks.onContent?.(content);
      return { content, made: filter.cited(), coverage };
    }
    const withProgram = withProgramPart({ content, made: filter.cited() }, program, citations, cited);
    hooks.onContent?.(withProgram.content);
    return { ...withProgram, coverage };
  }
}

/**
 * A question the program reads as its own but cannot answer ('not in the program'): the documents (of the
 * chosen sessions, or all of them) answer it first ('Who reported the delinquencies?', 'What advice does the
 * speaker give on residual value?'), the program's refusal standing when they do not cover it.
 */
function documentsFirst(program: ProgramTurn): boolean {
  return program.kind === 'program' && program.answer().notInProgram;
}

/** The documents' answer followed by the program's part (alone when the documents did not cover the question). */
function withProgramPart(
  documents: { content: string; made: Citation[] },
  program: ProgramTurn,
  citations: CitationSet,
  cited: ProgramCitations,
): { content: string; made: Citation[] } {
  const part = program.answer(citations.sources().map((s) => s.sessionId));
  const programFilter = new CitationFilter(cited);
  const programLinks = new LinkNeutralizer();
  const programText = (programLinks.push(programFilter.push(part.text) + programFilter.end()) + programLinks.end()).trim();
  const { content } = documents;
  if (isRefusal(content) || !content) return { content: programText, made: programFilter.cited() };
  return { content: `${content}\n\n${programText}`, made: [...documents.made, ...programFilter.cited()] };
}

/**
 * The line under an answer asked with no session chosen that names the sessions its cited passages
 * come from, in the question's language; null when it cites no document (a refusal, a program answer).
 */
export function drewOnLine(sources: Citations, language: Language): string | null {
  const sessions = sessionsCited(sources);
  if (sessions.length === 0) return null;
  // Each session named with the citation of its first passage the answer cites: the line states a fact, so it is cited.
  return LANGUAGES[language].phrases.drewOn.replace('{titles}', sessions.map((s) => `“${s.title}” ${s.marker}`).join(', '));
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new GenerationAborted();
}
