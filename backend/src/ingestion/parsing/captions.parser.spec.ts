import { PANEL_SRT, PANEL_SRT_CUES, PANEL_VTT, PANEL_VTT_CUES, ROLLUP_VTT, ROLLUP_VTT_TURNS } from '../../../test/fixtures/captions';
import { parseCaptions } from './captions.parser';
import { IngestError } from './ingest-errors';

const triples = (format: 'vtt' | 'srt', content: string) => parseCaptions(content, format).map((s) => [s.speaker, s.start, s.text]);

describe(parseCaptions.name, () => {
  it('keeps every WebVTT cue with its start time and voice, without tags, settings, identifiers, STYLE or NOTE', () => {
    expect(triples('vtt', PANEL_VTT)).toEqual(PANEL_VTT_CUES);
  });

  it('merges the repeated lines of roll-up captions, each new line keeping the time it first appears', () => {
    expect(parseCaptions(ROLLUP_VTT, 'vtt').map((s) => [s.start, s.text])).toEqual(ROLLUP_VTT_TURNS);
  });

  it('keeps every SubRip cue with its start time and Name: label, without numbers or markup', () => {
    expect(triples('srt', PANEL_SRT)).toEqual(PANEL_SRT_CUES);
  });

  it('numbers the turns by cue, for the citation of each passage', () => {
    expect(parseCaptions(PANEL_SRT, 'srt').map((s) => s.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads a file with a byte order mark and CRLF line ends', () => {
    const crlf = `\uFEFF${PANEL_SRT.replace(/\n/g, '\r\n')}`;
    expect(triples('srt', crlf)).toEqual(PANEL_SRT_CUES);
  });

  it('refuses a SubRip file whose times cannot be read, naming the format', () => {
    expect(() => parseCaptions('1\nnot a time\nHello\n', 'srt')).toThrow(IngestError);
    expect(() => parseCaptions('1\nnot a time\nHello\n', 'srt')).toThrow(/SubRip caption file could not be read/);
  });

  it('gives no turns for a WebVTT file without cues', () => {
    expect(parseCaptions('WEBVTT\n\nNOTE nothing here\n', 'vtt')).toEqual([]);
  });
});
