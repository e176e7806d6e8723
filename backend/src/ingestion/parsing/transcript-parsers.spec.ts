import {
  ARRAY_JSON,
  ASSEMBLY_JSON,
  INVALID_JSON,
  OTTER_TXT,
  PLAIN_PROSE_TXT,
  SPEAKER_TXT,
  TEXT_JSON,
  UNKNOWN_SHAPE_JSON,
  WHISPER_JSON,
} from '../../../test/fixtures/transcripts';
import { IngestError, INGEST_MESSAGES } from './ingest-errors';
import type { TranscriptSegment } from './parsed-document';
import { parseJsonTranscript } from './transcript-json.parser';
import { parseTextTranscript } from './transcript-text.parser';
import { clockToSeconds } from './timestamps';

/** Segments without their file lines (asserted separately below). */
const plain = (segments: TranscriptSegment[]) => segments.map(({ line: _line, lineEnd: _end, ...rest }) => rest);

describe('parseTextTranscript', () => {
  it('records the file lines of each turn (1-based, continuation lines included)', () => {
    const text = 'Grad E: We tried the new features.\nProfessor: And?\n\nGrad E: It helped a bit\non the noisy set.\n';
    expect(parseTextTranscript(text).map((s) => [s.speaker, s.line, s.lineEnd])).toEqual([
      ['Grad E', 1, 1],
      ['Professor', 2, 2],
      ['Grad E', 4, 5],
    ]);
  });

  it("reads '[hh:mm:ss] Speaker: text' lines, continuing a turn on unmarked lines", () => {
    expect(plain(parseTextTranscript(SPEAKER_TXT))).toEqual([
      { speaker: 'Maria Lopez', start: 5, text: 'Welcome to the lender panel. Today we talk about credit appetite in equipment finance.' },
      { speaker: 'John Smith', start: 21, text: 'Thanks, Maria. Our approval rates held steady at 72 percent through the second quarter.' },
      { speaker: 'Maria Lopez', start: 62, text: 'What changed in your underwriting?' },
      {
        speaker: 'John Smith',
        start: 70,
        text: 'We added bank-statement analysis for small-ticket deals under 250,000 dollars. It cut our decision time from two days to four hours.',
      },
    ]);
  });

  it('reads prose as paragraphs without speaker or time', () => {
    const segments = parseTextTranscript(PLAIN_PROSE_TXT);
    expect(segments).toHaveLength(3);
    expect(segments.every((s) => s.speaker === null && s.start === null)).toBe(true);
    expect(segments[1].text).toBe('Lenders reported stable credit quality, with delinquency near historic lows.');
  });

  it("reads 'Speaker  m:ss' headings followed by the words", () => {
    expect(plain(parseTextTranscript(OTTER_TXT))).toEqual([
      { speaker: 'Maria Lopez', start: 5, text: 'Welcome everyone to the fireside chat on residual values.' },
      { speaker: 'John Smith', start: 42, text: 'Residual values for construction equipment softened about six percent this year.' },
    ]);
  });

  it("reads bare '00:12:34' and 'mm:ss' stamps and 'Speaker: text' without times", () => {
    const text =
      '00:12:34 Opening remarks on fleet renewal.\n12:50 - Second point on pricing.\nQ: What about rates?\nA: Stable.\nQ: Thanks.';
    expect(plain(parseTextTranscript(text))).toEqual([
      { speaker: null, start: 754, text: 'Opening remarks on fleet renewal.' },
      { speaker: null, start: 770, text: 'Second point on pricing.' },
      { speaker: 'Q', start: null, text: 'What about rates?' },
      { speaker: 'A', start: null, text: 'Stable.' },
      { speaker: 'Q', start: null, text: 'Thanks.' },
    ]);
  });

  it('reads speaker names with accented letters', () => {
    const text = '03:10 Tomás Echeverría: We decline thin files.\n03:40 Åsa Öberg: We do not.';
    expect(plain(parseTextTranscript(text))).toEqual([
      { speaker: 'Tomás Echeverría', start: 190, text: 'We decline thin files.' },
      { speaker: 'Åsa Öberg', start: 220, text: 'We do not.' },
    ]);
  });

  it("keeps a one-off 'Label: text' in prose as words", () => {
    const segments = parseTextTranscript('Note: rates are indicative.\n\nThe market stayed calm.');
    expect(segments[0]).toEqual({ speaker: null, start: null, text: 'Note: rates are indicative.', line: 1, lineEnd: 1 });
  });

  it('reads subtitle cues (WebVTT / SRT)', () => {
    const vtt = 'WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000\nHello and welcome.\n\n2\n00:00:04.500 --> 00:00:08.000\nLet us begin.';
    expect(plain(parseTextTranscript(vtt))).toEqual([
      { speaker: null, start: 1, text: 'Hello and welcome.' },
      { speaker: null, start: 4.5, text: 'Let us begin.' },
    ]);
  });

  it('returns nothing for whitespace', () => {
    expect(plain(parseTextTranscript('  \n\n '))).toEqual([]);
  });
});

