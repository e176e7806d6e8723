export const SESSION_NOT_FOUND = 'Session not found.';
export const CALENDAR_UNSCHEDULED_ONE = 'This session has no date yet, so it cannot be added to a calendar.';
export const CALENDAR_UNSCHEDULED_ALL = 'None of these sessions has a date yet, so they cannot be added to a calendar.';
export const MAX_CALENDAR_IDS = 50;
export const CALENDAR_IDS_MESSAGE = `ids must list 1 to ${MAX_CALENDAR_IDS} session ids separated by commas.`;
