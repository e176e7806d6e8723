import { setTimeout as sleep } from 'node:timers/promises';
import type { UsageContext } from '../ai.types';
import { estimateTokens, LocalHashEmbeddings } from '../embeddings/local-hash-embeddings';
import type { AiUsageService } from '../usage/ai-usage.service';
import {
  type AnswerDelta,
  type AnswerGenerator,
  type AnswerRequest,
  type ChatTurn,
  GenerationAborted,
  type GenerationPassage,
  isRefusal,
  mayNotCoverFor,
  type SessionMaterial,
  type StandaloneQuestion,
  type Takeaway,
} from './generation.types';
import { standaloneQuestion } from './follow-up';
import { mergeRoundRobin } from './takeaway-merge';
import { type AnswerPiece, composeAnswer, markerOf, paced } from './local/composition';
import { type RankedSentences, SentenceScorer } from './local/scoring';
import { UNSURE_BELOW } from '../../answering/knobs';
import { sessionTakeawaysOf } from './local/takeaways';

export type { AnswerPiece } from './local/composition';

export const LOCAL_CHAT_MODEL = 'local-extractive-v1';
/**
 * Pause between streamed deltas of a local answer: 3 words every 40 ms (about 75 words a second, the
 * pace a hosted model streams at), so both providers read alike and a client can abort mid-answer.
 */
export const LOCAL_STREAM_DELAY_MS = 40;

/**
 * The offline generator: extractive answers (a lead sentence and 3–6 bullet points built from the most
 * relevant sentences of the retrieved passages, each with its citation marker), deterministic question
 * rewriting and extractive takeaways. Usage is recorded with estimated tokens at cost 0. Its jobs are
 * in ./local/: scoring (scoring.ts, question-terms.ts), the coverage policy (coverage.ts), composition
 * (composition.ts) and takeaways (takeaways.ts).
 */
export class LocalAnswerGenerator implements AnswerGenerator {
  readonly provider = 'local' as const;
  readonly model = LOCAL_CHAT_MODEL;
  private readonly embedder: LocalHashEmbeddings;
  private readonly scorer: SentenceScorer;

  constructor(
    dimensions: number,
    private readonly usage: AiUsageService,
    private readonly streamDelayMs = LOCAL_STREAM_DELAY_MS,
  ) {
    // Used only for its synchronous `embed` (sentence similarity); it records nothing.
    this.embedder = new LocalHashEmbeddings(dimensions, usage);
    this.scorer = new SentenceScorer(this.embedder);
  }

  /** Deterministic, no model call (so no usage record): see `standaloneQuestion`. */
  async rewriteQuestion(question: string, history: ChatTurn[], _ctx?: UsageContext): Promise<StandaloneQuestion> {
    return standaloneQuestion(question, history);
  }

  /** The answer's text in small deltas (paced like a hosted model's stream), its citations as data. */
  async *streamAnswer(request: AnswerRequest): AsyncIterable<AnswerDelta> {
    const { coverage, pieces } = this.answerOf(request);
    let sent = '';
    try {
      yield { coverage };
      const deltas = [...paced(pieces)];
      for (const [i, delta] of deltas.entries()) {
        if (request.signal?.aborted) throw new GenerationAborted();
        sent += 'text' in delta ? delta.text : markerOf(delta, request.passages);
        yield delta;
        // A pause after each few words (none after the last one): citations go out with their words.
        const last = i === deltas.length - 1;
        if ('text' in delta && !last && this.streamDelayMs > 0 && request.paced !== false) await sleep(this.streamDelayMs);
      }
    } finally {
      await this.record('chat', [request.question, ...request.passages.map((p) => p.text)], [sent], request);
    }
  }

  /** The whole answer text, markers written in (what `streamAnswer` sends, as one text). */
  composeAnswer(
    request: Pick<AnswerRequest, 'question' | 'carried' | 'passages' | 'simple' | 'rarity' | 'expansions' | 'commonWords'>,
  ): string {
    return this.composePieces(request)
      .map((p) => ('text' in p ? p.text : markerOf(p, request.passages)))
      .join('');
  }

  /** The answer to a question from its passages, as text and citations (`answerOf`). */
  composePieces(
    request: Pick<AnswerRequest, 'question' | 'carried' | 'passages' | 'simple' | 'rarity' | 'expansions' | 'commonWords'>,
  ): AnswerPiece[] {
    return this.answerOf(request).pieces;
  }

  /**
   * The answer to a question from its passages (`composePieces`: the refusal below REFUSE_BELOW) and
   * its coverage score: 0 when nothing can answer (no passage, a name no passage mentions, no answer
   * sentence). An answer below UNSURE_BELOW opens with the sentence saying its passages may not answer
   * the question.
   */
  answerOf(request: Pick<AnswerRequest, 'question' | 'carried' | 'passages' | 'simple' | 'rarity' | 'expansions' | 'commonWords'>): {
    coverage: number;
    pieces: AnswerPiece[];
  } {
    const composed = composeAnswer(this.scorer, request);
    const { pieces } = composed;
    // Who took part in a chosen meeting: its transcript's speakers are the answer, whatever words they use.
    if (composed.settled !== 'ranked') return { coverage: composed.settled === 'attendees' ? 1 : 0, pieces };
    const { ranked } = composed;
    const coverage = ranked.sentences.length === 0 ? 0 : ranked.coverage;
    const refused = pieces.length === 1 && 'text' in pieces[0] && isRefusal(pieces[0].text);
    if (refused || coverage >= UNSURE_BELOW) return { coverage, pieces };
    return { coverage, pieces: [{ text: `${mayNotCoverFor(request.question)}\n\n` }, ...pieces] };
  }

  /** Sentences of the passages scored against the question (`SentenceScorer.rankSentences`). */
  rankSentences(
    question: string,
    passages: GenerationPassage[],
    rarity?: Record<string, number>,
    expansions: string[] = [],
    carried: string[] = [],
  ): RankedSentences {
    return this.scorer.rankSentences(question, passages, rarity, expansions, carried);
  }

  async sessionTakeaways(material: SessionMaterial, ctx?: UsageContext): Promise<Takeaway[]> {
    const takeaways = sessionTakeawaysOf(this.embedder, material);
    await this.record(
      'takeaway',
      material.passages.map((p) => p.text),
      takeaways.map((t) => t.text.slice(t.speaker ? t.speaker.length + 2 : 0)),
      ctx,
    );
    return takeaways;
  }

  async mergeTakeaways(perSession: Takeaway[][], ctx?: UsageContext): Promise<Takeaway[]> {
    const merged = mergeRoundRobin(perSession);
    await this.record(
      'takeaway',
      perSession.flat().map((t) => t.text),
      merged.map((t) => t.text),
      ctx,
    );
    return merged;
  }

  private async record(kind: 'chat' | 'takeaway', prompt: string[], completion: string[], ctx?: UsageContext): Promise<void> {
    await this.usage.record({
      kind,
      provider: 'local',
      model: this.model,
      promptTokens: estimateTokens(prompt),
      completionTokens: estimateTokens(completion),
      userId: ctx?.userId ?? null,
    });
  }
}
