/**
 * Prices of AI models in US dollars per one million tokens: the one place costs come from.
 * A model missing here costs 0 (and is logged once by AiUsageService); the `local` provider is free.
 * Source: OpenAI's published API pricing (standard tier).
 */
export interface ModelPrice {
  /** USD per 1M prompt (input) tokens. */
  input: number;
  /** USD per 1M completion (output) tokens. */
  output: number;
}

export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  // Embeddings
  'text-embedding-3-small': { input: 0.02, output: 0 },
  'text-embedding-3-large': { input: 0.13, output: 0 },
  'text-embedding-ada-002': { input: 0.1, output: 0 },
  // Chat
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'gpt-3.5-turbo': { input: 0.5, output: 1.5 },
};

/**
 * Prices of transcription models in US dollars per minute of audio (OpenAI's published pricing:
 * whisper-1 $0.006/min; gpt-4o-transcribe $0.006/min; gpt-4o-mini-transcribe $0.003/min).
 */
export const TRANSCRIPTION_PRICES_PER_MINUTE: Readonly<Record<string, number>> = {
  'whisper-1': 0.006,
  'gpt-4o-transcribe': 0.006,
  'gpt-4o-mini-transcribe': 0.003,
};

/** Cost in USD of transcribing `seconds` of audio with `model`; undefined when the model has no price. */
export function transcriptionCostUsd(provider: string, model: string, seconds: number): number | undefined {
  if (provider === 'local') return 0;
  const perMinute = TRANSCRIPTION_PRICES_PER_MINUTE[model];
  return perMinute === undefined ? undefined : (seconds / 60) * perMinute;
}

/** The price of `model`, matching dated snapshots ('gpt-4o-mini-2024-07-18') to their base name. */
export function priceOf(provider: string, model: string): ModelPrice | undefined {
  if (provider === 'local') return { input: 0, output: 0 };
  if (MODEL_PRICES[model]) return MODEL_PRICES[model];
  const base = Object.keys(MODEL_PRICES)
    .filter((name) => model.startsWith(`${name}-`))
    .sort((a, b) => b.length - a.length)[0];
  return base ? MODEL_PRICES[base] : undefined;
}

/** Cost in USD of one call; 0 for the local provider and for models without a price. */
export function costUsd(provider: string, model: string, promptTokens: number, completionTokens: number): number {
  const price = priceOf(provider, model);
  if (!price) return 0;
  return (promptTokens * price.input + completionTokens * price.output) / 1_000_000;
}
