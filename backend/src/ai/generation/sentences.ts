/** Abbreviations after which a period does not end a sentence. */
const ABBREVIATIONS = new Set(
  'mr mrs ms dr prof st vs etc inc ltd co corp jr sr e.g i.e p pp no approx est dept fig jan feb mar apr jun jul aug sep sept oct nov dec u.s a.m p.m'.split(' '),
);

/** Spoken fillers removed from transcript sentences. */
const FILLERS = /\b(?:um+|uh+|erm|you know|i mean|kind of|sort of|like I said)\b,?\s*/gi;
/** Openers that make a sentence read as part of a conversation rather than a statement. */
const OPENERS = /^(?:(?:so|well|and|but|yeah|yes|right|look|okay|ok|now|honestly|basically|actually|oh)\b[,\s]+)+/i;
/** A leading time stamp ('[12:34]', '00:12:34 -') or speaker label ('Dana Whitfield:'). */
const TIME_PREFIX = /^\s*\[?\(?\d{1,2}:\d{2}(?::\d{2})?\)?\]?\s*[-–—:]?\s*/;
const SPEAKER_PREFIX = /^\s*([A-Z][\p{L}.'’-]+(?:\s+[A-Z][\p{L}.'’-]+){0,3})\s*(?:\([^)]{0,60}\))?\s*:\s+/u;

export interface Sentence {
  text: string;
  /** Speaker named in a label before the sentence, if any. */
  speaker: string | null;
}

/**
 * Splits passage text into sentences, keeping the speaker labels of transcript lines
 * ('Priya Raman: …') with the sentences that follow them.
 */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  for (const rawLine of text.split(/\n+/)) {
    let line = rawLine.replace(TIME_PREFIX, '');
    let speaker: string | null = null;
    const label = SPEAKER_PREFIX.exec(line);
    if (label) {
      speaker = label[1];
      line = line.slice(label[0].length);
    }
    line = line.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    let start = 0;
    const boundary = /[.!?]+["”’)]?\s+(?=["“(]?[A-Z0-9$])/g;
    let m: RegExpExecArray | null;
    while ((m = boundary.exec(line))) {
      const end = m.index + m[0].trimEnd().length;
      const before = line.slice(start, m.index + 1);
      const lastWord = /([\p{L}.]+)\.$/u.exec(before)?.[1]?.toLowerCase().replace(/\.$/, '');
      if (m[0].startsWith('.') && lastWord && (ABBREVIATIONS.has(lastWord) || /^[a-z]$/i.test(lastWord))) continue;
      const sentence = line.slice(start, end).trim();
      if (sentence) out.push({ text: sentence, speaker });
      start = m.index + m[0].length;
    }
    const rest = line.slice(start).trim();
    if (rest) out.push({ text: rest, speaker });
  }
  return out;
}

/** A sentence tidied for quoting: fillers and conversational openers removed, first letter capitalised. */
export function tidySentence(text: string): string {
  let t = text.replace(FILLERS, '').replace(/\s+,/g, ',').replace(/\s{2,}/g, ' ').trim();
  t = t.replace(OPENERS, '').trim();
  t = t.replace(/^[,;:\-–—\s]+/, '');
  if (!t) return t;
  return t[0].toUpperCase() + t.slice(1);
}

/** The first name part of a speaker field ('Rebecca Lindqvist, Chief Credit Officer' → 'Rebecca Lindqvist'). */
export function speakerName(speaker: string | null | undefined): string | null {
  if (!speaker) return null;
  const name = speaker.split(',')[0].trim();
  return name && name.length <= 60 ? name : null;
}
