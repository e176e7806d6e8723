/**
 * Shapes of the REST API, as the backend declares them: aliases of the types generated from
 * docs/openapi.json (contract/api-types.ts, `npm run openapi`). docs/API.md says what a schema cannot.
 */
import type { components } from '@contract/api-types';

type Schemas = components['schemas'];

export type Session = Schemas['SessionResponse'];
export type SessionFormat = Session['format'];
export type SessionDocumentRef = Schemas['SessionDocumentResponse'];
/**
 * The body of POST /api/admin/session and PUT /api/admin/session/{id} (PRODUCT.md §7). The server matches a
 * format given in words ('Fireside Chat', 'Round Table') by keyword, so the form may send any text.
 */
export type SessionPayload = Omit<Schemas['SessionInputDto'], 'format'> & { format?: string | null };

export type DocumentRecord = Schemas['DocumentResponse'];
export type DocumentKind = DocumentRecord['kind'];
export type DocumentStatus = DocumentRecord['status'];
export type ExportDocument = Schemas['ExportedDocument'];
/** GET /api/admin/documents/export-list: documents grouped by session id. */
export type ExportList = Record<string, Schemas['ExportListSession']>;

export type UserChatSummary = Schemas['UserChatSummary'];
export type ChatSource = Schemas['Source'];
export type ChatMessage = Schemas['AdminChatMessage'];
export type ChatThread = Schemas['AdminChatThread'];
export type UserAction = Schemas['UserAction'];
export type ActionType = UserAction['actionType'];

export type DailyCost = Schemas['DailyCost'];
export type BudgetStatus = Schemas['BudgetStatus'];
export type UsageSummary = Schemas['UsageSummary'];
export type AnalyticsEntry = Schemas['UserAnalytics'];
export type CurrentUser = Schemas['UserResponse'];

/** A source of an answer as stored (GET /api/admin/insights). */
export type AnswerSource = Schemas['Source'];
export type InsightsQuestionGroup = Schemas['QuestionGroup'];
export type InsightsUnansweredGroup = Schemas['UnansweredGroup'];
export type InsightsNotHelpfulAnswer = Schemas['NotHelpfulAnswer'];
/** GET /api/admin/insights?days=&sessionId= */
export type Insights = Schemas['InsightsResponse'];

/** GET /api/conference and the body of PUT /api/admin/conference: name, dates ('YYYY-MM-DD', Day 1 first), venue, IANA time zone. */
export type Conference = Schemas['ConferenceResponse'];

/** A dry run of POST /api/superadmin/import-sessions (`dryRun: true`): what the import would do. */
export type ImportPreview = Schemas['ImportPreview'];
/** CSV/XLSX: which column (by header) holds each field. */
export type ColumnMapping = Schemas['ColumnMappingDto'];
/** POST /api/superadmin/import-sessions, as the server answers it. */
export type ImportAnswer = Schemas['ImportResponse'];
