export const TAKEAWAYS_FAILED_MESSAGE = 'Failed to generate takeaways. Please try again.';
