import { InitialSchema1735000000000 } from './1735000000000-initial-schema';
import { ChatRequestsAndTakeawayCache1735000004000 } from './1735000004000-chat-requests-and-takeaway-cache';
import { AppMeta1735000006500 } from './1735000006500-app-meta';
import { ChunkRuns1735000008000 } from './1735000008000-chunk-runs';
import { ChunkLocations1735000009000 } from './1735000009000-chunk-locations';
import { SessionProfile1735000009500 } from './1735000009500-session-profile';
import { ChunksUniquePerRun1735000011000 } from './1735000011000-chunks-unique-per-run';
import { Insights1735000014000 } from './1735000014000-insights';
import { DocumentOcrPages1735000015000 } from './1735000015000-document-ocr-pages';
import { ContentVersion1735000016500 } from './1735000016500-content-version';
import { ConferenceAndSessionSource1735000020000 } from './1735000020000-conference-and-session-source';
import { SignInLinkCounts1735000022000 } from './1735000022000-sign-in-link-counts';
import { MergeTextIndex1735000024000 } from './1735000024000-merge-text-index';
import { TermDefinitions1735000025000 } from './1735000025000-term-definitions';
import { LighterHnsw1735000026000 } from './1735000026000-lighter-hnsw';
import { ContentVersionNotify1735000027000 } from './1735000027000-content-version-notify';
import { ChunkRowsInline1735000028000 } from './1735000028000-chunk-rows-inline';
import { DocumentWords1735000029000 } from './1735000029000-document-words';
import { ConferenceIdentity1735000030500 } from './1735000030500-conference-identity';
import { TranscriptionUsage1735000033500 } from './1735000033500-transcription-usage';
import { RecordingTranscripts1735000033600 } from './1735000033600-recording-transcripts';
import { CitedSessions1735000034700 } from './1735000034700-cited-sessions';
import { ChunkTurnTimes1735000035000 } from './1735000035000-chunk-turn-times';

/** Every migration, oldest first. A landed migration is never edited: add a new one. */
export const migrations = [
  InitialSchema1735000000000,
  ChatRequestsAndTakeawayCache1735000004000,
  AppMeta1735000006500,
  ChunkRuns1735000008000,
  ChunkLocations1735000009000,
  SessionProfile1735000009500,
  ChunksUniquePerRun1735000011000,
  Insights1735000014000,
  DocumentOcrPages1735000015000,
  ContentVersion1735000016500,
  ConferenceAndSessionSource1735000020000,
  SignInLinkCounts1735000022000,
  MergeTextIndex1735000024000,
  TermDefinitions1735000025000,
  LighterHnsw1735000026000,
  ContentVersionNotify1735000027000,
  ChunkRowsInline1735000028000,
  DocumentWords1735000029000,
  ConferenceIdentity1735000030500,
  TranscriptionUsage1735000033500,
  RecordingTranscripts1735000033600,
  CitedSessions1735000034700,
  ChunkTurnTimes1735000035000,
];
