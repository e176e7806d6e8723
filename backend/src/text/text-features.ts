import { porterStem } from './porter-stemmer';

/** Common English function words that carry no topic; they are dropped before hashing. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have ' +
    'having he her here hers herself him himself his how i if in into is it its itself just me more most ' +
    'my myself no nor not now of off on once only or other our ours ourselves out over own same she should ' +
    'so some such than that the their theirs them themselves then there these they this those through to ' +
    'too under until up very was we were what when where which while who whom why will with would you ' +
    'your yours yourself yourselves also us let lets ll re ve don isn aren wasn weren hasn haven hadn ' +
    'doesn didn won wouldn shan shouldn cannot couldn mustn mightn needn s t d m o y um uh yeah okay oh'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/**
 * Normalised, stemmed content words of `text`: lower-cased, accents folded, possessive "'s" and
 * contractions removed, stop words dropped, Porter-stemmed. Numbers are kept as they are.
 */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  const normalised = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  for (const match of normalised.matchAll(WORD)) {
    let word = match[0];
    const apostrophe = word.search(/['’]/);
    if (apostrophe >= 0) word = word.slice(0, apostrophe);
    if (!word || STOP_WORDS.has(word)) continue;
    terms.push(/^\p{N}+$/u.test(word) ? word : porterStem(word));
  }
  return terms;
}
