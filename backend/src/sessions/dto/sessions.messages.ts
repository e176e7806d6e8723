export const SESSION_NOT_FOUND = 'Session not found.';
