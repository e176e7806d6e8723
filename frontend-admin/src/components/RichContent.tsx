import { Box, Chip } from '@mui/material';
import { useMemo } from 'react';
import { renderAnswerMarkdown, type AnswerLook } from '@rules/answer-markdown';

const LOOK: AnswerLook = {
  citation: (marker, _claim, key) => (
    <Chip
      key={key}
      label={marker.slice(1, -1)}
      size="small"
      variant="outlined"
      color="primary"
      sx={{ mx: 0.25, height: 20 }}
      data-citation={marker}
    />
  ),
};

/**
 * A chat message's text as the attendee saw it: the answer markdown both apps render the same way
 * (packages/conference-rules/src/answer-markdown.tsx: bold, lists, code, citation markers as chips; text only, never HTML).
 */
export function RichContent({ content }: { content: string }) {
  const answer = useMemo(() => renderAnswerMarkdown(content, LOOK), [content]);
  return (
    <Box
      sx={{
        typography: 'body2',
        '& > *': { m: 0 },
        '& > *:not(:last-child)': { mb: 0.75 },
        '& ul, & ol': { pl: 2.5 },
        '& pre': { overflowX: 'auto' },
      }}
    >
      {answer}
    </Box>
  );
}
