/**
 * The API's shapes, as the backend declares them: aliases of the types generated from docs/openapi.json
 * (contract/api-types.ts, `npm run openapi`). UI-only types live beside the components that use them.
 */
import type { components } from '@contract/api-types';

type Schemas = components['schemas'];

export type User = Schemas['UserResponse'];
export type Session = Schemas['SessionResponse'];
export type DocumentKind = Session['documentTypes'][number];
export type Source = Schemas['Source'];
export type ChatMessage = Schemas['ChatMessageResponse'];
export type TakeawaysResult = Schemas['TakeawaysResult'];
export type SearchResult = Schemas['SearchResult'];
export type SearchResponse = Schemas['SearchResponse'];
export type ChatAnswer = Schemas['ChatAnswer'];
export type LoginAnswer = Schemas['LoginResponse'];
export type QuickLoginAnswer = Schemas['QuickLoginResponse'];
export type ChatThreadSummary = Schemas['ChatThreadSummary'];
export type AssistantInfo = Schemas['AssistantInfoResponse'];
export type Conference = Schemas['ConferenceResponse'];
