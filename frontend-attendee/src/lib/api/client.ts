import { createContractClient, type ApiClient } from '@rules/api-client';
import { apiRequest } from './http';

export { dataOf, type ApiClient } from '@rules/api-client';

/**
 * The attendee app's typed client of the contract (packages/conference-rules/src/api-client.ts: openapi-fetch's
 * call signatures over `paths`), run on apiRequest: the session cookie, a JSON content type only with a body,
 * and a non-OK answer thrown as an ApiError ('status: body text').
 */
export function createApiClient(baseUrl = ''): ApiClient {
  return createContractClient(baseUrl, (method, url, body, signal) => apiRequest(method, url, body, signal ? { signal } : {}));
}

/** The app's client. */
export const api = createApiClient();
