import { cleanDeep, cleanText, hasUnstorableText } from './text-sanitize';

describe('cleanText', () => {
  it('removes NUL and other control characters but keeps tab, newline and carriage return', () => {
    expect(cleanText('a\u0000b\u0001c\u007Fd')).toBe('abcd');
    expect(cleanText('line 1\r\n\tline 2')).toBe('line 1\r\n\tline 2');
  });

  it('turns vertical tab and form feed into spaces', () => {
    expect(cleanText('page\u000Cnext\u000Bline')).toBe('page next line');
  });

  it('repairs lone surrogates and keeps valid pairs', () => {
    expect(cleanText('x\uD800y')).toBe('x\uFFFDy');
    expect(cleanText('x\uDC00y')).toBe('x\uFFFDy');
    expect(cleanText('emoji 😀 ok')).toBe('emoji 😀 ok');
    expect(cleanText('end\uD83D')).toBe('end\uFFFD');
  });

  it('keeps accented letters and other scripts', () => {
    expect(cleanText('Zoë, São Paulo, 東京')).toBe('Zoë, São Paulo, 東京');
  });

  it('gives text that survives Buffer round trips unchanged', () => {
    const dirty = 'a\u0000\uD800b';
    const clean = cleanText(dirty);
    expect(Buffer.from(clean, 'utf8').toString('utf8')).toBe(clean);
    expect(hasUnstorableText(dirty)).toBe(true);
    expect(hasUnstorableText(clean)).toBe(false);
  });
});

describe('cleanDeep', () => {
  it('cleans every string of nested arrays and objects, keys included', () => {
    expect(cleanDeep({ 'ti\u0000tle': 'A\u0000', list: ['b\u0000', 3, null, { c: 'd\u0000' }] })).toEqual({
      title: 'A',
      list: ['b', 3, null, { c: 'd' }],
    });
  });

  it('cleans objects without a prototype (parsed query strings) and leaves class instances alone', () => {
    const query = Object.assign(Object.create(null) as Record<string, string>, { q: 'fico\u0000' });
    expect(cleanDeep(query)).toEqual({ q: 'fico' });
    const date = new Date(0);
    expect(cleanDeep(date)).toBe(date);
  });
});
