import { sameStem, stem, stemsOf } from './stem';
import type { Language } from './types';

describe('stem: English keeps the Porter stemmer', () => {
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
  ])('%s → %s', (word, expected) => {
    expect(stem(word, 'en')).toBe(expected);
  });

  it('is the default language, and keeps figures and years as written', () => {
    expect(stem('financing')).toBe('financ');
    expect(stem('2022', 'de')).toBe('2022');
    expect(stem('10ks', 'en')).toBe('10ks');
  });
});

describe('stem: French, German and Spanish (Snowball)', () => {
  it.each([
    ['fr', 'ateliers', 'ateli'],
    ['fr', 'atelier', 'ateli'],
    ['fr', 'journaux', 'journal'],
    ['fr', 'conferences', 'conferent'],
    ['fr', 'donnees', 'donne'],
    ['fr', 'donnee', 'donne'],
    ['de', 'migrationen', 'migration'],
    ['de', 'vortrage', 'vortrag'],
    ['de', 'konferenzen', 'konferenz'],
    ['de', 'bucher', 'buch'],
    ['es', 'sesiones', 'sesion'],
    ['es', 'redes', 'red'],
    ['es', 'charlas', 'charl'],
  ] as const)('%s: %s → %s', (lang, word, expected) => {
    expect(stem(word, lang)).toBe(expected);
  });
});

describe('stemsOf: the language-neutral key', () => {
  it('gives the stems under every language, each once, English first', () => {
    expect(stemsOf('migrations')).toEqual(['migrat', 'migration', 'migrations']);
    expect(stemsOf('rust')).toEqual(['rust']);
  });

  it('gives the same stems when a word comes back (kept per word), and each word its own', () => {
    const first = stemsOf('satelliten');
    expect(stemsOf('satelliten')).toEqual(first);
    expect(first).toEqual([...new Set(['en', 'fr', 'de', 'es', 'it', 'pt', 'nl'].map((c) => stem('satelliten', c as Language)))]);
    expect(stemsOf('satellite')).not.toEqual(first);
  });

  it('lets a word meet its cognate in another language, and keeps unrelated words apart', () => {
    expect(sameStem('migrationen', 'migrations')).toBe(true);
    expect(sameStem('satelliten', 'satellite')).toBe(true);
    expect(sameStem('sesiones', 'session')).toBe(false);
    expect(sameStem('quantique', 'quantum')).toBe(false);
    expect(sameStem('redes', 'red')).toBe(true);
  });
});
