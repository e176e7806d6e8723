import { PANEL_SRT, PANEL_SRT_CUES, PANEL_VTT, PANEL_VTT_CUES, ROLLUP_VTT, ROLLUP_VTT_TURNS } from '../../../test/fixtures/captions';
import { parseCaptions } from './captions.parser';
import { IngestError } from './ingest-errors';

const triples = async (format: 'vtt' | 'srt', content: string) =>
  (await parseCaptions(content, format)).map((s) => [s.speaker, s.start, s.text]);

describe(parseCaptions.name, () => {
  it('keeps every WebVTT cue with its start time and voice, without tags, settings, identifiers, STYLE or NOTE', async () => {
    expect(await triples('vtt', PANEL_VTT)).toEqual(PANEL_VTT_CUES);
  });

  it('merges the repeated lines of roll-up captions, each new line keeping the time it first appears', async () => {
    expect((await parseCaptions(ROLLUP_VTT, 'vtt')).map((s) => [s.start, s.text])).toEqual(ROLLUP_VTT_TURNS);
  });

  it('keeps every SubRip cue with its start time and Name: label, without numbers or markup', async () => {
    expect(await triples('srt', PANEL_SRT)).toEqual(PANEL_SRT_CUES);
  });

  it('numbers the turns by cue, for the citation of each passage', async () => {
    expect((await parseCaptions(PANEL_SRT, 'srt')).map((s) => s.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads a file with a byte order mark and CRLF line ends', async () => {
    const crlf = `\uFEFF${PANEL_SRT.replace(/\n/g, '\r\n')}`;
    expect(await triples('srt', crlf)).toEqual(PANEL_SRT_CUES);
  });

  it('refuses a SubRip file whose times cannot be read, naming the format', async () => {
    await expect(parseCaptions('1\nnot a time\nHello\n', 'srt')).rejects.toThrow(IngestError);
    await expect(parseCaptions('1\nnot a time\nHello\n', 'srt')).rejects.toThrow(/SubRip caption file could not be read/);
  });

  it('gives no turns for a WebVTT file without cues', async () => {
    expect(await parseCaptions('WEBVTT\n\nNOTE nothing here\n', 'vtt')).toEqual([]);
  });

  describe('a long file (several pieces)', () => {
    const clock = (seconds: number, sep: string) => new Date(seconds * 1000).toISOString().slice(11, 23).replace('.', sep);
    /** `n` cues, two seconds each: identifiers, voices, a NOTE every 50 cues, a cue text with a blank line every 97. */
    function longVtt(n: number, eol = '\n'): string {
      const blocks = ['WEBVTT - a long talk', 'STYLE\n::cue { color: yellow }'];
      for (let i = 0; i < n; i++) {
        if (i % 50 === 0) blocks.push(`NOTE part ${i / 50}`);
        const text = i % 97 === 0 ? `Cue ${i} on leasing.\n\nStill cue ${i}.` : `Cue ${i} on residual values and rates.`;
        blocks.push(`cue-${i}\n${clock(2 * i, '.')} --> ${clock(2 * i + 2, '.')} align:start\n<v Speaker ${i % 3}>${text}`);
      }
      return blocks.join('\n\n').replace(/\n/g, eol);
    }
    function longSrt(n: number): string {
      return Array.from(
        { length: n },
        (_, i) => `${i + 1}\n${clock(2 * i, ',')} --> ${clock(2 * i + 2, ',')}\nAna: Cue ${i} on residual values and rates.`,
      ).join('\n\n');
    }

    it.each([
      ['WebVTT', 'vtt' as const, longVtt(12_000)],
      ['WebVTT with CRLF line ends', 'vtt' as const, longVtt(12_000, '\r\n')],
      ['SubRip', 'srt' as const, longSrt(12_000)],
    ])('%s: every cue in order, with its time, speaker and text, none cut or lost between pieces', async (_name, format, content) => {
      expect(content.length).toBeGreaterThan(800_000);
      const turns = await parseCaptions(content, format);
      expect(turns).toHaveLength(12_000);
      expect(turns.map((t) => t.start)).toEqual(Array.from({ length: 12_000 }, (_, i) => 2 * i));
      expect(turns.map((t) => t.line)).toEqual(Array.from({ length: 12_000 }, (_, i) => i + 1));
      if (format === 'vtt') {
        expect(turns[97]).toMatchObject({ speaker: 'Speaker 1', text: 'Cue 97 on leasing.' });
        expect(turns[11_999]).toMatchObject({ speaker: 'Speaker 2', text: 'Cue 11999 on residual values and rates.' });
      } else {
        expect(turns[11_999]).toMatchObject({ speaker: 'Ana', text: 'Cue 11999 on residual values and rates.' });
      }
    });

    it('gives the event loop back while it reads, so other requests are served meanwhile', async () => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      try {
        await parseCaptions(longVtt(12_000), 'vtt');
      } finally {
        clearInterval(timer);
      }
      expect(ticks).toBeGreaterThan(0);
    });
  });
});
