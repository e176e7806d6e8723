/** The attendee app's API layer: the requests (http.ts) and every URL they go to (paths.ts). */
export * from './http';
export * from './paths';
