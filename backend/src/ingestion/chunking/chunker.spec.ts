import { reportPage } from '../../../test/fixtures/pdf-fixtures';
import { CHUNK_SIZE, chunkPdfPage, chunkTranscript, cleanPageText, tableHeaderAbove } from './chunker';

describe('chunkPdfPage', () => {
  it('splits a long page into ~1,000-character chunks that overlap and all keep the page', async () => {
    const text = reportPage(3, 3000);
    const chunks = await chunkPdfPage({ num: 3, text });
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const c of chunks) {
      expect(c.page).toBe(3);
      expect(c.text.length).toBeLessThanOrEqual(CHUNK_SIZE);
      expect(c.text.length).toBeGreaterThan(200);
    }
    // Consecutive chunks share their boundary words.
    const tail = chunks[0].text.slice(-60).split(' ').slice(1).join(' ');
    expect(chunks[1].text).toContain(tail.slice(0, 30));
    // Nothing is lost.
    const words = new Set(chunks.flatMap((c) => c.text.split(/\s+/)));
    for (const w of text.split(/\s+/)) expect(words.has(w)).toBe(true);
  });

  it("carries a table's title and column headings into every piece of a split page, rows kept whole", async () => {
    // A statement whose column headings run over several lines (as PDF text layers give them), no year line alone.
    const rows = Array.from(
      { length: 60 },
      (_, i) => `Line item number ${i + 1} of the statement ${(i + 1) * 1234},${100 + i} ${(i + 1) * 987},${200 + i}`,
    );
    const text = [
      'NORTHWIND TRADERS',
      'CONSOLIDATED STATEMENTS OF OPERATIONS',
      'Years Ended',
      'March 31,',
      '2024 March 31,',
      '2023',
      ...rows,
    ].join('\n');
    const chunks = await chunkPdfPage({ num: 7, text });
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks.slice(1)) {
      const [context, ...body] = c.text.split('\n');
      expect(context).toBe('NORTHWIND TRADERS CONSOLIDATED STATEMENTS OF OPERATIONS Years Ended March 31, | 2024 March 31, 2023');
      // Every line after the context is one whole row of the page.
      for (const line of body) expect(rows).toContain(line);
    }
    // Every row is in some piece.
    const lines = new Set(chunks.flatMap((c) => c.text.split('\n')));
    for (const row of rows) expect(lines.has(row)).toBe(true);
  });

  it("carries a statement's unit note and column years into its later pieces, past rows with empty cells", async () => {
    // An invented company's cash flow statement as pdf-parse gives it: its name ends in a period, the
    // unit note is a line of its own, and some rows hold dashes for empty cells.
    const rows = Array.from(
      { length: 40 },
      (_, i) => `Proceeds from the sale of asset group ${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[i % 26]} — ${(i + 1) * 1234} —`,
    );
    const text = [
      'HARBORLIGHT OUTFITTERS, INC.',
      'CONSOLIDATED STATEMENTS OF CASH FLOWS',
      '(In thousands)',
      'Year Ended December 31,',
      '2020 2019 2018',
      ...rows,
    ].join('\n');
    const chunks = await chunkPdfPage({ num: 90, text });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks.slice(1)) {
      const [context] = c.text.split('\n');
      expect(context).toContain('CONSOLIDATED STATEMENTS OF CASH FLOWS');
      expect(context).toContain('(In thousands)');
      expect(context).toContain('2020 2019 2018');
    }
  });

  it("reads a table's column headings above its rows and section labels, and nothing above prose", () => {
    const page = ['Segment results', '(In millions)', 'Q2 2024 Q2 2023', 'Revenue:', 'Americas 1,200 1,100', 'Europe 800 750'];
    expect(tableHeaderAbove(page)).toBe('Segment results (In millions) Q2 2024 Q2 2023');
    expect(tableHeaderAbove(page, 'Segment results (In millions)')).toBe('Q2 2024 Q2 2023');
    expect(tableHeaderAbove(['The company grew revenue in all regions.', 'Sales rose 4% on higher volumes.'])).toBe('');
  });

  it('keeps a short page whole and skips an empty one', async () => {
    expect(await chunkPdfPage({ num: 1, text: 'Agenda\tDay 1\n\n\n\nKeynote' })).toEqual([
      { text: 'Agenda Day 1\n\nKeynote', page: 1, speaker: null, startTime: null },
    ]);
    expect(await chunkPdfPage({ num: 2, text: ' \n \t ' })).toEqual([]);
  });
});

