import type { EmbeddingsProvider, UsageContext } from '../ai.types';
import type { AiUsageService } from '../usage/ai-usage.service';
import { termsOf } from '../../text/keywords';

/** Weight of a bigram relative to a unigram: word pairs sharpen matches on phrases. */
const BIGRAM_WEIGHT = 0.5;

/** Rough token count of `texts` (about 1.3 tokens per word), recorded on the usage row. */
export function estimateTokens(texts: string[]): number {
  let words = 0;
  for (const t of texts) {
    const m = t.match(/\S+/g);
    words += m ? m.length : 0;
  }
  return Math.ceil(words * 1.3);
}

/** 32-bit FNV-1a of a string (UTF-16 code units), unsigned. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Offline, deterministic embeddings: signed feature hashing of stemmed, stop-word-filtered word
 * unigrams and bigrams, each weighted by sublinear term frequency (1 + ln tf), L2-normalised.
 * Texts that share content words get a high cosine similarity; no network, no model files.
 */
export class LocalHashEmbeddings implements EmbeddingsProvider {
  readonly model: string;
  /** No call costs more than its texts: ingestion embeds its chunks as they are read. */
  readonly gatherTexts = 1;

  constructor(
    readonly dimensions: number,
    private readonly usage: AiUsageService,
  ) {
    this.model = `local-hash-v1-${dimensions}`;
  }

  async embedDocuments(texts: string[], ctx?: UsageContext): Promise<number[][]> {
    const vectors = texts.map((t) => this.embed(t));
    this.record(texts, ctx);
    return vectors;
  }

  async embedQuery(text: string, ctx?: UsageContext): Promise<number[]> {
    const vector = this.embed(text);
    this.record([text], ctx);
    return vector;
  }

  /** The vector of one text (no usage record). */
  embed(text: string): number[] {
    return this.embedTerms(termsOf(text));
  }

  /**
   * The vector of a text from its content terms in order (`termsOf`), for a caller that has them
   * already: the answerer tokenises each sentence once for its words and its vector.
   */
  embedTerms(terms: readonly string[]): number[] {
    const counts = new Map<string, number>();
    for (let i = 0; i < terms.length; i++) {
      counts.set(terms[i], (counts.get(terms[i]) ?? 0) + 1);
      if (i > 0) {
        const bigram = `${terms[i - 1]} ${terms[i]}`;
        counts.set(bigram, (counts.get(bigram) ?? 0) + 1);
      }
    }
    // A text with no content word (empty, or stop words only) still gets a valid unit vector.
    if (counts.size === 0) counts.set('\u0000empty', 1);

    const dim = this.dimensions;
    const v = new Float64Array(dim);
    for (const [feature, tf] of counts) {
      const h = fnv1a(feature);
      const weight = (1 + Math.log(tf)) * (feature.includes(' ') ? BIGRAM_WEIGHT : 1);
      // The top bit chooses the sign, so collisions cancel out on average instead of piling up.
      v[h % dim] += h & 0x80000000 ? -weight : weight;
    }
    let norm = 0;
    for (let i = 0; i < dim; i++) norm += v[i] * v[i];
    norm = Math.sqrt(norm);
    const out = new Array<number>(dim);
    if (norm === 0) {
      // Every feature cancelled out in its bucket: fall back to a fixed unit vector.
      out.fill(0);
      out[0] = 1;
      return out;
    }
    for (let i = 0; i < dim; i++) out[i] = v[i] / norm;
    return out;
  }

  /** In the background (`recordLater`): embedding here is microseconds, the usage row a database round trip. */
  private record(texts: string[], ctx?: UsageContext): void {
    this.usage.recordLater({
      kind: 'embedding',
      provider: 'local',
      model: this.model,
      promptTokens: estimateTokens(texts),
      completionTokens: 0,
      userId: ctx?.userId ?? null,
    });
  }
}
