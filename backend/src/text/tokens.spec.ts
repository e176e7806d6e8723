import { fold } from './lang/fold';
import { contentKey } from './term-key';
import { contentWords, ELISIONS, isStopWord, termsOf, tokens, writtenWords } from './tokens';

describe(tokens.name, () => {
  it('folds and cuts at anything that is not a letter or a digit: apostrophes, hyphens, punctuation', () => {
    expect(tokens("Stinner's Café-Lounge, 10:30 — Straße")).toEqual(['stinner', 's', 'cafe', 'lounge', '10', '30', 'strasse']);
    expect(tokens("L'atelier d'intelligence artificielle")).toEqual(['l', 'atelier', 'd', 'intelligence', 'artificielle']);
    expect(tokens('¿Dónde está la sesión?')).toEqual(['donde', 'esta', 'la', 'sesion']);
    expect(tokens('Wer spricht über Migrationen?')).toEqual(['wer', 'spricht', 'uber', 'migrationen']);
  });

  it('gives the same words as written, case and accents kept', () => {
    expect(writtenWords("Qui parle de l'Été ?")).toEqual(['Qui', 'parle', 'de', 'l', 'Été']);
    expect(writtenWords('Wer spricht über Migrationen?').map((w) => tokens(w)[0])).toEqual(tokens('Wer spricht über Migrationen?'));
  });
});

describe('stop words per language', () => {
  it("drops each language's function words and verbs of asking, and only that language's", () => {
    expect(contentWords('When is the talk about Django migrations?', 'en')).toEqual(['django', 'migrations']);
    expect(contentWords("Où a lieu l'atelier sur les migrations ?", 'fr')).toEqual(['atelier', 'migrations']);
    expect(contentWords('Wer spricht über Migrationen?', 'de')).toEqual(['migrationen']);
    expect(contentWords('¿Quién habla de las migraciones?', 'es')).toEqual(['migraciones']);
    expect(isStopWord('der', 'de')).toBe(true);
    expect(isStopWord('der', 'en')).toBe(false);
  });
});

describe(termsOf.name, () => {
  /**
   * The tokeniser as it was written with regular expressions only (before `asciiTerms`), other text
   * folded by the language layer's `fold`: the reference.
   */
  function referenceTerms(text: string): string[] {
    const ascii = !/[^\p{ASCII}]/u.test(text);
    const normalised = ascii ? text.toLowerCase() : fold(text);
    const pattern = ascii ? /[a-z0-9]+(?:'[a-z]+)?/g : /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
    const out: string[] = [];
    let m: RegExpExecArray | null;
    while ((m = pattern.exec(normalised)) !== null) {
      let word = m[0];
      let apostrophe = word.indexOf("'");
      if (apostrophe < 0 && !ascii) apostrophe = word.indexOf('’');
      if (apostrophe >= 0) word = word.slice(0, apostrophe);
      // An elided word ("l'", "d'"): the match starts again after the apostrophe.
      if (apostrophe >= 0 && ELISIONS.has(word)) {
        pattern.lastIndex = m.index + apostrophe + 1;
        continue;
      }
      const key = word ? contentKey(word) : null;
      if (key !== null) out.push(key);
    }
    return out;
  }

  it("reads the tokens' runs, the letters after an apostrophe inside a word cut with it", () => {
    expect(termsOf("The lessee's financing, they're leasing")).toEqual(['lesse', 'financ', 'leas']);
    expect(termsOf('Café résumé naïve')).toEqual(['cafe', 'resum', 'naiv']);
    const text = 'Django Migrations: 10 talks, one room';
    expect(termsOf(text)).toEqual(tokens(text).flatMap((w) => contentKey(w) ?? []));
  });

  it("reads the word after an elided French or Italian word, not the elision (l'entreprise, d'accord, qu'il, dell'anno)", () => {
    expect(termsOf("L'entreprise d'accord qu'il jusqu'à l’intelligence")).toEqual(termsOf('entreprise accord il à intelligence'));
    expect(termsOf("l'entreprise")).toEqual(['entrepris']);
    expect(termsOf("Il bilancio dell'anno e l'obiettivo")).toEqual(termsOf('Il bilancio anno e obiettivo'));
    // English keeps cutting its clitics.
    expect(termsOf("The lessee's rate, Stinner's")).toEqual(['lesse', 'rate', 'stinner']);
  });

  it('reads the words of ASCII text as the regular expressions did: apostrophes, digits, punctuation, case', () => {
    const cases = [
      "don't",
      "o'neil's",
      "x'ab9",
      "abc'def'ghi",
      "it's 10'",
      "'quoted' words''",
      "rock'n'roll",
      "ABC'S",
      "FY2022's",
      '1.6 3,215 10-K h1-2023',
      'e-mail co-op',
      'end.',
      '',
      '   ',
      "'",
      "a'",
      "'a",
      'A\tB\nC',
      "The Lessee's EQUIPMENT",
    ];
    for (const text of cases) expect(termsOf(text)).toEqual(referenceTerms(text));
  });

  it('reads any mix of letters, digits, apostrophes, punctuation and accents as the regular expressions did', () => {
    // A fixed pseudo-random sequence (the same on every run).
    let seed = 42;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const alphabet = ['a', 'e', 's', 't', 'r', 'n', 'Z', 'Q', '0', '7', "'", "'", '’', ' ', ' ', '.', ',', '-', '\n', 'é', 'ß'];
    for (let n = 0; n < 3000; n++) {
      const ascii = n % 2 === 0;
      const letters = ascii ? alphabet.filter((c) => c.charCodeAt(0) < 128) : alphabet;
      const text = Array.from({ length: 1 + Math.floor(next() * 40) }, () => letters[Math.floor(next() * letters.length)]).join('');
      expect(termsOf(text)).toEqual(referenceTerms(text));
    }
  });
});
