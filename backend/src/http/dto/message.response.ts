/** `{message}`: the answer of a route that only confirms, and the body of every error. */
export class MessageResponse {
  message: string;
}
