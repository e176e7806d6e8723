import { DEFAULT_OPENAI_DAILY_BUDGET_USD, loadConfig } from '../config/app-config';
import { OpenAiEmbeddingsProvider } from './embeddings/openai-embeddings';
import { OpenAiAnswerGenerator } from './generation/openai-answer-generator';
import type { AiUsageService } from './usage/ai-usage.service';

const usage = { record: async () => undefined, assertWithinBudget: async () => undefined } as unknown as AiUsageService;
const config = (env: Record<string, string> = {}) =>
  loadConfig({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'k', ...env }, { dataDir: '/nonexistent', sessionSecret: 'x'.repeat(32) });

type Limits = { timeout?: number; maxRetries?: number; caller?: { maxRetries?: number } };
const limitsOf = (client: Limits) => ({ timeout: client.timeout, maxRetries: client.caller?.maxRetries ?? client.maxRetries });

describe('OpenAI calls: explicit timeout and bounded retries', () => {
  it('defaults to a 45 s timeout and 2 retries for chat and embeddings', () => {
    const c = config();
    expect(c.openaiTimeoutMs).toBe(45_000);
    expect(c.openaiMaxRetries).toBe(2);
    const sut = new OpenAiAnswerGenerator(c, usage) as unknown as { streamingModel: Limits; plainModel: Limits };
    expect(limitsOf(sut.streamingModel)).toEqual({ timeout: 45_000, maxRetries: 2 });
    expect(limitsOf(sut.plainModel)).toEqual({ timeout: 45_000, maxRetries: 2 });
    const embeddings = new OpenAiEmbeddingsProvider(c, usage) as unknown as { client: Limits };
    expect(limitsOf(embeddings.client)).toEqual({ timeout: 45_000, maxRetries: 2 });
  });

  it('takes OPENAI_TIMEOUT_MS and OPENAI_MAX_RETRIES, and refuses unbounded values', () => {
    const c = config({ OPENAI_TIMEOUT_MS: '30000', OPENAI_MAX_RETRIES: '1' });
    const embeddings = new OpenAiEmbeddingsProvider(c, usage) as unknown as { client: Limits };
    expect(limitsOf(embeddings.client)).toEqual({ timeout: 30_000, maxRetries: 1 });
    expect(() => config({ OPENAI_MAX_RETRIES: '50' })).toThrow(/OPENAI_MAX_RETRIES/);
    expect(() => config({ OPENAI_TIMEOUT_MS: '0' })).toThrow(/OPENAI_TIMEOUT_MS/);
  });

  it('has a daily budget by default with the openai provider; 0 turns it off', () => {
    expect(config().openaiDailyBudgetUsd).toBe(DEFAULT_OPENAI_DAILY_BUDGET_USD);
    expect(DEFAULT_OPENAI_DAILY_BUDGET_USD).toBeGreaterThan(0);
    expect(config({ OPENAI_DAILY_BUDGET_USD: '0' }).openaiDailyBudgetUsd).toBeUndefined();
    expect(config({ OPENAI_DAILY_BUDGET_USD: '12.5' }).openaiDailyBudgetUsd).toBe(12.5);
    expect(() => config({ OPENAI_DAILY_BUDGET_USD: 'lots' })).toThrow(/OPENAI_DAILY_BUDGET_USD/);
  });

  it('bounds every completion by max_tokens (OPENAI_MAX_TOKENS, default 1500)', () => {
    type Bounded = { maxTokens?: number };
    const sut = new OpenAiAnswerGenerator(config(), usage) as unknown as { streamingModel: Bounded; plainModel: Bounded };
    expect(sut.streamingModel.maxTokens).toBe(1500);
    expect(sut.plainModel.maxTokens).toBe(1500);
    const small = new OpenAiAnswerGenerator(config({ OPENAI_MAX_TOKENS: '300' }), usage) as unknown as { plainModel: Bounded };
    expect(small.plainModel.maxTokens).toBe(300);
    expect(() => config({ OPENAI_MAX_TOKENS: '0' })).toThrow(/OPENAI_MAX_TOKENS/);
  });
});
