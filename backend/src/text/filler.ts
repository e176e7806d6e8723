/**
 * Sentences that are not findings: what a speaker says to run the room rather than about the topic.
 * One rule for answers and takeaways (and the eval's filler share): an answer bullet or a takeaway
 * states a finding, a recommendation, a figure with its meaning, or what a named speaker argued.
 */

/** Greetings, thanks and sign-offs. */
const COURTESY =
  /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|welcome|thanks?(?! to)|thank you|cheers|congratulations|bye|goodbye)\b|\b(?:(?:thanks(?! to)|thank you)(?: (?:all|everyone|so much|very much))?(?: for (?:having|coming|joining|listening|the (?:question|introduction)))?|great question|glad to be here|happy to be here|pleasure to be here|round of applause)\b/i;

/** Introducing oneself or the next speaker. */
const INTRODUCTION =
  /\b(?:my name is|let me introduce|allow me to introduce|i'?m (?:the )?\p{Lu}\p{L}+ (?:from|with|at)|i am (?:the )?\p{Lu}\p{L}+ (?:from|with|at)|i work (?:at|for)|our next speaker|please welcome)\b/iu;

/** Running the room: the session itself rather than its substance. */
const HOUSEKEEPING =
  /\b(?:can (?:you|everyone) hear me|next slide|raise your hands?|show of hands|let'?s get started|we(?:'re| are) (?:almost )?out of time|(?:any|more) questions\b.*\?|questions from the audience|housekeeping|take a (?:short )?break|grab (?:a )?coffee)\b/i;

/**
 * Only names and affiliations ('Tony Russo, Keystone Equipment Finance.'): who is talking, not what.
 * The affiliation's words are separated by spaces, one way only: a capitalised run such as a table
 * row's label ('TOTAL CASH, CASH EQUIVALENTS AND SHORT-TERM INVESTMENTS: …') is read in linear time.
 */
const NAME_AND_AFFILIATION =
  /^(?:\p{Lu}[\p{L}.'’&-]*|of|and|&|the|for)(?:,?\s+(?:\p{Lu}[\p{L}.'’&-]*|of|and|&|the|for))*,\s*\p{Lu}[\p{L}.'’&-]*(?:\s+\p{Lu}[\p{L}.'’&-]*)*\s*\.?$/u;

/** One case's detail ('In this file, the guarantor has a 742 credit score'): an example, not a finding. */
const ONE_CASE =
  /\b(?:in )?(?:this|that) (?:file|deal|case|example|application|applicant|borrower|customer|client|patient|loan|account|transaction)\b/i;
/** A field of one record: a short label, a colon, one value with a figure ('Payments: $4,458 per month'). */
const RECORD_FIELD = /^[\p{L}][\p{L} '’&/-]{1,40}:\s+\S/u;
const YEAR_CELL = /\((?:19|20)\d{2}\)/;

/**
 * True for a sentence that is filler: a greeting, thanks, an introduction of oneself or a speaker,
 * housekeeping, a heading (a few words without sentence punctuation), a name with an affiliation, or
 * one case's figure (a detail of one file or one record's field) rather than a finding.
 * A table row with its years ('Net income: 4,000 (2022), 3,900 (2021).') is a figure with its meaning.
 */
export function isFiller(sentence: string): boolean {
  const text = sentence.replace(/\s+/g, ' ').trim();
  if (!text) return true;
  // Words: the spaces between them plus one (the text is trimmed, its spacing single spaces).
  let n = 1;
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) n++;
  if (n <= 16 && COURTESY.test(text)) return true;
  if (INTRODUCTION.test(text) || HOUSEKEEPING.test(text)) return true;
  if (NAME_AND_AFFILIATION.test(text)) return true;
  if (n <= 8 && !/[.!?;"”)]$/.test(text) && !/\d/.test(text)) return true;
  const figure = /\d/.test(text);
  if (figure && ONE_CASE.test(text)) return true;
  // One value (a table row has a figure per column: 'Cash: 1,671, 2,148.').
  const values = text.slice(text.indexOf(':') + 1).match(/\d[\d,.]*/g) ?? [];
  if (figure && RECORD_FIELD.test(text) && !YEAR_CELL.test(text) && values.length === 1 && n <= 12) return true;
  return false;
}

/**
 * A speaker's career rather than what they said: a named person or a pronoun who is, was or serves as a
 * role ('Dana Whitfield is the chief credit officer of …', 'He was CEO at …'), a length of experience
 * ('She has 20 years of experience in …') or a past of employers and degrees ('Prior to joining …',
 * 'holds an MBA from …'). English patterns, matched on form: the subject opens the sentence.
 */
const BIO_SUBJECT = /^(?:(?:\p{Lu}[\p{L}'’-]+\s+){1,3}|(?:[Ss]he|[Hh]e|[Tt]hey|[Oo]ur (?:speaker|guest|moderator|panelist|host))\s+)/u;
const BIO_ROLE =
  /^(?:is|was|serves as|served as|has been|joined [\p{Lu}\p{N}])\b.{0,60}?\b(?:ceo|cfo|coo|cto|cio|founder|co-founder|president|director|officer|chair(?:man|woman|person)?|head of|manager|professor|vp)\b/iu;
const BIO_CAREER =
  /\b(?:(?:has|have|brings|with) (?:over |more than |nearly |almost |about )?\d+\+? years (?:of experience|in|at)|prior to joining|before joining|holds (?:a|an) (?:mba|ph\.?d|degree|bachelor|master)|graduated from|serves on the board)\b/i;

/** A span of a career: 'twenty-two years', '9 years', in figures or in words. */
const YEARS_SPAN =
  /\b(?:\d+\+?|(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty)(?:-[a-z]+)?) years\b/i;
/** Verbs of a career told in the third person ('has been at …', 'has led …', 'spent …'). */
const CAREER_VERB = /\b(?:(?:has|had) (?:been|led|run|spent|worked|served)|spent|starting as|started as)\b/i;

/** Where a career was spent: at an organisation by its name, or starting as a role. */
const EMPLOYER = /\bat \p{Lu}|\bstart(?:ing|ed) as\b/u;

/** True for a sentence about a speaker's role or career rather than the topic (see the patterns above). */
export function isBiography(sentence: string): boolean {
  const text = sentence.replace(/\s+/g, ' ').trim();
  if (BIO_CAREER.test(text)) return true;
  const subject = BIO_SUBJECT.exec(text);
  if (subject === null) return false;
  return BIO_ROLE.test(text.slice(subject[0].length)) || (YEARS_SPAN.test(text) && CAREER_VERB.test(text) && EMPLOYER.test(text));
}
