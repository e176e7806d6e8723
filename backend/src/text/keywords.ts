import { porterStem } from '../embeddings/porter-stemmer';
import { STOP_WORDS } from '../embeddings/text-features';

/** Question words and fillers that say nothing about the topic of a question. */
const QUESTION_WORDS = new Set(
  'what whats which who whom whose when where why how does did do is are was were can could should would will tell me explain describe say said says talk talked about discuss discussed mention mentioned anything something please give list share know think thought speaker speakers session sessions conference summarize summarise summary discussion discussed discussing talked conversation regarding during'.split(
    ' ',
  ),
);

export const WORD = /[\p{L}\p{N}]+(?:[-'’.][\p{L}\p{N}]+)*/gu;

/** Words of `text` in order, lower-cased, accents folded. */
export function words(text: string): string[] {
  const normalised = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return [...normalised.matchAll(WORD)].map((m) => m[0].replace(/['’]s$/, ''));
}

/**
 * A fiscal year as the documents write it: 'FY2022', 'FY22', 'FY 2022' → '2022' (the filings say
 * 'fiscal 2022' or head a column '2022').
 */
function fiscalYear(word: string): string | null {
  const m = /^fy['’]?(\d{2}|\d{4})$/.exec(word);
  if (!m) return null;
  return m[1].length === 4 ? m[1] : `20${m[1]}`;
}

/** The words of a question that carry its topic (no stop words, no question words), in order, unique. */
export function keywords(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of words(text.replace(/\bFY\s+(\d{2,4})\b/gi, 'FY$1').replace(/\bcash\s*flows?\b/gi, 'cash flow'))) {
    const w = fiscalYear(raw) ?? raw;
    // A figure stays whole ('1.6', '3,215'): its digits alone say nothing.
    const parts = /^\d+(?:[.,]\d+)+$/.test(w) ? [w.replace(/,/g, '')] : w.split(/[-.’']/);
    for (const part of parts) {
      if (!part || STOP_WORDS.has(part) || QUESTION_WORDS.has(part) || seen.has(part)) continue;
      if (part.length < 2 && !/\d/.test(part)) continue;
      seen.add(part);
      out.push(part);
    }
  }
  return out;
}

/** Stems of the keywords (the form the local embedder and the highlighter compare on). */
export function keywordStems(text: string): string[] {
  return [...new Set(keywords(text).map((w) => (/^\d+$/.test(w) ? w : porterStem(w))))];
}

const STEM_CACHE_LIMIT = 50_000;
const stemCache = new Map<string, string>();
/** Porter stem of a lower-case word, memoised (the answerer stems the same words over and over). */
export function stemOf(word: string): string {
  let stem = stemCache.get(word);
  if (stem === undefined) {
    stem = /^\p{N}+$/u.test(word) ? word : porterStem(word);
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(word, stem);
  }
  return stem;
}

const TERM_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
/** The same words in lower-case ASCII text (no other letters or digits can occur there). */
const ASCII_TERM_WORD = /[a-z0-9]+(?:'[a-z]+)?/g;
const NON_ASCII = /[^\p{ASCII}]/u;
/**
 * The stemmed content words of `text`, the same as the local embedder's `contentTerms` (accents
 * folded, possessives and contractions cut, stop words dropped), with memoised stemming. Called for
 * every sentence of every passage a question reads: ASCII text skips the Unicode folding.
 */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  const ascii = !NON_ASCII.test(text);
  const normalised = ascii
    ? text.toLowerCase()
    : text
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
  const pattern = ascii ? ASCII_TERM_WORD : TERM_WORD;
  pattern.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = pattern.exec(normalised)) !== null) {
    let word = m[0];
    let apostrophe = word.indexOf("'");
    if (apostrophe < 0 && !ascii) apostrophe = word.indexOf('’');
    if (apostrophe >= 0) word = word.slice(0, apostrophe);
    if (!word || STOP_WORDS.has(word)) continue;
    out.push(stemOf(word));
  }
  return out;
}

/** Verbs and fillers of questions that carry no topic at all: left out of the coverage test. */
export const GENERIC_STEMS = new Set(
  [
    'use',
    'used',
    'using',
    'give',
    'take',
    'keep',
    'come',
    'look',
    'looking',
    'work',
    'works',
    'mean',
    'like',
    'best',
    'main',
    'kind',
    'kinds',
    'type',
    'types',
    'different',
    'important',
    'big',
    'typical',
    'typically',
    'usually',
    'recommend',
    'recommended',
    'advice',
    'key',
    'point',
    'points',
    'current',
    'currently',
    'today',
    'now',
    'right',
    'much',
    'many',
    'happen',
    'happening',
    'change',
    'changing',
    'role',
    'approach',
    'handle',
    'deal with',
  ].flatMap((w) => termsOf(w)),
);

/** Overlap of two sets of stems, 0..1. */
export const jaccard = (a: Set<string>, b: Set<string>) => {
  if (a.size === 0 || b.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
};
