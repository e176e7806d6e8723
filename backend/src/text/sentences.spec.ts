import { cleanMarkup, isFigureTable, tableShape } from './sentences';

describe('cleanMarkup', () => {
  it('removes braced annotations and bracketed noise tags by their form, whatever their names', () => {
    expect(cleanMarkup('We tried it {disfmarker} twice {vocalsound} . Then {comment: door closes} it worked.')).toBe(
      'We tried it twice. Then it worked.',
    );
    expect(cleanMarkup('It failed [laughter] and <noise> again [INAUDIBLE] then [cross talk] stopped.')).toBe(
      'It failed and again then stopped.',
    );
  });
  it('keeps time stamps, figures and names in brackets', () => {
    expect(cleanMarkup('[12:34] Dana: see [Appendix B] and [2] here.')).toBe('[12:34] Dana: see [Appendix B] and [2] here.');
  });
});

describe('tableShape', () => {
  const statement = [
    'Statement of things',
    'Years ended December 31 2022 2021',
    'Revenues 1,200 1,100',
    'Cost of revenues (800) (700)',
    'Operating income 400 400',
    'Net income 300 290',
  ].join('\n');
  it('recognises a page of figures by its layout: year columns and table rows', () => {
    expect(tableShape(statement)).toEqual({ rows: 4, yearColumns: true });
    expect(isFigureTable(statement)).toBe(true);
  });
  it('is not a table for prose that mentions years', () => {
    expect(isFigureTable('In 2022 and 2021 the group grew.\nWe expect more in 2023.')).toBe(false);
  });
});
