import { porterStem } from './porter-stemmer';

describe('porterStem', () => {
  it.each([
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['cats', 'cat'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['motoring', 'motor'],
    ['hopping', 'hop'],
    ['filing', 'file'],
    ['happy', 'happi'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['rationalization', 'ration'],
    ['hopefulness', 'hope'],
    ['adjustment', 'adjust'],
    ['controlling', 'control'],
    ['generalizations', 'gener'],
    ['financing', 'financ'],
    ['financed', 'financ'],
    ['finances', 'financ'],
    ['lenders', 'lender'],
    ['yield', 'yield'],
    ['at', 'at'],
  ])('%s → %s', (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });
});
