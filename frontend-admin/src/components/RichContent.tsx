import { Box, Chip, Typography } from '@mui/material';
import { Fragment } from 'react';
import { parseRichText, type Segment } from '@/lib/richText';

function Segments({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.kind === 'citation' ? (
          <Chip
            key={i}
            label={s.value.slice(1, -1)}
            size="small"
            variant="outlined"
            color="primary"
            sx={{ mx: 0.25, height: 20 }}
            data-citation={s.value}
          />
        ) : s.kind === 'bold' ? (
          <strong key={i}>{s.value}</strong>
        ) : (
          <Fragment key={i}>{s.value}</Fragment>
        ),
      )}
    </>
  );
}

/** A chat message's text with bold, bullets and citation badges; text only, never HTML. */
export function RichContent({ content }: { content: string }) {
  const blocks = parseRichText(content);
  return (
    <Box sx={{ '& > *:not(:last-child)': { mb: 0.75 } }}>
      {blocks.map((b, i) => {
        if (b.kind === 'bullet' || b.kind === 'numbered') {
          return (
            <Box key={i} sx={{ display: 'flex', gap: 1, pl: 1 }}>
              <Typography variant="body2" component="span" sx={{ minWidth: 16 }}>
                {b.kind === 'bullet' ? '•' : `${b.number}.`}
              </Typography>
              <Typography variant="body2" component="span">
                <Segments segments={b.segments} />
              </Typography>
            </Box>
          );
        }
        return (
          <Typography key={i} variant="body2" sx={b.kind === 'heading' ? { fontWeight: 700 } : undefined}>
            <Segments segments={b.segments} />
          </Typography>
        );
      })}
    </Box>
  );
}
