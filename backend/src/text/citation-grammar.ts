/**
 * The one citation grammar: how an answer's text cites its sources. The server writes every marker
 * with the formatters below; the apps find them with `CITATION_MARKER_PATTERN`, which reaches them
 * through the contract (docs/openapi.json: `x-constants` of the `Source` schema; scripts/api-types.mjs
 * writes it into contract/api-types.ts, which both apps import, as `CITATION_MARKER`), so the two cannot drift.
 *
 * The marker forms: '[p. 3]', '[pp. 3-4]', '[12:34]', '[1:02:03]', '[line 112]', each of them after a
 * session's name ('[Lender Panel, p. 3]'), and '[Session: Title]' for a program entry.
 *
 * A model writes its citations in text (the openai provider): `MODEL_*` are the spellings read there
 * ('page 3', 'l. 112', 'lines 3-4', '[2]'), each rewritten to its canonical marker or dropped.
 */

/** The parts of a marker, as regular-expression source read alike by every engine (no flags needed). */
const PAGE = String.raw`pp?\.\s?\d+(?:\s?[-–]\s?\d+)?`;
const TIME = String.raw`\d{1,2}:\d{2}(?::\d{2})?`;
const LINE = String.raw`line \d+`;
/** A session's name before the locator: no brackets, no line break, ended by a comma. */
const NAME = String.raw`[^[\]\n]{1,120}?,\s*`;
const SESSION = String.raw`Session:\s?[^[\]\n]{1,200}`;

/** A citation marker anywhere in a text (use with the 'g' flag to find them all). */
export const CITATION_MARKER_PATTERN = String.raw`\[(?:(?:${NAME})?(?:${PAGE}|${TIME}|${LINE})|${SESSION})\]`;

/** Texts and the markers the grammar finds in them: both sides' tests read this table. */
export const CITATION_MARKER_EXAMPLES: { text: string; markers: string[] }[] = [
  { text: 'Floors are 680 [p. 3].', markers: ['[p. 3]'] },
  { text: 'Terms run 60 months [pp. 3-4] and [p.12].', markers: ['[pp. 3-4]', '[p.12]'] },
  { text: 'Demand held [12:34], then fell [1:02:03].', markers: ['[12:34]', '[1:02:03]'] },
  { text: 'Energy helped [line 112].', markers: ['[line 112]'] },
  {
    text: 'Rates rose [Lender Panel, p. 3] and [Research Meeting, line 7].',
    markers: ['[Lender Panel, p. 3]', '[Research Meeting, line 7]'],
  },
  { text: 'A view [Fireside Chat With Lenders, 1:02:03].', markers: ['[Fireside Chat With Lenders, 1:02:03]'] },
  { text: 'The keynote is at 8:30 AM [Session: Opening Keynote].', markers: ['[Session: Opening Keynote]'] },
  { text: 'Not citations: [sic], [1], [lines of code], [p. x], [12], [image], [Session]', markers: [] },
];

/** The canonical markers of a text, in order. */
export function citationMarkers(text: string): string[] {
  return [...text.matchAll(new RegExp(CITATION_MARKER_PATTERN, 'g'))].map((m) => m[0]);
}

/** `text` without its citation markers (and the spaces before them): quoted text never cites by itself. */
export function withoutMarkers(text: string): string {
  return text.replace(new RegExp(String.raw`[ \t]*${CITATION_MARKER_PATTERN}`, 'g'), '');
}

