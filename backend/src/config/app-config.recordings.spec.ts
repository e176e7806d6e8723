import os from 'node:os';
import { ConfigError, loadConfig } from './app-config';

const load = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', ...env }, { dataDir: os.tmpdir(), sessionSecret: 'x'.repeat(32) });

describe('loadConfig: recordings and their transcription', () => {
  it('defaults: whisper-1, 500 MB, 4 hours, pieces of 10 minutes, no transcription under the local provider', () => {
    const sut = load({});
    expect(sut).toMatchObject({
      transcriptionModel: 'whisper-1',
      transcriptionBaseUrl: undefined,
      recordingMaxBytes: 500 * 1024 * 1024,
      recordingMaxSeconds: 4 * 3600,
      transcriptionPieceSeconds: 600,
    });
    expect(sut.transcriptionEnabled).toBe(false);
  });

  it('transcribes with the openai provider, at TRANSCRIPTION_BASE_URL or else OPENAI_BASE_URL', () => {
    const openai = { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: 'http://llm:8080/v1' };
    expect(load(openai)).toMatchObject({ transcriptionEnabled: true, transcriptionBaseUrl: 'http://llm:8080/v1' });
    expect(load({ ...openai, TRANSCRIPTION_BASE_URL: 'http://whisper:8000/v1', TRANSCRIPTION_MODEL: 'large-v3' })).toMatchObject({
      transcriptionBaseUrl: 'http://whisper:8000/v1',
      transcriptionModel: 'large-v3',
    });
  });

  it('stops the start on a bad value, naming the setting', () => {
    expect(() => load({ RECORDING_MAX_MB: '0' })).toThrow(
      new ConfigError('RECORDING_MAX_MB must be a whole number between 1 and 100000 (got "0").'),
    );
    expect(() => load({ RECORDING_MAX_HOURS: '2.5' })).toThrow(/^RECORDING_MAX_HOURS must be a whole number/);
    expect(() => load({ TRANSCRIPTION_PIECE_SECONDS: '4000' })).toThrow(
      /^TRANSCRIPTION_PIECE_SECONDS must be a whole number between 2 and 3000/,
    );
    expect(() => load({ TRANSCRIPTION_BASE_URL: 'whisper:8000' })).toThrow(/^TRANSCRIPTION_BASE_URL /);
  });
});
