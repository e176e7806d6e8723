/**
 * The line every mail sent on a user's request carries: who asked for it (the address the sender
 * signed in with), so a recipient can tell where an unexpected mail came from.
 */
export function requestedByLine(senderEmail: string): string {
  return `Sent at the request of ${senderEmail}, signed in to the Conference Assistant.`;
}
