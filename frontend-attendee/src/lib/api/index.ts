/**
 * The attendee app's API layer: the requests (http.ts), the typed client of the contract (client.ts), the app's calls
 * (requests.ts), its GETs through react-query typed by the contract (queries.ts) and every URL (paths.ts).
 */
export * from './http';
export * from './paths';
export * from './client';
export * from './requests';
export * from './queries';
