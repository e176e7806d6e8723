import { BadRequestException, Injectable } from '@nestjs/common';
import {
  canonicalLanguages,
  canonicalTimeZone,
  CONFERENCE_MESSAGES,
  ConferenceSettings,
  daysBetween,
  DEFAULT_CONFERENCE,
  isCalendarDate,
  isDefaultConference,
  MAX_CONFERENCE_DAYS,
  ProgramConferenceInfo,
  ProgramSettingField,
  programSettings,
  settingDifferences,
  withProgramSettings,
} from './conference-settings';
import { ConferenceRepository } from './conference.repository';
import type { ConferenceInputDto } from './dto/conference.dto';

/**
 * What importing a program did to the settings: `applied` (they were still the spec's conference, so
 * they now hold the program's name, dates and zone), `differs` (an admin had set them: left as they
 * are) or `same`. `fields` lists what was changed or differs; `settings` are the settings after it.
 */
export interface ProgramAdoption {
  outcome: 'applied' | 'differs' | 'same';
  fields: ProgramSettingField[];
  settings: ConferenceSettings;
  /** The program's values of `fields`. */
  program: Partial<Omit<ConferenceSettings, 'venue'>>;
}

/**
 * The settings `dto` asks for, the fields it leaves out kept from `current`: 400 with the setting's
 * message when the result is not a conference (dates out of order, an unknown zone or language).
 * Names, lengths and question counts are checked by the DTO.
 */
function checkedSettings(dto: ConferenceInputDto, current: ConferenceSettings): ConferenceSettings {
  // A new name given alone also names the header and drops the questions written for the conference it
  // replaces, as an imported program's name does (withProgramSettings).
  const renamed = dto.name !== undefined ? withProgramSettings(current, { name: dto.name }) : current;
  const next: ConferenceSettings = {
    name: renamed.name,
    startDate: dto.startDate ?? current.startDate,
    endDate: dto.endDate ?? current.endDate,
    venue: dto.venue ?? current.venue,
    timeZone: current.timeZone,
    shortName: dto.shortName ?? renamed.shortName,
    languages: current.languages,
    suggestedQuestions: dto.suggestedQuestions ?? renamed.suggestedQuestions,
  };
  if (!isCalendarDate(next.startDate)) throw new BadRequestException(CONFERENCE_MESSAGES.startDate);
  if (!isCalendarDate(next.endDate)) throw new BadRequestException(CONFERENCE_MESSAGES.endDate);
  const span = daysBetween(next.startDate, next.endDate);
  if (span < 0) throw new BadRequestException(CONFERENCE_MESSAGES.order);
  if (span + 1 > MAX_CONFERENCE_DAYS) throw new BadRequestException(CONFERENCE_MESSAGES.length);
  if (dto.timeZone !== undefined) {
    const zone = canonicalTimeZone(dto.timeZone);
    if (!zone) throw new BadRequestException(CONFERENCE_MESSAGES.timeZone);
    next.timeZone = zone;
  }
  if (dto.languages !== undefined) {
    const languages = canonicalLanguages(dto.languages);
    if (!languages) throw new BadRequestException(CONFERENCE_MESSAGES.languages);
    next.languages = languages;
  }
  return next;
}

/** How long a read is reused; a change made by this process is seen at once, by others within this time. */
const CACHE_MS = 5000;

@Injectable()
export class ConferenceService {
  private cached?: { at: number; value: Promise<ConferenceSettings> };

  constructor(private readonly repo: ConferenceRepository) {}

  /** The conference's settings (the spec's conference until an admin changes them). */
  async get(): Promise<ConferenceSettings> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > CACHE_MS) {
      const value = this.repo.get().then((row) => ({ ...(row ?? DEFAULT_CONFERENCE) }));
      this.cached = { at: now, value };
      value.catch(() => {
        if (this.cached?.value === value) this.cached = undefined;
      });
    }
    return { ...(await this.cached.value) };
  }

  /** Changes the fields given, after checking the whole result. */
  async update(dto: ConferenceInputDto): Promise<ConferenceSettings> {
    const saved = await this.repo.save(checkedSettings(dto, await this.get()));
    this.cached = { at: Date.now(), value: Promise.resolve(saved) };
    return { ...saved };
  }

  /**
   * Sets the conference's name, dates and time zone to the program's (what it names and passes the
   * settings' checks), whatever they were: the super admin asked for it (`applyConference`). The venue
   * stays; a new name also becomes the short name and empties the suggested questions (withProgramSettings). Undefined when the program names nothing usable.
   */
  async applyProgram(info: ProgramConferenceInfo): Promise<ProgramAdoption | undefined> {
    const program = programSettings(info);
    if (!Object.keys(program).length) return undefined;
    const current = await this.get();
    const fields = settingDifferences(current, program);
    if (!fields.length) return { outcome: 'same', fields, settings: current, program };
    const saved = await this.repo.save(withProgramSettings(current, program));
    this.cached = { at: Date.now(), value: Promise.resolve(saved) };
    return { outcome: 'applied', fields, settings: { ...saved }, program };
  }

  /**
   * A published program's conference info against the settings (see ProgramAdoption). Undefined when
   * the program names nothing usable (the export's own file, a listing without dates).
   */
  async adoptProgram(info: ProgramConferenceInfo): Promise<ProgramAdoption | undefined> {
    const program = programSettings(info);
    if (!Object.keys(program).length) return undefined;
    const current = await this.get();
    const fields = settingDifferences(current, program);
    if (!fields.length) return { outcome: 'same', fields, settings: current, program };
    if (isDefaultConference(current)) {
      const saved = await this.repo.saveIfUnchanged(current, withProgramSettings(current, program));
      if (saved) {
        this.cached = { at: Date.now(), value: Promise.resolve(saved) };
        return { outcome: 'applied', fields, settings: { ...saved }, program };
      }
      // An admin saved the settings meanwhile: theirs stand, compared with the program once more.
      this.cached = undefined;
      const now = await this.get();
      const changed = settingDifferences(now, program);
      return { outcome: changed.length ? 'differs' : 'same', fields: changed, settings: now, program };
    }
    return { outcome: 'differs', fields, settings: current, program };
  }
}
