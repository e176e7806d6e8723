import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ffmpegMade, wav } from '../../../test/fixtures/recordings';
import { PANEL_SRT, PANEL_VTT } from '../../../test/fixtures/captions';
import { loadConfig } from '../../config/app-config';
import { RECORDINGS_NEED_TRANSCRIPTION } from '../../ai/transcription/transcription.types';
import { FileSniffer } from './file-sniffer';
import { detectRecording } from './recording-type';

const openai = loadConfig(
  { NODE_ENV: 'test', AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x' },
  { dataDir: os.tmpdir(), sessionSecret: 'x'.repeat(32) },
);
const local = loadConfig({ NODE_ENV: 'test' }, { dataDir: os.tmpdir(), sessionSecret: 'x'.repeat(32) });

/** Writes `bytes` to a temporary file and detects it as the Recordings upload would. */
async function detect(bytes: Buffer, name: string, config = openai) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'recording-type-'));
  try {
    const file = path.join(dir, 'upload.part');
    await fs.writeFile(file, bytes);
    const sniffer = new FileSniffer();
    sniffer.end(bytes);
    for await (const _ of sniffer) {
      // drained: the facts are complete
    }
    return await detectRecording(file, sniffer.facts(), name, config);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const tone = wav([{ hz: 440, seconds: 1 }]);
const encoded = (args: string[], out: string) => ffmpegMade(['-i', 'in.wav', ...args], out, { 'in.wav': tone });
const video = (args: string[], out: string) =>
  ffmpegMade(['-f', 'lavfi', '-i', 'color=c=green:s=64x48:r=5', '-i', 'in.wav', '-shortest', ...args], out, { 'in.wav': tone });

describe(detectRecording.name, () => {
  it('knows captions by their first characters, whatever the provider', async () => {
    expect(await detect(Buffer.from(PANEL_VTT), 'talk.vtt', local)).toEqual({
      mimeType: 'text/vtt',
      extension: '.vtt',
      durationSeconds: 0,
    });
    expect(await detect(Buffer.from(PANEL_SRT), 'talk.txt', local)).toEqual({
      mimeType: 'application/x-subrip',
      extension: '.srt',
      durationSeconds: 0,
    });
  });

  it('stores each accepted container under its own type, read by ffprobe, with its length', async () => {
    const cases: [Buffer, string, string, string][] = [
      [tone, 'a.wav', 'audio/wav', '.wav'],
      [await encoded(['-c:a', 'libmp3lame'], 'a.mp3'), 'a.mp3', 'audio/mpeg', '.mp3'],
      [await encoded(['-c:a', 'aac'], 'a.m4a'), 'a.m4a', 'audio/mp4', '.m4a'],
      [await encoded(['-c:a', 'libopus'], 'a.ogg'), 'a.ogg', 'audio/ogg', '.ogg'],
      [await encoded(['-c:a', 'libopus'], 'a.webm'), 'a.webm', 'audio/webm', '.webm'],
      [await video(['-c:v', 'mpeg4', '-c:a', 'aac'], 'v.mp4'), 'v.mp4', 'video/mp4', '.mp4'],
      [await video(['-c:v', 'mpeg4', '-c:a', 'aac'], 'v.mov'), 'v.mov', 'video/quicktime', '.mov'],
      [await video(['-c:v', 'libvpx', '-b:v', '50k', '-c:a', 'libopus'], 'v.webm'), 'v.webm', 'video/webm', '.webm'],
    ];
    for (const [bytes, name, mimeType, extension] of cases) {
      const type = await detect(bytes, name);
      expect({ name, ...type }).toEqual({ name, mimeType, extension, durationSeconds: expect.closeTo(1, 0) });
    }
  });

  it('refuses media under the local provider before reading it, and files that are not media', async () => {
    expect(await detect(tone, 'a.wav', local)).toEqual({ rejection: RECORDINGS_NEED_TRANSCRIPTION });
    expect(await detect(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2, 3]), 'photo.png')).toEqual({
      rejection: expect.stringMatching(/^This file is not a recording or captions/),
    });
  });
});
