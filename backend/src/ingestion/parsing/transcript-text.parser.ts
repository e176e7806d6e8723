import type { TranscriptSegment } from './parsed-document';
import { clockToSeconds } from './timestamps';

const TIME = String.raw`\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?`;
/** A speaker label: 1-5 capitalised words, accents included ('Dr. Maria Lopez', 'Tomás Echeverría', 'JOHN SMITH', 'Speaker 2', 'SPEAKER_01', 'Q'). */
const LABEL = String.raw`(?:\p{Lu}[\p{L}\p{N}_'’.\-]*|\d+)(?:[ \t]+(?:\p{Lu}[\p{L}\p{N}_'’.\-]*|\d+|of|de|del|da|van|von|la|le|&)){0,4}`;

/** '[00:12:34]', '(12:34)', '00:12:34', '12:34' at the start of a line, then a separator. */
const LEADING_TIME = new RegExp(String.raw`^[\[(]?(${TIME})[\])]?(?:\s*(?:-->|–>)\s*[\[(]?${TIME}[\])]?)?(?:\s*[-–—|:]\s*|\s+|$)`, 'u');
/** 'Name:' (or 'Name [00:12:34]:') at the start of a line, then the words spoken. */
const LEADING_LABEL = new RegExp(String.raw`^(${LABEL})\s*(?:[\[(](${TIME})[\])]\s*)?:\s*`, 'u');
/** A heading line 'Name   00:12' (Otter style): the words follow on the next lines. */
const LABEL_THEN_TIME = new RegExp(String.raw`^(${LABEL})[ \t]+[\[(]?(${TIME})[\])]?$`, 'u');

interface LineInfo {
  start: number | null;
  label: string | null;
  text: string;
}

function analyse(line: string): LineInfo {
  let rest = line;
  let start: number | null = null;
  let label: string | null = null;
  const heading = LABEL_THEN_TIME.exec(rest);
  if (heading) return { start: clockToSeconds(heading[2]), label: heading[1], text: '' };
  const time = LEADING_TIME.exec(rest);
  if (time) {
    start = clockToSeconds(time[1]);
    if (start !== null) rest = rest.slice(time[0].length);
  }
  const labelled = LEADING_LABEL.exec(rest);
  if (labelled && !/^\d+$/.test(labelled[1]) && (labelled[0].length < rest.length || /:\s*$/.test(rest))) {
    label = labelled[1];
    if (labelled[2] && start === null) start = clockToSeconds(labelled[2]);
    rest = rest.slice(labelled[0].length);
  }
  return { start, label, text: rest.trim() };
}

/** Lines of subtitle files that carry no words: 'WEBVTT', cue numbers. */
function isNoise(line: string): boolean {
  return /^WEBVTT\b/.test(line) || /^\d+$/.test(line) || /^NOTE\b/.test(line);
}

/** What a line holds; null for a blank or noise line. */
function lineInfo(raw: string): LineInfo | null {
  const line = raw.trim();
  return line === '' || isNoise(line) ? null : analyse(line);
}

/** The labels that are speakers: those that recur, or all of them when there are several distinct ones. */
function speakerLabels(infos: (LineInfo | null)[]): Set<string> {
  const labelCounts = new Map<string, number>();
  for (const info of infos) if (info?.label) labelCounts.set(info.label, (labelCounts.get(info.label) ?? 0) + 1);
  return new Set([...labelCounts].filter(([, n]) => n >= 2 || labelCounts.size >= 2).map(([label]) => label));
}

/**
 * Parses a plain-text transcript into turns: prose paragraphs, 'Speaker: text' lines, timestamps
 * ('[00:12:34]', '00:12:34', 'mm:ss', subtitle cues) and 'Speaker  00:12' headings. A label counts
 * as a speaker only when it recurs (or when there are several distinct labels), so a stray
 * 'Note: …' in prose stays text.
 */
export function parseTextTranscript(content: string): TranscriptSegment[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const infos = lines.map(lineInfo);

  const speakers = speakerLabels(infos);
  const structured = speakers.size > 0 || infos.some((i) => i?.start !== null && i?.start !== undefined);

  const segments: TranscriptSegment[] = [];
  let current: TranscriptSegment | null = null;
  let pendingSpeaker: string | null = null;
  let pendingStart: number | null = null;
  let blankSinceCurrent = false;

  const open = (speaker: string | null, start: number | null, text: string, line: number) => {
    current = { speaker, start, text, line, lineEnd: line };
    segments.push(current);
    blankSinceCurrent = false;
  };

  lines.forEach((raw, i) => {
    const info = infos[i];
    if (!info) {
      if (raw.trim() === '') blankSinceCurrent = true;
      return;
    }
    let { label, text } = info;
    const { start } = info;
    if (label && !speakers.has(label)) {
      // Not a speaker after all: keep the label as part of the words.
      text = raw.trim().slice(raw.trim().indexOf(label));
      label = null;
    }
    const marks = label !== null || start !== null;
    if (marks && !text) {
      // A heading: the speaker and/or time of the lines that follow.
      if (label !== null) pendingSpeaker = label;
      if (start !== null) pendingStart = start;
      current = null;
      return;
    }
    if (marks) {
      open(label ?? pendingSpeaker, start ?? pendingStart, text, i + 1);
      pendingSpeaker = label ?? pendingSpeaker;
      pendingStart = null;
      return;
    }
    const cur = current as TranscriptSegment | null;
    if (cur && !(blankSinceCurrent && !structured)) {
      cur.text += (blankSinceCurrent ? '\n' : ' ') + text;
      cur.lineEnd = i + 1;
      blankSinceCurrent = false;
    } else {
      open(pendingSpeaker, pendingStart, text, i + 1);
      pendingStart = null;
    }
  });
  return segments.filter((s) => s.text.trim() !== '');
}
