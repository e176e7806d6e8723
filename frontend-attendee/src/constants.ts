import { ChatStatus } from '@contract/api-types';

/**
 * Every timeout, delay, limit and message of the spec that the attendee app uses in more than one
 * place (PRODUCT.md §4, §8, §9), named after what it means.
 */

export const PRODUCT_NAME = 'Conference Assistant';

// Redirect delays (PRODUCT.md §9)
export const TOAST_REDIRECT_DELAY_MS = 500;
export const POST_LOGIN_REDIRECT_DELAY_MS = 500;
export const QUICK_LOGIN_REDIRECT_DELAY_MS = 1500;
export const LOGOUT_REDIRECT_DELAY_MS = 2000;

// Toasts (PRODUCT.md §9): one visible at a time; a dismissed toast is removed after 1,000,000 ms.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;

// Chat send status sequence (PRODUCT.md §4): the server's texts, written once in the backend's ChatStatus enum
// and carried here by the contract (docs/openapi.json → contract/api-types.ts).
export const STATUS_SEARCHING = ChatStatus.Searching;
export const STATUS_ANALYZING = ChatStatus.Analyzing;
export const STATUS_GENERATING = ChatStatus.Generating;
export const STATUS_SIMPLIFIED = 'Using simplified processing...';
export const STATUS_SWITCHING = 'Switching to simplified mode...';
export const STATUS_ANALYZING_AFTER_MS = 1500;
export const STATUS_GENERATING_AFTER_MS = 3500;

// Streaming fallback chain (PRODUCT.md §9)
export const STREAM_FETCH_TIMEOUT_MS = 60_000;
export const STATUS_SWITCH_AFTER_MS = 90_000;
export const STREAM_FIRST_CHUNK_TIMEOUT_MS = 45_000;
export const STREAM_CHUNK_GAP_TIMEOUT_MS = 30_000;
export const STREAM_TOTAL_TIMEOUT_MS = 180_000;
export const STREAM_MAX_READ_ERRORS = 3;
export const STREAM_DONE_MARKER = '[DONE]';

// Chat input (PRODUCT.md §9)
export const TEXTAREA_MIN_HEIGHT_PX = 48;
export const TEXTAREA_MAX_HEIGHT_PX = 200;

// Browser storage keys
export const INSTRUCTIONS_SEEN_KEY = 'hasSeenInstructions';
export const OLD_REGISTRATION_FLAG_KEY = 'userRegistered';

// Messages (PRODUCT.md §2, §5, §8)
export const MSG_INVALID_EMAIL_TITLE = 'Invalid Email';
export const MSG_INVALID_EMAIL_LOGIN = 'Please enter a valid email address.';
export const MSG_INVALID_EMAIL_DIALOG = 'Please enter a valid email address';
export const MSG_NAME_REQUIRED_TITLE = 'Name Required';
export const MSG_NAME_REQUIRED = 'Please enter your first name.';
export const MSG_LOGIN_FAILED_TITLE = 'Login Failed';
export const MSG_LOGIN_FAILED_DEFAULT = 'Please check your email and try again.';
export const MSG_UNAUTHORIZED_TITLE = 'Unauthorized';
export const MSG_UNAUTHORIZED = 'You are logged out. Logging in again...';
export const MSG_STREAM_ERROR_TITLE = 'Error Processing Response';
export const MSG_STREAM_ERROR = 'Please try again or check your connection.';
export const MSG_SEND_FAILED = 'Failed to send message';
export const MSG_SELECT_SESSION_FOR_TAKEAWAYS = 'Please select at least one session to generate takeaways.';
export const MSG_USER_EMAIL_UNAVAILABLE = 'User email not available';
export const MSG_USER_EMAIL_UNAVAILABLE_TOAST = 'User email not available. Please log in again.';
export const MSG_NO_SESSIONS_FOR_TAKEAWAYS = 'No sessions selected to generate takeaways';
export const MSG_NO_ACTIVE_CHAT = 'No active chat to send';
export const MSG_EMAIL_FAILED_TITLE = 'Email Failed';

export const ERROR_QUERY_MESSAGES: Record<string, string> = {
  direct_access: 'Please use the login form to access your account.',
  not_found: "The page you requested wasn't found. Please log in here.",
};
export const ERROR_QUERY_DEFAULT_MESSAGE = 'There was an issue with your request. Please log in to continue.';
export const ERROR_QUERY_TOAST_TITLE = 'Redirected to Login';

export const TAKEAWAYS_FILE_NAME = 'conference-takeaways.txt';
export const HIDDEN_SESSION_TAGS = ['keynote', 'panel', 'workshop', 'discussion'] as const;
export const MAX_LISTED_SPEAKERS = 2;
