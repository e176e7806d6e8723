import { Injectable } from '@nestjs/common';
import type { GenerationPassage } from '../ai/generation/generation.types';
import { ConferenceService } from '../conference/conference.service';
import { ContentVersionWatch } from '../database/content-version';
import { sessionMarker } from '../text/citation-grammar';
import { entryFacts, ProgramAnswerer, type ProgramResult } from './program-answer';
import { type ProgramEntry, ProgramIndex } from './program-index';
import type { Language } from './program-vocabulary';
import { kindOf, parseThread, type ProgramKind, type ProgramQuery } from './program-query';
import { ProgramRepository } from './program.repository';

/** Characters of a description handed to a model with a program entry. */
const PASSAGE_DESCRIPTION = 1500;

/** The conference clock ('what's on now / next'); its own provider so a test can set the time. */
@Injectable()
export class ProgramClock {
  now(): Date {
    return new Date();
  }
}

export { kindOf, type ProgramKind } from './program-query';

/** One question read against the program. */
export class ProgramTurn {
  private result?: ProgramResult;

  constructor(
    readonly kind: ProgramKind,
    readonly query: ProgramQuery,
    private readonly index: ProgramIndex,
    private readonly answerer: ProgramAnswerer,
    private readonly selected: string[],
  ) {}

  /** The composed answer; `anchors`: sessions a document answer cited ('her next talk'). */
  answer(anchors: string[] = []): ProgramResult {
    if (!this.result || anchors.length) this.result = this.answerer.answer(this.query, this.selected, anchors);
    // Beside a documents' answer, the topic words are what was said, not a session: no 'not in the program'.
    if (this.kind === 'combined' && this.result.notInProgram) return { text: '', entries: [], notInProgram: false };
    return this.result;
  }

  /** Program entries as passages for a model, numbered from `from`, cited '[Session: Title]'. */
  passages(from: number): GenerationPassage[] {
    return this.answer().entries.map((e, i) => ({
      n: from + i,
      marker: sessionMarker(e.title),
      text: [
        e.title,
        entryFacts(e, this.query.language),
        e.tags.length ? `Tags: ${e.tags.join(', ')}` : '',
        e.description.slice(0, PASSAGE_DESCRIPTION),
      ]
        .filter(Boolean)
        .join('\n'),
      sessionTitle: e.title,
      kind: 'session',
      speaker: e.speakerNames.join(', ') || null,
      score: 1,
      similarity: 1,
    }));
  }

  /** Every session of the program (what a '[Session: Title]' marker may name). */
  get entries(): ProgramEntry[] {
    return this.index.entries;
  }

  /** The question's language (the program answer's and its citations' snippets'). */
  get language(): Language {
    return this.query.language;
  }

  /** The entries this turn's program answer holds ('none': no program answer). */
  answeredEntries(): ProgramEntry[] {
    return this.kind === 'none' ? [] : this.answer().entries;
  }
}

/**
 * The conference program as the assistant knows it: structured questions (a day, a time, a room, a
 * speaker, a format, a topic) answered by exact filtering of the sessions, read at the current
 * content version so a created, edited, imported or deleted session is answered from at once.
 */
@Injectable()
export class ProgramService {
  private cached: { version: string; timeZone: string; index: ProgramIndex } | null = null;
  private loading: Promise<{ version: string; timeZone: string; index: ProgramIndex }> | null = null;

  constructor(
    private readonly repo: ProgramRepository,
    private readonly clock: ProgramClock,
    private readonly conference: ConferenceService,
    private readonly version: ContentVersionWatch,
  ) {}

  /**
   * The program at the current content version, in the conference's time zone (rebuilt only when a
   * session or document changed, or the time zone did).
   */
  async index(): Promise<ProgramIndex> {
    const [current, { timeZone }] = await Promise.all([this.version.current(), this.conference.get()]);
    if (this.cached?.version === current && this.cached.timeZone === timeZone) return this.cached.index;
    this.loading ??= this.repo
      .entriesAtVersion()
      .then(({ version, records }) => ({ version, timeZone, index: new ProgramIndex(records, timeZone) }))
      .finally(() => (this.loading = null));
    const loaded = await this.loading;
    if (!this.cached || loaded.timeZone !== this.cached.timeZone || BigInt(loaded.version) >= BigInt(this.cached.version))
      this.cached = loaded;
    return loaded.index;
  }

  /**
   * Reads `question` (the user's own words) against the program, on its own: a follow-up takes from
   * `earlier` (the thread's previous questions, oldest first) only what it points back to
   * (`resolveFollowUp`). `selected`: the sessions chosen in the chat. The answer is in the question's language.
   */
  async read(question: string, selected: string[], earlier: string[] = []): Promise<ProgramTurn> {
    const index = await this.index();
    const query = parseThread([...earlier, question], index);
    const answerer = new ProgramAnswerer(index, this.clock.now());
    return new ProgramTurn(kindOf(query, selected), query, index, answerer, selected);
  }
}
