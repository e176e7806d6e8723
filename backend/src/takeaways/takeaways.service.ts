import { createHash } from 'node:crypto';
import { BadGatewayException, BadRequestException, HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import { ANSWER_GENERATOR, type AnswerGenerator, type Takeaway } from '../ai/generation/generation.types';
import type { AuthUser } from '../common/roles';
import { ConferenceService } from '../conference/conference.service';
import { EmailService } from '../email/email.service';
import { CitationSet } from '../retrieval/citations';
import { RetrievalService } from '../retrieval/retrieval.service';
import { type EmailTakeawaysDto, NO_SESSIONS_SELECTED_MESSAGE, SELECT_SESSIONS_MESSAGE, type TakeawaysDto } from './dto/takeaways.dto';
import { TAKEAWAYS_FAILED_MESSAGE } from './dto/takeaways.messages';
import type { TakeawaysResult } from './dto/takeaways.response';
import { takeawaysMail } from './takeaways.mail';
import { TakeawaysRepository } from './takeaways.repository';

/** Passages of one session read for its takeaways (map step). */
const PASSAGES_PER_SESSION = 10;
/** Sessions summarised at once. */
const MAP_CONCURRENCY = 4;
/** Part of the cache key: bump it when the way takeaways are made changes, so old results are not served. */
const TAKEAWAYS_CACHE_VERSION = 3;
/** Added to a session's title to find the passages that carry its substance. */
const TAKEAWAY_QUERY = 'key takeaways, recommendations, findings, numbers and lessons';

/**
 * Key takeaways, map-reduce: each session's passages (found by the conference retriever) are
 * summarised into its own takeaways, then merged into 5–10. Results are cached per session set and
 * document versions, so a repeat request (and the same request after an unrelated upload) is answered
 * from the cache; re-ingesting a document of the set changes its version and the key.
 */
@Injectable()
export class TakeawaysService {
  private readonly logger = new Logger(TakeawaysService.name);

  constructor(
    private readonly repo: TakeawaysRepository,
    private readonly retrieval: RetrievalService,
    private readonly email: EmailService,
    private readonly conference: ConferenceService,
    @Inject(ANSWER_GENERATOR) private readonly generator: AnswerGenerator,
  ) {}

  async generate(user: AuthUser, dto: TakeawaysDto): Promise<TakeawaysResult> {
    const selected = [...new Set(dto.sessionIds ?? [])];
    if (!dto.useAllSessions && selected.length === 0) throw new BadRequestException(SELECT_SESSIONS_MESSAGE);
    try {
      return await this.takeaways(user, dto.useAllSessions ? null : selected);
    } catch (err) {
      if (err instanceof HttpException) throw err;
      this.logger.error(`takeaways failed: ${(err as Error).stack ?? err}`);
      throw new BadGatewayException(TAKEAWAYS_FAILED_MESSAGE);
    }
  }

  async emailTakeaways(user: AuthUser, dto: EmailTakeawaysDto): Promise<{ message: string }> {
    if (!dto.useAllSessions && (dto.sessionIds ?? []).length === 0) {
      throw new BadRequestException(NO_SESSIONS_SELECTED_MESSAGE);
    }
    const result = await this.generate(user, dto);
    const scope = dto.useAllSessions ? 'all conference sessions' : [...new Set(result.sources)].join(', ') || 'the selected sessions';
    // Only ever to the signed-in user's own address: `recipientEmail` is accepted (the spec's payload)
    // but ignored, so the route cannot relay mail to strangers.
    const conference = await this.conference.get();
    await this.email.send(takeawaysMail(user.email, user.firstName, result, scope, user.email, conference));
    return { message: 'Takeaways have been sent to your email address.' };
  }

  private async takeaways(user: AuthUser, sessionIds: string[] | null): Promise<TakeawaysResult> {
    const sessions = await this.repo.sessionsWithContent(sessionIds);
    if (sessions.length === 0) return { takeaways: [], sources: [] };
    const key = createHash('sha256')
      .update(
        JSON.stringify([TAKEAWAYS_CACHE_VERSION, this.generator.provider, this.generator.model, sessions.map((s) => [s.id, s.signature])]),
      )
      .digest('hex');
    const cached = await this.repo.findCached(key);
    if (cached) return cached;

    const ctx = { userId: user.id };
    const perSession: Takeaway[][] = new Array(sessions.length);
    let next = 0;
    const worker = async () => {
      while (next < sessions.length) {
        const i = next++;
        const session = sessions[i];
        const passages = await this.retrieval.retrieve(`${session.title}: ${TAKEAWAY_QUERY}`, {
          sessionIds: [session.id],
          k: PASSAGES_PER_SESSION,
          perDocument: PASSAGES_PER_SESSION,
          userId: user.id,
        });
        const material = { sessionTitle: session.title, passages: new CitationSet(passages).passages };
        perSession[i] = await this.generator.sessionTakeaways(material, ctx);
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAP_CONCURRENCY, sessions.length) }, worker));
    const merged = await this.generator.mergeTakeaways(
      perSession.filter((l) => l.length > 0),
      ctx,
    );
    const result: TakeawaysResult = { takeaways: merged.map((t) => t.text), sources: merged.map((t) => t.sessionTitle) };
    await this.repo.store(
      key,
      sessions.map((s) => s.id),
      this.generator.model,
      result,
    );
    return result;
  }
}
