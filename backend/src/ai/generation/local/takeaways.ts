import type { LocalHashEmbeddings } from '../../embeddings/local-hash-embeddings';
import type { SessionMaterial, Takeaway } from '../generation.types';
import { termsOf } from '../../../text/keywords';
import { isBiography, isFiller } from '../../../text/filler';
import { speakerName, splitSentences, tidySentence } from '../../../text/sentences';
import { MAX_TAKEAWAYS_PER_SESSION } from '../../../answering/knobs';
import { cosine, pickDiverse, type ScoredSentence } from './scoring';

/** Takeaways of the local generator: a session's central, concrete sentences (advice, findings, figures). */

/** Cues of a recommendation or a finding: takeaways favour these sentences. */
const TAKEAWAY_CUES =
  /\b(should|must|need to|recommend\w*|key|important|critical|biggest|best practice|lesson\w*|rule of thumb|expect\w*|forecast\w*|we (?:found|saw|see|learned)|the answer is|make sure|start with|focus on|avoid|never|always|grew|growth|declin\w*|increas\w*|decreas\w*)\b/i;
/** Sentences about the session itself rather than its substance: never a takeaway. */
const META_TALK =
  /\b(i'm|i am|my name|moderat\w*|on (the|this) slide|this (session|panel|morning|afternoon|talk)|in this room|on this stage|today we|let's|let me|dinner|told me|you'll hear|by the end of|next speaker|our panel(ists)?|audience|raise your hand|show of hands)\b/i;
/** A sentence opening in the first person ('I expect…', 'Our rule…'). */
const FIRST_PERSON = /^(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'd|we'll|our|my|me|us)\b/i;
/** A sentence that may become a takeaway: a statement, not filler, talk about the session or a speaker's biography. */
function keepable(text: string): boolean {
  return !text.endsWith('?') && !isFiller(text) && !META_TALK.test(text) && !isBiography(text);
}

/** Sentences of one session scored as takeaways: central to the session, concrete, advice or findings. */
function scoreTakeaways(embedder: LocalHashEmbeddings, material: SessionMaterial): ScoredSentence[] {
  const centroid = new Array<number>(embedder.dimensions).fill(0);
  for (const p of material.passages) embedder.embed(p.text).forEach((x, i) => (centroid[i] += x));
  const norm = Math.sqrt(centroid.reduce((s, x) => s + x * x, 0)) || 1;
  const unit = centroid.map((x) => x / norm);
  const out: ScoredSentence[] = [];
  for (const passage of material.passages) {
    for (const raw of splitSentences(passage.text, passage.kind === 'transcript')) {
      const text = tidySentence(raw.text);
      if (raw.heading || text.length < 50 || text.length > 300 || /\?["”’)]*$/.test(raw.text) || !keepable(text)) continue;
      // Words said in the first person need their speaker: a transcript sentence whose speaker is unknown is not one to keep.
      if (passage.kind === 'transcript' && !speakerName(raw.speaker ?? passage.speaker) && FIRST_PERSON.test(text)) continue;
      const stems = new Set(termsOf(text));
      if (stems.size < 5) continue;
      let score = 0.6 * Math.max(0, cosine(embedder.embed(text), unit));
      if (TAKEAWAY_CUES.test(text)) score += 0.2;
      if (/\d|%|\$/.test(text)) score += 0.15;
      if (/^(i|we|you)\b/i.test(text) && !TAKEAWAY_CUES.test(text)) score -= 0.1;
      // Slides state findings concisely; a spoken sentence needs its conversation around it.
      if (passage.kind === 'pdf') score += 0.05;
      out.push({
        text: /[.!?]$/.test(text) ? text : `${text}.`,
        speaker: raw.speaker,
        passage,
        stems,
        score,
        lineIndex: raw.lineIndex ?? 0,
        position: 0,
      });
    }
  }
  return out.sort((a, b) => b.score - a.score);
}

/** One session's takeaways (at most MAX_TAKEAWAYS_PER_SESSION, near-duplicates left out), a transcript's naming their speaker. */
export function sessionTakeawaysOf(embedder: LocalHashEmbeddings, material: SessionMaterial): Takeaway[] {
  const picked = pickDiverse(scoreTakeaways(embedder, material), MAX_TAKEAWAYS_PER_SESSION, () => true);
  return picked.map((s) => {
    // A transcript's words are a speaker's: the takeaway names them ('Dana Whitfield: Our rule of thumb is …').
    const speaker = s.passage.kind === 'transcript' ? speakerName(s.speaker ?? s.passage.speaker) : null;
    const text = speaker ? `${speaker}: ${s.text}` : s.text;
    // Cited as data: the passage, and in an untimed transcript the turn, the sentence comes from.
    const cite = { cite: s.passage.n, ...(s.passage.lineMarkers ? { turn: s.lineIndex } : {}) };
    return { text, sessionTitle: material.sessionTitle, score: s.score, ...(speaker ? { speaker } : {}), cite };
  });
}
