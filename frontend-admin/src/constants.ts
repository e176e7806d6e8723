import { apiPath } from '@rules/api-path';

/**
 * Every delay, limit and message of the spec that the consoles use (PRODUCT.md §2, §4, §5, §8, §9),
 * named after what it means.
 */

export const PRODUCT_NAME = 'Conference Assistant';

// Where things live
export const ADMIN_BASENAME = '/admin';
export const SUPERADMIN_BASENAME = '/superadmin';
export const ADMIN_LOGIN_URL = apiPath('/api/login');
export const USER_VIEW_URL = '/';
export const LOGOUT_URL = '/logout';

// Delays, intervals and limits (PRODUCT.md §4, §9)
export const AUTH_REDIRECT_DELAY_MS = 500;
export const UPLOAD_POLL_INTERVAL_MS = 2000;
export const STATUS_POLL_INTERVAL_MS = 5000;
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const DISPLAYED_USER_ID_LENGTH = 8;
export const BILLING_RANGES = [7, 30, 90] as const;
export const DEFAULT_BILLING_DAYS = 30;
export const EXPORT_LIST_MAX_HEIGHT_PX = 500;
export const INGEST_SKELETON_ITEMS = 5;
// The session formats are the backend's, carried by the contract (x-constants of SessionInputDto).
export { DEFAULT_SESSION_FORMAT, SESSION_FORMATS } from '@contract/api-types';

// Header and titles (PRODUCT.md §2)
export const WELCOME_ADMIN = 'Welcome, Admin';
export const WELCOME_SUPERADMIN = 'Welcome, Super Admin';
export const ADMIN_TITLE = 'Admin Dashboard';
export const SUPERADMIN_TITLE = 'Super Admin Dashboard';

// Auth (PRODUCT.md §6)
export const MSG_UNAUTHORIZED_TITLE = 'Unauthorized';
export const MSG_UNAUTHORIZED = 'You are logged out. Logging in again...';

// Sessions (PRODUCT.md §2, §5, §8)
export const NOT_SCHEDULED = 'Not scheduled';
export const UNTITLED_SESSION = 'Untitled Session';
export const MSG_SESSION_CREATED = 'Session created successfully.';
export const MSG_SESSION_UPDATED = 'Session updated successfully.';
export const MSG_SESSION_DELETED = 'Session deleted successfully.';
export const MSG_SESSION_CREATE_FAILED = 'Failed to create session. Please try again.';
export const MSG_SESSION_UPDATE_FAILED = 'Failed to update session. Please try again.';
export const MSG_SESSION_DELETE_FAILED = 'Failed to delete session. Please try again.';
export const MSG_EXPORT_SUCCESS_TITLE = 'Export Successful';
export const MSG_IMPORT_COMPLETE_TITLE = 'Import Complete';
/** 'n' and 'm' stand for the imported and the submitted counts. */
export const MSG_IMPORT_COMPLETE_TEMPLATE = 'Successfully imported n of m sessions';
export const MSG_IMPORT_FAILED_INVALID = 'Import Failed: Invalid JSON format or data structure';

// Documents (PRODUCT.md §5, §8)
export const MSG_MISSING_INFORMATION = 'Missing Information: Please select both a file and a session.';
export const MSG_INVALID_TRANSCRIPT_TYPE = 'Invalid File Type: Please select a TXT or JSON file.';
/** Not in the spec (added with the Recordings tab): what its file input takes. */
export const MSG_INVALID_RECORDING_TYPE =
  'Invalid File Type: Please select a recording (MP3, M4A, WAV, OGG, MP4, MOV, WEBM) or captions (VTT, SRT).';
export const MSG_INVALID_PDF_TYPE = 'Invalid File Type: Please select a PDF file.';
export const MSG_FILE_TOO_LARGE = 'File Too Large: Please select a file smaller than 50MB.';
export const MSG_UPLOAD_SUCCESS_TITLE = 'Upload Successful';
export const MSG_UPLOAD_SUCCESS = 'Document uploaded and processing started.';
export const MSG_UPLOAD_FAILED_TITLE = 'Upload Failed';
export const MSG_UPLOAD_FAILED = 'Failed to upload document. Please try again.';
export const MSG_REINGEST_STARTED = 'Re-ingestion Started';
export const MSG_REINGEST_FAILED = 'Failed to start re-ingestion.';
export const MSG_DOCUMENT_DELETED = 'Document deleted';
export const MSG_DELETE_FAILED_TITLE = 'Delete failed';
export const PROCESSING_FAILED = 'Processing failed';

// Export tab (PRODUCT.md §2, §8)
export const UNKNOWN_SESSION = 'Unknown Session';
export const MSG_LOAD_DOCUMENTS_FAILED = 'Failed to load documents';
export const MSG_DOWNLOAD_FAILED_TITLE = 'Download Failed';
export const MSG_DOWNLOAD_FAILED = 'Failed to download document';
export const MSG_DOWNLOAD_COMPLETE_TITLE = 'Download Complete';

// Billing (PRODUCT.md §2)
export const MSG_NO_USAGE = 'No usage data available for the selected time period.';
export const MSG_LOADING_BILLING = 'Loading OpenAI billing data...';

// Super admin (PRODUCT.md §2, §5, §8)
export const MSG_LOADING_ANALYTICS = 'Loading analytics...';
export const NEVER = 'Never';
export const ANONYMOUS = 'Anonymous';
export const MSG_SA_EXPORT_SUCCESS_TITLE = 'Export successful';
export const MSG_SA_EXPORT_SUCCESS = 'Sessions data has been downloaded.';
export const MSG_SA_EXPORT_FAILED_TITLE = 'Export failed';
export const MSG_SA_EXPORT_FAILED = 'Failed to export sessions';
export const MSG_SA_IMPORT_SUCCESS_TITLE = 'Import successful';
export const MSG_SA_IMPORT_FAILED_TITLE = 'Import failed';
export const MSG_SA_IMPORT_FAILED = 'Failed to import sessions';
export const MSG_INVALID_FILE_TITLE = 'Invalid file';
export const MSG_INVALID_FILE = 'Please select a JSON file.';
/** A chosen import file whose content is none of the shapes the console sends (not JSON, no <schedule>, no VCALENDAR). */
export const MSG_IMPORT_UNREADABLE =
  'This file could not be read as a program: choose a sessions export, a pretalx or Sessionize JSON, a frab schedule.xml, an .ics, a CSV or an XLSX file.';

// Insights tab (beyond the spec), after the spec's eight tabs
export const INSIGHTS_TAB_LABEL = 'Insights';
export const INSIGHTS_RANGES = [7, 30, 90] as const;
export const DEFAULT_INSIGHTS_DAYS = 30;
export const ALL_SESSIONS_LABEL = 'All sessions';
export const MSG_LOADING_INSIGHTS = 'Loading insights...';

// Conference settings tab (beyond the spec: the conference's name, dates, venue, time zone)
export const CONFERENCE_TAB_LABEL = 'Conference';
export const MSG_LOADING_CONFERENCE = 'Loading conference settings...';
export const MSG_CONFERENCE_SAVED = 'Conference settings saved.';
export const MSG_CONFERENCE_SAVE_FAILED = 'Failed to save the conference settings';