describe('cleanPageText', () => {
  it('joins words hyphenated across lines and collapses spaces', () => {
    expect(cleanPageText('equip-\nment  finance\t\tgrew')).toBe('equipment finance grew');
  });
});

describe('chunkTranscript', () => {
  it('keeps the file line of every turn and the lines a chunk covers (untimed transcripts are cited by line)', async () => {
    const segments = Array.from({ length: 40 }, (_, i) => ({
      speaker: i % 2 ? 'PhD D' : 'Professor',
      start: null,
      text: `Turn ${i} on the voice-unvoice detector and its energy features, which took a day to train.`,
      line: i * 2 + 1,
      lineEnd: i * 2 + 2,
    }));
    const chunks = await chunkTranscript(segments);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) {
      const turns = c.text.split('\n');
      expect(c.turnLines).toHaveLength(turns.length);
      turns.forEach((t, j) => expect(c.turnLines![j]).toBe(Number(/Turn (\d+)/.exec(t)![1]) * 2 + 1));
      expect(c.lineStart).toBe(c.turnLines![0]);
      expect(c.lineEnd).toBe(c.turnLines![c.turnLines!.length - 1] + 1);
    }
  });

  it('keeps the time of every turn of a timed transcript, a turn without one taking the time before it', async () => {
    const segments = Array.from({ length: 40 }, (_, i) => ({
      speaker: 'Lee Park',
      start: i % 5 === 4 ? null : i * 7,
      text: `Turn ${i} on the warehouse robots and the picking errors they cut over the spring months.`,
    }));
    const chunks = await chunkTranscript(segments);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) {
      const turns = c.text.split('\n').map((t) => Number(/Turn (\d+)/.exec(t)![1]));
      expect(c.turnTimes).toEqual(turns.map((i) => (i % 5 === 4 ? (i - 1) * 7 : i * 7)));
      expect(c.turnTimes![0]).toBe(c.startTime);
    }
    const untimed = await chunkTranscript([{ speaker: null, start: null, text: 'No clock here.' }]);
    expect(untimed[0].turnTimes).toBeNull();
  });

  it('merges short turns, keeping the speaker and time of the first turn of each chunk', async () => {
    const segments = Array.from({ length: 30 }, (_, i) => ({
      speaker: i % 2 ? 'John Smith' : 'Maria Lopez',
      start: i * 10,
      text: `Turn ${i} about equipment finance and the credit outlook for next year, with some detail.`,
    }));
    const chunks = await chunkTranscript(segments);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.length).toBeLessThan(10);
    expect(chunks[0]).toMatchObject({ speaker: 'Maria Lopez', startTime: 0, page: null });
    expect(chunks[0].text.startsWith('Maria Lopez: Turn 0 about')).toBe(true);
    expect(chunks[0].text).toContain('\nJohn Smith: Turn 1 about');
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(CHUNK_SIZE);
      const first = Number(/Turn (\d+)/.exec(c.text)![1]);
      expect(c.startTime).toBe(first * 10);
      expect(c.speaker).toBe(first % 2 ? 'John Smith' : 'Maria Lopez');
    }
    expect(
      chunks
        .map((c) => c.text)
        .join('\n')
        .match(/Turn \d+ /g),
    ).toHaveLength(30);
  });

  it('splits a long turn into pieces that all keep its speaker and time', async () => {
    const long = 'Residual values softened in the second half as auction supply rose. '.repeat(40);
    const chunks = await chunkTranscript([
      { speaker: 'Ann', start: 5, text: 'Short intro.' },
      { speaker: 'Bo', start: 65, text: long },
      { speaker: null, start: null, text: 'Applause and closing remarks.' },
    ]);
    expect(chunks[0]).toMatchObject({ text: 'Ann: Short intro.', page: null, speaker: 'Ann', startTime: 5 });
    const bo = chunks.filter((c) => c.speaker === 'Bo');
    expect(bo.length).toBeGreaterThanOrEqual(3);
    expect(bo.every((c) => c.startTime === 65)).toBe(true);
    // A turn without a time takes the last time seen.
    expect(chunks[chunks.length - 1]).toMatchObject({ speaker: null, startTime: 65, text: 'Applause and closing remarks.' });
  });
});
