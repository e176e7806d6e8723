import { silencesOf } from '../../media/ffmpeg';
import { planPieces } from './pieces';

describe(planPieces.name, () => {
  it('keeps a recording under the piece length whole', () => {
    expect(planPieces(300, [], 600)).toEqual([{ start: 0, end: 300 }]);
  });

  it('cuts in the middle of the latest silence of the second half of each piece', () => {
    const silences = [
      { start: 100, end: 102 },
      { start: 400, end: 410 },
      { start: 560, end: 564 },
      { start: 900, end: 904 },
    ];
    expect(planPieces(1200, silences, 600)).toEqual([
      { start: 0, end: 562 },
      { start: 562, end: 902 },
      { start: 902, end: 1200 },
    ]);
  });

  it('cuts at exactly the piece length where speech has no pause', () => {
    expect(planPieces(1500, [{ start: 50, end: 51 }], 600)).toEqual([
      { start: 0, end: 600 },
      { start: 600, end: 1200 },
      { start: 1200, end: 1500 },
    ]);
  });

  it('joins a remainder under a second to the last piece instead of sending it alone', () => {
    expect(planPieces(1200.5, [], 600)).toEqual([
      { start: 0, end: 600 },
      { start: 600, end: 1200.5 },
    ]);
  });

  it('leaves no gap and no overlap: each piece starts where the one before ends', () => {
    const silences = Array.from({ length: 50 }, (_, i) => ({ start: i * 37 + 20, end: i * 37 + 21.5 }));
    const pieces = planPieces(1850, silences, 120);
    expect(pieces[0].start).toBe(0);
    expect(pieces[pieces.length - 1].end).toBe(1850);
    for (let i = 1; i < pieces.length; i++) expect(pieces[i].start).toBe(pieces[i - 1].end);
    for (const p of pieces) expect(p.end - p.start).toBeLessThanOrEqual(121);
  });
});

describe(silencesOf.name, () => {
  it("reads silencedetect's report, a silence running to the end closed there", () => {
    const stderr = [
      '[silencedetect @ 0x55] silence_start: 3.001',
      '[silencedetect @ 0x55] silence_end: 4.002 | silence_duration: 1.001',
      'size=N/A time=00:00:10.00 bitrate=N/A speed= 900x',
      '[silencedetect @ 0x55] silence_start: 9.5',
    ].join('\n');
    expect(silencesOf(stderr, 10)).toEqual([
      { start: 3.001, end: 4.002 },
      { start: 9.5, end: 10 },
    ]);
  });
});
