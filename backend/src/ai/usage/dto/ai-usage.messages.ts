export const AI_BUDGET_REACHED_MESSAGE = "Today's AI budget has been reached. Answers will be available again tomorrow (UTC).";