describe('parseJsonTranscript', () => {
  it('reads Whisper segments (seconds)', () => {
    expect(plain(parseJsonTranscript(WHISPER_JSON))).toEqual([
      { speaker: null, start: 0, text: 'Good morning and welcome to the keynote.' },
      { speaker: null, start: 4.2, text: 'Equipment finance originations rose eight percent.' },
      { speaker: null, start: 754.5, text: 'Vendor programs drove most of that growth.' },
    ]);
  });

  it('reads AssemblyAI utterances (milliseconds, lettered speakers)', () => {
    expect(plain(parseJsonTranscript(ASSEMBLY_JSON))).toEqual([
      { speaker: 'Speaker A', start: 1.5, text: 'Broker channels still matter for small-ticket deals.' },
      { speaker: 'Speaker B', start: 62, text: 'We see brokers bring thirty percent of our volume.' },
    ]);
  });

  it('reads a plain array of {speaker, start, end, text}', () => {
    expect(plain(parseJsonTranscript(ARRAY_JSON))).toEqual([
      { speaker: 'Dana Whitfield', start: 12, text: 'Funding costs rose with the rate environment.' },
      { speaker: 'Lee Chen', start: 31, text: 'Securitization windows reopened in the spring.' },
    ]);
  });

  it('reads {text} as a plain transcript, speakers included', () => {
    const segments = parseJsonTranscript(TEXT_JSON);
    expect(segments.map((s) => s.speaker)).toEqual(['Moderator', 'Audience Member', 'Moderator']);
  });

  it('rejects invalid JSON with a reason', () => {
    expect(() => parseJsonTranscript(INVALID_JSON)).toThrow(IngestError);
    expect(() => parseJsonTranscript(INVALID_JSON)).toThrow(/not valid JSON/);
  });

  it('rejects an unknown shape naming the accepted shapes', () => {
    expect(() => parseJsonTranscript(UNKNOWN_SHAPE_JSON)).toThrow(INGEST_MESSAGES.unknownJsonShape);
    expect(INGEST_MESSAGES.unknownJsonShape).toMatch(/Whisper.*AssemblyAI.*speaker.*text/s);
  });

  it('calls an empty file empty', () => {
    expect(() => parseJsonTranscript('')).toThrow(INGEST_MESSAGES.emptyTranscript);
  });
});

describe('clockToSeconds', () => {
  it.each([
    ['00:12:34', 754],
    ['1:02:03', 3723],
    ['12:34', 754],
    ['0:05', 5],
    ['00:00:04,500', 4.5],
    ['12:75', null],
    ['abc', null],
  ])('%s → %s', (clock, seconds) => {
    expect(clockToSeconds(clock)).toBe(seconds);
  });
});
