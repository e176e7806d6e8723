import { createHash } from 'node:crypto';
import { BadGatewayException, BadRequestException, HttpException, Injectable, Logger } from '@nestjs/common';
import type { Takeaway } from '../ai/generation/generation.types';
import { AnsweringService } from '../answering/answering.service';
import { isConnectionError } from '../http/connection-errors';
import { neutralizeLinks } from '../markdown/neutralize-links';
import type { AuthUser } from '../auth/roles';
import { ConferenceService } from '../conference/conference.service';
import { EmailService } from '../email/email.service';
import { type EmailTakeawaysDto, NO_SESSIONS_SELECTED_MESSAGE, SELECT_SESSIONS_MESSAGE, type TakeawaysDto } from './dto/takeaways.dto';
import { TAKEAWAYS_FAILED_MESSAGE } from './dto/takeaways.messages';
import type { TakeawaysResult } from './dto/takeaways.response';
import { takeawaysMail } from './takeaways.mail';
import { TakeawaysRepository } from './takeaways.repository';

/** Sessions summarised at once. */
const MAP_CONCURRENCY = 4;
/** Part of the cache key: bump it when the way takeaways are made changes, so old results are not served. */
const TAKEAWAYS_CACHE_VERSION = 4;

/** Takeaways with every markdown link, image, autolink and reference definition turned into text. */
function withoutLinks(result: TakeawaysResult): TakeawaysResult {
  return { ...result, takeaways: result.takeaways.map((text) => neutralizeLinks(text)) };
}

/**
 * Key takeaways, map-reduce: each session's passages (found by the conference retriever) are
 * summarised into its own takeaways, then merged into 5–10, both by the answer engine (AnsweringService). Results are cached per session set and
 * document versions, so a repeat request (and the same request after an unrelated upload) is answered
 * from the cache; re-ingesting a document of the set changes its version and the key.
 */
@Injectable()
export class TakeawaysService {
  private readonly logger = new Logger(TakeawaysService.name);

  constructor(
    private readonly repo: TakeawaysRepository,
    private readonly answering: AnsweringService,
    private readonly email: EmailService,
    private readonly conference: ConferenceService,
  ) {}

  async generate(user: AuthUser, dto: TakeawaysDto): Promise<TakeawaysResult> {
    const selected = [...new Set(dto.sessionIds ?? [])];
    if (!dto.useAllSessions && selected.length === 0) throw new BadRequestException(SELECT_SESSIONS_MESSAGE);
    try {
      return await this.takeaways(user, dto.useAllSessions ? null : selected);
    } catch (err) {
      // A lost database connection is answered 503 with Retry-After by the exception filter.
      if (err instanceof HttpException || isConnectionError(err)) throw err;
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
    const writer = this.answering.writer;
    const key = createHash('sha256')
      .update(JSON.stringify([TAKEAWAYS_CACHE_VERSION, writer.provider, writer.model, sessions.map((s) => [s.id, s.signature])]))
      .digest('hex');
    const cached = await this.repo.findCached(key);
    if (cached) return withoutLinks(cached);

    const perSession: Takeaway[][] = new Array(sessions.length);
    let next = 0;
    const worker = async () => {
      while (next < sessions.length) {
        const i = next++;
        perSession[i] = await this.answering.sessionTakeaways(sessions[i], user.id);
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAP_CONCURRENCY, sessions.length) }, worker));
    const merged = await this.answering.mergeTakeaways(
      perSession.filter((l) => l.length > 0),
      user.id,
    );
    // A document can plant a link in the text a takeaway quotes: neutralised before it is cached, returned or mailed.
    const result = withoutLinks({ takeaways: merged.map((t) => t.text), sources: merged.map((t) => t.sessionTitle) });
    await this.repo.store(
      key,
      sessions.map((s) => s.id),
      writer.model,
      result,
    );
    return result;
  }
}
