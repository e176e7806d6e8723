import type { Takeaway } from '../ai/generation/generation.types';
import type { Passage } from '../retrieval/retrieval.types';
import { CitationSet } from './citations/citation-set';
import { finalTakeaways, groundTakeaways } from './takeaway-filter';

const PANEL = 'Residual Risk in Used Trucks';
let nextId = 1;
function passage(over: Partial<Passage>): Passage {
  const id = String(nextId++);
  return {
    chunkId: id,
    documentId: 'doc-t',
    sessionId: 's',
    sessionTitle: PANEL,
    kind: 'transcript',
    chunkIndex: Number(id),
    text: '',
    page: null,
    startTime: null,
    endTime: null,
    speaker: null,
    score: 0.03,
    similarity: 0.5,
    textRank: 0.1,
    ...over,
  };
}

const TURNS = passage({
  startTime: 754,
  text: [
    'Moderator: Thank you all for coming. Dana Whitfield is the chief credit officer of a regional bank.',
    'Dana Whitfield: Our rule of thumb is to keep residual exposure under 30 percent of the original equipment cost.',
    'Lee Park: Used truck values fell 18 percent in 2024, so lenders shortened terms to 48 months.',
  ].join('\n'),
});
const UNTIMED = passage({
  documentId: 'doc-u',
  lineStart: 40,
  lineEnd: 41,
  turnLines: [40, 41],
  text: 'Ana Ruiz: Auction volumes doubled after the rate cut of 0.25 points.\nBen Cole: Dealers now hold 6.1 months of inventory, up from 4.',
});
const SLIDE = passage({
  documentId: 'doc-p',
  kind: 'pdf',
  page: 4,
  text: 'Residual forecasting: start from auction data, then haircut 10 to 15 percent.',
});

const set = () => new CitationSet([TURNS, UNTIMED, SLIDE]);
const model = (text: string): Takeaway => ({ text, sessionTitle: PANEL });

describe('the takeaways filter (both providers)', () => {
  it("keeps a model's cited statements, its markers out of the text, each naming the speaker of the cited words", () => {
    const s = set();
    const [timed, untimed, slide] = s.passages.map((p) => p.marker);
    const out = groundTakeaways(
      [
        model(`Dana Whitfield: Keep residual exposure under 30 percent of the original equipment cost ${timed}`),
        model(`Used truck values fell 18 percent in 2024, so lenders shortened terms ${timed}`),
        model(`Ana Ruiz: Dealers hold 6.1 months of inventory, up from 4 [line 41]`),
        model(`"Start residual forecasts from auction data, then apply a 10 to 15 percent haircut" ${slide}`),
        model(`Ana Ruiz: " We doubled auction volumes after the rate cut of 0.25 points ${untimed}`),
      ],
      s,
    );
    expect(untimed).toBe('[Residual Risk, line 40]');
    expect(out.map((t) => [t.text, t.citation])).toEqual([
      ['Dana Whitfield: Keep residual exposure under 30 percent of the original equipment cost.', timed],
      ['Lee Park: Used truck values fell 18 percent in 2024, so lenders shortened terms.', timed],
      // The name the model wrote is not the cited turn's speaker: the turn's speaker is named.
      ['Ben Cole: Dealers hold 6.1 months of inventory, up from 4.', '[Residual Risk, line 41]'],
      // A takeaway a model wrapped in quotes is shown without them; a quote mark of the passage's own text stays.
      ['Start residual forecasts from auction data, then apply a 10 to 15 percent haircut.', slide],
      ['Ana Ruiz: " We doubled auction volumes after the rate cut of 0.25 points.', untimed],
    ]);
    expect(out.map((t) => t.speaker)).toEqual(['Dana Whitfield', 'Lee Park', 'Ben Cole', undefined, 'Ana Ruiz']);
  });

  it('leaves out questions, greetings, biographies and lines citing nothing (or an invented source)', () => {
    const s = set();
    const timed = s.passages[0].marker;
    const out = groundTakeaways(
      [
        model(`What should lenders do when truck values fall? ${timed}`),
        model(`Thank you all for coming ${timed}`),
        model(`Dana Whitfield is the chief credit officer of a regional bank ${timed}`),
        model('Lenders should keep residual exposure under 30 percent'),
        model('Used truck values fell 18 percent in 2024 [Imaginary Panel, p. 99]'),
      ],
      s,
    );
    expect(out).toEqual([]);
  });

  it("cites a generator's takeaway attached to its passage as data, keeping brackets that are not citations", () => {
    const s = set();
    const out = groundTakeaways(
      [
        {
          text: 'Ana Ruiz: Auction volumes doubled [sic] after the rate cut of 0.25 points.',
          sessionTitle: PANEL,
          speaker: 'Ana Ruiz',
          cite: { cite: 2, turn: 0 },
        },
      ],
      s,
    );
    expect(out).toEqual([
      {
        text: 'Ana Ruiz: Auction volumes doubled [sic] after the rate cut of 0.25 points.',
        sessionTitle: PANEL,
        speaker: 'Ana Ruiz',
        citation: '[Residual Risk, line 40]',
      },
    ]);
  });

  it('gives the attendee each point once across sessions, cited statements only, at most ten', () => {
    const cited = (text: string, sessionTitle = PANEL): Takeaway => ({ text, sessionTitle, citation: '[p. 1]' });
    const out = finalTakeaways([
      cited('Lee Park: Used truck values fell 18 percent in 2024, so lenders shortened terms to 48 months.'),
      cited('Used truck values fell 18 percent in 2024 and lenders shortened their terms to 48 months.', 'Credit Boxes'),
      { text: 'Auction volumes doubled after the rate cut.', sessionTitle: PANEL },
      cited('Is the market turning?'),
      ...[
        'Excavator auctions cleared quickly in spring',
        'Dealers cut inventory ahead of winter',
        'Banks tightened guarantor floors',
        'Fuel costs squeezed small fleets',
        'Insurance premiums climbed for trucking firms',
        'Tariffs delayed shipments of compact loaders',
        'Leasing volumes recovered by autumn',
        'Credit unions entered vendor programs',
        'Hospitals financed imaging scanners',
        'Farmers postponed tractor purchases',
        'Solar installers preferred operating leases',
        'Rail operators renewed locomotive fleets',
      ].map((sentence) => cited(`${sentence} last year.`)),
    ]);
    expect(out[0].text).toBe('Lee Park: Used truck values fell 18 percent in 2024, so lenders shortened terms to 48 months.');
    expect(out.some((t) => t.sessionTitle === 'Credit Boxes')).toBe(false);
    expect(out.some((t) => /rate cut|turning/.test(t.text))).toBe(false);
    expect(out).toHaveLength(10);
  });
});
