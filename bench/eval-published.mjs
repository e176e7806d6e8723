/**
 * The program eval's published programs (bench/programs/*.json): each program file of the dev set is imported RAW
 * through the super admin import, as its organiser would after setting the conference's name, dates and zone in
 * the admin Conference tab; the share of talks imported with their title, day, start time, room and speakers is
 * measured against an independent reading of the same file (here, not the product's parser), then the team's
 * questions are asked, follow-ups in the previous question's thread. Called by bench/eval-program.mjs.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// The backend's XML parser (the root's node_modules holds an older major of it, a dependency's).
const { XMLParser } = createRequire(path.join(here, '..', 'backend', 'package.json'))('fast-xml-parser');

/** 'not in the program' in each language the assistant answers in (the answer comes in the question's language). */
export const NOT_IN_PROGRAM_BY_LANGUAGE = {
  en: ['not in the program'],
  fr: ["n'est pas au programme", 'ne figure pas au programme'],
  de: ['nicht im programm'],
  es: ['no está en el programa', 'no figura en el programa'],
  it: ['non è nel programma', 'non è in programma'],
  pt: ['não está no programa', 'não consta do programa'],
  nl: ['niet in het programma', 'staat niet op het programma'],
};
export const NOT_IN_PROGRAM_PHRASES = Object.values(NOT_IN_PROGRAM_BY_LANGUAGE).flat();
/** English day and month names as the answer writes them: in an answer to a question in another language, it was not translated. */
const ENGLISH_DATE_WORDS =
  /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|June|July|August|September|October|November|December)\b/;

