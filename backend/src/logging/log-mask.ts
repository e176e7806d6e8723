/**
 * Masks what must not reach the logs: email addresses (`j***@example.com`) and credentials in
 * URLs (`postgresql://app:***@db/conference`, `?token=***`). Used wherever a log line could hold them.
 */
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi;
const SECRET_PARAMS = /([?&](?:token|key|api_key|apikey|password|secret|code)=)[^&\s#"'<>]+/gi;

/** `jane.doe@example.com` → `j***@example.com`. */
export function maskEmail(email: string): string {
  return maskSecrets(email);
}

/** The text with every email address, URL user:password and secret query parameter masked. */
export function maskSecrets(text: string): string {
  return text
    .replace(URL_CREDENTIALS, (_m, scheme: string) => `${scheme}***@`)
    .replace(SECRET_PARAMS, (_m, name: string) => `${name}***`)
    .replace(EMAIL, (_m, first: string, domain: string) => `${first}***@${domain}`);
}
