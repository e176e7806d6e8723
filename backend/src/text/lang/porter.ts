/**
 * The Porter stemming algorithm (M. F. Porter, 1980) for lower-case English words: strips
 * inflectional and derivational suffixes so 'financing', 'financed' and 'finances' meet at 'financ'.
 * Words of one or two letters are returned as they are.
 */
export function porterStem(word: string): string {
  if (word.length <= 2) return word;
  let w = word;
  // A leading 'y' is a consonant: mark it so the vowel test below treats it as one.
  const leadingY = w[0] === 'y';
  if (leadingY) w = 'Y' + w.slice(1);

  w = step1a(w);
  w = step1b(w);
  w = step1c(w);
  w = step2(w);
  w = step3(w);
  w = step4(w);
  w = step5(w);

  return leadingY ? 'y' + w.slice(1) : w;
}

function isConsonant(w: string, i: number): boolean {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(w, i - 1);
  return true;
}

/** m: the number of vowel-consonant sequences in `stem` ([C](VC)^m[V]). */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    while (i < n && isConsonant(stem, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(w: string): boolean {
  const n = w.length;
  return n >= 2 && w[n - 1] === w[n - 2] && isConsonant(w, n - 1);
}

/** *o: stem ends consonant-vowel-consonant, the last not w, x or y. */
function endsCvc(w: string): boolean {
  const n = w.length;
  if (n < 3) return false;
  if (!isConsonant(w, n - 3) || isConsonant(w, n - 2) || !isConsonant(w, n - 1)) return false;
  const c = w[n - 1];
  return c !== 'w' && c !== 'x' && c !== 'y';
}

function step1a(w: string): string {
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('ies')) return w.slice(0, -2);
  if (w.endsWith('ss')) return w;
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

function step1b(w: string): string {
  if (w.endsWith('eed')) {
    const stem = w.slice(0, -3);
    return measure(stem) > 0 ? w.slice(0, -1) : w;
  }
  let stem: string | undefined;
  if (w.endsWith('ed')) stem = w.slice(0, -2);
  else if (w.endsWith('ing')) stem = w.slice(0, -3);
  if (stem === undefined || !hasVowel(stem)) return w;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return stem + 'e';
  if (endsDoubleConsonant(stem)) {
    const last = stem[stem.length - 1];
    return last === 'l' || last === 's' || last === 'z' ? stem : stem.slice(0, -1);
  }
  if (measure(stem) === 1 && endsCvc(stem)) return stem + 'e';
  return stem;
}

function step1c(w: string): string {
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) return w.slice(0, -1) + 'i';
  return w;
}

const STEP2: [string, string][] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];
const STEP3: [string, string][] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ion',
  'ou',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
];

function replaceSuffix(w: string, rules: [string, string][], minMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (w.endsWith(suffix)) {
      const stem = w.slice(0, -suffix.length);
      return measure(stem) > minMeasure ? stem + replacement : w;
    }
  }
  return w;
}

function step2(w: string): string {
  return replaceSuffix(w, STEP2, 0);
}

function step3(w: string): string {
  return replaceSuffix(w, STEP3, 0);
}

function step4(w: string): string {
  // Longest matching suffix first ('ement' before 'ment' before 'ent').
  let match: string | undefined;
  for (const suffix of STEP4) {
    if (w.endsWith(suffix) && (!match || suffix.length > match.length)) match = suffix;
  }
  if (!match) return w;
  const stem = w.slice(0, -match.length);
  if (measure(stem) <= 1) return w;
  if (match === 'ion') {
    const last = stem[stem.length - 1];
    return last === 's' || last === 't' ? stem : w;
  }
  return stem;
}

function step5(w: string): string {
  if (w.endsWith('e')) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  if (w.endsWith('ll') && measure(w) > 1) w = w.slice(0, -1);
  return w;
}