const normal = (s) =>
  String(s ?? '')
    .normalize('NFC')
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
const clock = (h, m) => `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
const daysFrom = (a, b) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The program specs of bench/programs/. */
export function publishedPrograms(dir = path.join(here, 'programs')) {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** Sessionize "All data": what each talk should read after the import. Service sessions are kept. */
function expectedSessionize(text, conference) {
  const data = JSON.parse(text);
  const rooms = new Map((data.rooms ?? []).map((r) => [r.id, r.name]));
  const speakers = new Map((data.speakers ?? []).map((s) => [s.id, s.fullName || `${s.firstName} ${s.lastName}`.trim()]));
  return (data.sessions ?? []).map((s) => {
    const [date, time] = String(s.startsAt ?? '').split('T');
    const [h, m] = (time ?? '').split(':').map(Number);
    return {
      id: String(s.id),
      title: s.title,
      day: date ? daysFrom(conference.startDate, date) + 1 : null,
      startTime: date ? clock(h, m) : null,
      room: rooms.get(s.roomId) ?? null,
      speakers: (s.speakers ?? []).map((id) => speakers.get(id)).filter(Boolean),
    };
  });
}

const asList = (v) => (Array.isArray(v) ? v : v == null ? [] : [v]);
const textOf = (v) => (typeof v === 'object' && v !== null ? String(v['#text'] ?? '') : String(v ?? ''));

/** frab schedule.xml: a talk starting before `day_change` belongs to its day but happens after midnight. */
function expectedFrab(text) {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    processEntities: true,
    htmlEntities: true,
  });
  const schedule = parser.parse(text).schedule;
  const out = [];
  for (const day of asList(schedule.day)) {
    for (const room of asList(day.room)) {
      for (const ev of asList(room.event)) {
        const [h, m] = textOf(ev.start).split(':').map(Number);
        out.push({
          id: String(ev['@id']),
          title: textOf(ev.title).trim(),
          day: Number(day['@index']),
          startTime: clock(h, m),
          room: textOf(ev.room).trim() || room['@name'],
          speakers: asList(ev.persons?.person)
            .map((p) => textOf(p).trim())
            .filter(Boolean),
        });
      }
    }
  }
  return out;
}

/** What the file's talks should read after the import, by `spec.format`. */
export function expectedTalks(spec, text) {
  if (spec.format === 'sessionize') return expectedSessionize(text, spec.conference);
  if (spec.format === 'frab') return expectedFrab(text);
  throw new Error(`no independent reading of ${spec.format}`);
}

/** The share of talks imported with each field right (matched by title), and with all of them right. */
export function importAccuracy(expected, sessions) {
  const byTitle = new Map();
  for (const s of sessions) byTitle.set(normal(s.title), [...(byTitle.get(normal(s.title)) ?? []), s]);
  const fields = { title: 0, day: 0, startTime: 0, room: 0, speakers: 0, all: 0 };
  const wrong = [];
  for (const t of expected) {
    const s =
      (byTitle.get(normal(t.title)) ?? []).find((c) => c.day === t.day && c.startTime === t.startTime) ?? byTitle.get(normal(t.title))?.[0];
    const ok = {
      title: !!s,
      day: s?.day === t.day,
      startTime: s?.startTime === t.startTime,
      room: normal(s?.location) === normal(t.room),
      speakers: !!s && normal([...s.speakers].sort().join('|')) === normal([...t.speakers].sort().join('|')),
    };
    for (const k of Object.keys(ok)) fields[k] += ok[k] ? 1 : 0;
    const all = Object.values(ok).every(Boolean);
    fields.all += all ? 1 : 0;
    if (!all)
      wrong.push(
        `${t.title}: ${Object.keys(ok)
          .filter((k) => !ok[k])
          .join(', ')}`,
      );
  }
  const n = expected.length;
  return { talks: n, sessions: sessions.length, share: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v / n])), wrong };
}

/** The body of the raw import: the JSON file as it is, or a schedule.xml as `{xml}`. */
export function rawImportBody(spec, text) {
  return spec.format === 'frab' ? { xml: text } : JSON.parse(text);
}

/** Judges one answer (bench/eval-program.mjs's rules; 'not in the program' in the question's language). */
export function judgePublished(q, titles, answer, language) {
  const content = normal(answer.content);
  const cited = new Set((answer.sources ?? []).filter((s) => s.kind === 'session').map((s) => s.sessionTitle));
  // A question set of one language (`languages` of a program file): the answer is in that language.
  const phrases = language ? NOT_IN_PROGRAM_BY_LANGUAGE[language] : NOT_IN_PROGRAM_PHRASES;
  const english = language && language !== 'en' && ENGLISH_DATE_WORDS.test(answer.content ?? '');
  if (q.expect === 'not in the program') {
    const pass = phrases.some((p) => content.includes(p)) && cited.size === 0 && !/\*\*[^*]+\*\*/.test(answer.content ?? '');
    return { pass, missing: pass ? [] : [`not in the program${language ? ` (${language})` : ''}, nothing named`] };
  }
  const missing = english ? ['dates in English'] : [];
  for (const alts of Array.isArray(q.expect) ? q.expect : [])
    if (!alts.some((a) => content.includes(normal(a)))) missing.push(alts.join(' | '));
  const named = titles.filter((t) => content.includes(normal(t)));
  const citedWanted = titles.filter((t) => cited.has(t));
  const need = q.min ?? titles.length;
  if (q.min != null && named.length < q.min) missing.push(`names ${named.length} of ${titles.length} (min ${q.min})`);
  if (citedWanted.length < need) missing.push(`cites ${citedWanted.length} of ${need}`);
  return { pass: missing.length === 0, missing };
}

/** Asks `questions` (follow-ups in the thread before them); rows as bench/eval-program.mjs's askAll. */
export async function askPublished(server, api, { questions, titlesOf, label, log, language }) {
  const rows = [];
  let thread;
  for (const q of questions) {
    if (!q.followUp || !thread) thread = await api(server, 'POST', '/api/chat/start', { sessionFilter: [] });
    const t0 = performance.now();
    const answer = await api(server, 'POST', '/api/chat/message', { threadId: thread.id, message: q.question, sessionIds: [] });
    const latencyMs = performance.now() - t0;
    const verdict = judgePublished(q, titlesOf(q), answer, language);
    rows.push({
      set: label,
      id: q.id,
      question: q.question,
      uncovered: q.expect === 'not in the program',
      latencyMs,
      latencies: [latencyMs],
      ...verdict,
      content: answer.content,
    });
    log(
      `  ${verdict.pass ? 'PASS' : 'FAIL'} ${q.id}${verdict.pass ? '' : `: ${verdict.missing.join('; ')} — ${String(answer.content).slice(0, 160).replace(/\s+/g, ' ')}`}`,
    );
  }
  return rows;
}

/**
 * One published program: the conference set as its organiser would, the raw file imported, the import measured,
 * the questions asked. `{rows, accuracy, message}`.
 */
export async function runPublished(server, api, { spec, dataDir, subset, log }) {
  const text = fs.readFileSync(path.join(dataDir, 'program', spec.file), 'utf8');
  await api(server, 'PUT', '/api/admin/conference', spec.conference);
  const label = `${spec.conference.name} (${spec.format}, raw)`;
  let imported;
  try {
    imported = await api(server, 'POST', '/api/superadmin/import-sessions', rawImportBody(spec, text));
  } catch (err) {
    log(`program eval, ${label}: not imported (${String(err.message).slice(0, 200)})`);
    return { label, rows: [], accuracy: null, floors: spec.floors, message: `not imported: ${String(err.message).slice(0, 160)}` };
  }
  log(`program eval, ${label}: ${imported.message}`);
  const sessions = await api(server, 'GET', '/api/sessions?admin=true');
  const expected = expectedTalks(spec, text);
  const accuracy = importAccuracy(expected, sessions);
  const titleOf = new Map(expected.map((t) => [t.id, t.title]));
  const questions = subset ? [...spec.questions.slice(0, 6), ...spec.uncovered.slice(0, 1)] : [...spec.questions, ...spec.uncovered];
  const titlesOf = (q) => (q.sessions ?? []).map((id) => titleOf.get(id));
  const rows = await askPublished(server, api, { questions, titlesOf, label, log });
  // The same program asked in other languages (`languages`: a set of questions per language), each a row of its own.
  const languages = [];
  for (const [lang, set] of Object.entries(spec.languages ?? {})) {
    const asked = subset ? [...set.questions.slice(0, 2), ...set.uncovered.slice(0, 1)] : [...set.questions, ...set.uncovered];
    const langLabel = `${label}, ${lang}`;
    rows.push(...(await askPublished(server, api, { questions: asked, titlesOf, label: langLabel, log, language: lang })));
    languages.push({ label: langLabel, floors: set.floors ?? {} });
  }
  return { label, rows, accuracy, floors: spec.floors, message: imported.message, languages };
}
