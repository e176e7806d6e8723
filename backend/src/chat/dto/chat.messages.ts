/**
 * PRODUCT.md §4: the statuses the chat stream sends while an answer is prepared, in this order. The one place
 * these texts are written: the OpenAPI document exports them (schema `ChatStatus`, with `x-enum-varnames`),
 * and the generated `contract/api-types.ts` carries them to the attendee app as constants.
 */
export enum ChatStatus {
  Searching = 'Searching conference documents',
  Analyzing = 'Analyzing relevant content',
  Generating = 'Generating comprehensive answer',
}
export const STATUS_SEARCHING = ChatStatus.Searching;
export const STATUS_ANALYZING = ChatStatus.Analyzing;
export const STATUS_GENERATING = ChatStatus.Generating;

export const STREAM_ERROR_MESSAGE = 'Something went wrong while answering. Please try again.';
export const THREAD_NOT_FOUND_MESSAGE = 'Chat thread not found';
export const NO_ACTIVE_CHAT_MESSAGE = 'No active chat to send';