/** '[mm:ss]' under an hour, '[h:mm:ss]' from an hour on (without the brackets). */
export function formatTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${String(m).padStart(2, '0')}:${ss}`;
}

/** What a locator is read from: a passage's kind and place in its document. */
export interface Located {
  kind: 'transcript' | 'pdf';
  page?: number | null;
  startTime?: number | null;
  lineStart?: number | null;
}

/**
 * 'p. 3' for a PDF page, '12:34' for a timed transcript, 'line 112' for an untimed transcript (the
 * file line of the passage's first turn). Chunks stored before locations existed fall back to 'PDF' /
 * 'transcript' until they are re-processed (every document is, once, at the first start).
 */
export function locatorOf(p: Located): string {
  if (p.kind === 'pdf' && p.page != null) return pageLocator(p.page);
  if (p.startTime != null) return formatTime(p.startTime);
  if (p.page != null) return pageLocator(p.page);
  if (p.lineStart != null) return lineLocator(p.lineStart);
  return p.kind === 'pdf' ? 'PDF' : 'transcript';
}

export const pageLocator = (page: number) => `p. ${page}`;
export const lineLocator = (line: number) => `line ${line}`;

/** '[p. 3]', or with the session's name when an answer cites more than one document: '[Lender Panel, p. 3]'. */
export function citationMarker(name: string | null, locator: string): string {
  return `[${name ? `${name}, ` : ''}${locator}]`;
}

/** Longest title written inside a program citation marker (a longer one is cut at a word, with '…'). */
const MARKER_TITLE_LENGTH = 100;

/** The marker citing a program entry: '[Session: <Title>]'. */
export function sessionMarker(title: string): string {
  let t = title
    .replace(/[[\]]/g, (b) => (b === '[' ? '(' : ')'))
    .replace(/\s+/g, ' ')
    .trim();
  if (t.length > MARKER_TITLE_LENGTH) {
    const cut = t.lastIndexOf(' ', MARKER_TITLE_LENGTH);
    t = `${t.slice(0, cut > MARKER_TITLE_LENGTH / 2 ? cut : MARKER_TITLE_LENGTH).trim()}…`;
  }
  return `[${SESSION_LABEL} ${t}]`;
}
const SESSION_LABEL = 'Session:';

/** The title a session marker names (`[Session: Title]` → 'Title'); null for any other marker. */
export function sessionMarkerTitle(marker: string): string | null {
  return marker.startsWith(`[${SESSION_LABEL} `) && marker.endsWith(']') ? marker.slice(SESSION_LABEL.length + 2, -1) : null;
}

// How a model spells each form (bracket group's inner text, without the brackets).
const MODEL_NAME = String.raw`(?:([^[\]\n]{1,120}?),\s*)?`;
const MODEL_PAGE = String.raw`(?:p\.?|pp\.|page|pages)\s*(\d+)(?:\s*[-–]\s*\d+)?`;
const MODEL_LINE = String.raw`(?:line|l\.|lines)\s*(\d+)(?:\s*[-–]\s*\d+)?`;

/** '[line 112]', '[Session, lines 3-4]': name (1) and first line (2). */
export const MODEL_LINE_CITATION = new RegExp(String.raw`^${MODEL_NAME}${MODEL_LINE}$`, 'i');
/** '[transcript]', '[Session, PDF]': a marker that points nowhere (an unlocated chunk). */
export const MODEL_NOWHERE = new RegExp(String.raw`^${MODEL_NAME}(?:transcript|pdf)$`, 'i');
/** A locator alone: page (1) or time (2). */
export const MODEL_LOCATOR = new RegExp(String.raw`^(?:${MODEL_PAGE}|(${TIME}))$`, 'i');
/** A bracket group that claims to be a citation of a document: any canonical form, in a model's spellings. */
export const MODEL_CITATION = new RegExp(String.raw`^${MODEL_NAME}(?:${MODEL_PAGE}|${TIME}|${MODEL_LINE}|transcript|pdf)$`, 'i');
/** Numbered references to prompt passages: '[1]', '[2, 3]', '[Passage 2]', '[Source 1]'. */
export const MODEL_NUMBERED = /^(?:(?:passage|source)\s*)?\d{1,2}(?:\s*[,;]\s*(?:(?:passage|source)\s*)?\d{1,2})*$/i;
/** '[Session: Title]' ('Séance' in French): the title (1). */
export const MODEL_SESSION = /^\s*(?:session|séance)\s*:\s*(\S(?:.*\S)?)\s*$/i;
