import {
  canonicalLanguages,
  DEFAULT_CONFERENCE,
  isDefaultConference,
  programSettings,
  settingDifferences,
  withProgramSettings,
} from './conference-settings';

describe('a program’s conference info as settings', () => {
  const info = { title: 'PyFixture 2025', startDate: '2025-11-01', endDate: '2025-11-02', timeZone: 'europe/paris' };

  it('keeps what passes the settings’ own checks, with the zone’s canonical name', () => {
    expect(programSettings(info)).toEqual({
      name: 'PyFixture 2025',
      startDate: '2025-11-01',
      endDate: '2025-11-02',
      timeZone: 'Europe/Paris',
    });
  });

  it.each([
    ['no title, dates or zone', { title: null, startDate: null, endDate: null, timeZone: null }, {}],
    ['a blank title', { ...info, title: '  ' }, { startDate: '2025-11-01', endDate: '2025-11-02', timeZone: 'Europe/Paris' }],
    [
      'a title over 200 characters',
      { ...info, title: 'x'.repeat(201) },
      { startDate: '2025-11-01', endDate: '2025-11-02', timeZone: 'Europe/Paris' },
    ],
    ['dates out of order', { ...info, startDate: '2025-11-03' }, { name: 'PyFixture 2025', timeZone: 'Europe/Paris' }],
    ['a span over 60 days', { ...info, endDate: '2026-02-01' }, { name: 'PyFixture 2025', timeZone: 'Europe/Paris' }],
    ['not a calendar date', { ...info, startDate: '2025-02-30' }, { name: 'PyFixture 2025', timeZone: 'Europe/Paris' }],
    ['an unknown zone', { ...info, timeZone: 'Mars/Olympus' }, { name: 'PyFixture 2025', startDate: '2025-11-01', endDate: '2025-11-02' }],
  ])('leaves out %s', (_label, given, expected) => {
    expect(programSettings(given)).toEqual(expected);
  });

  it('names what differs, dates as one field', () => {
    expect(settingDifferences(DEFAULT_CONFERENCE, programSettings(info))).toEqual(['name', 'dates', 'timeZone']);
    expect(settingDifferences(DEFAULT_CONFERENCE, { startDate: '2025-09-08', endDate: '2025-09-11' })).toEqual(['dates']);
    expect(settingDifferences(DEFAULT_CONFERENCE, { name: DEFAULT_CONFERENCE.name, timeZone: 'America/Denver' })).toEqual([]);
  });

  it('tells the spec’s conference from settings an admin has changed', () => {
    expect(isDefaultConference({ ...DEFAULT_CONFERENCE })).toBe(true);
    expect(isDefaultConference({ ...DEFAULT_CONFERENCE, venue: 'Denver, Colorado' })).toBe(false);
  });
});

describe('the conference’s identity settings', () => {
  it.each([
    [['en'], ['en']],
    [
      ['FR', ' en ', 'fr'],
      ['fr', 'en'],
    ],
    [
      ['de', 'es'],
      ['de', 'es'],
    ],
  ])('takes %j as the languages %j', (given, expected) => {
    expect(canonicalLanguages(given)).toEqual(expected);
  });

  it.each([[[]], ['en'], [['en-US']], [['english']], [['zz']], [[7]], [Array(11).fill('en')]])('refuses %j as languages', (given) => {
    expect(canonicalLanguages(given)).toBeUndefined();
  });

  it('a program’s new name also names the header and drops the questions written for the spec’s conference', () => {
    expect(withProgramSettings(DEFAULT_CONFERENCE, { name: 'PyFixture 2025' })).toEqual({
      ...DEFAULT_CONFERENCE,
      name: 'PyFixture 2025',
      shortName: 'PyFixture 2025',
      suggestedQuestions: [],
    });
    expect(withProgramSettings(DEFAULT_CONFERENCE, { startDate: '2025-11-01', endDate: '2025-11-02' })).toEqual({
      ...DEFAULT_CONFERENCE,
      startDate: '2025-11-01',
      endDate: '2025-11-02',
    });
    expect(withProgramSettings(DEFAULT_CONFERENCE, { name: `A ${'very '.repeat(10)}long name` }).shortName).toBe(
      'A very very very very very very very ver',
    );
  });
});
