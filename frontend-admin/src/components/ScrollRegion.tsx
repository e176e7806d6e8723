import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A wide table's own scroll box: on a phone the table keeps a readable width and scrolls sideways
 * inside it (the page does not). It is a named region that takes focus, so keyboard users can scroll it.
 */
export function ScrollRegion({ label, minTableWidth = 640, children }: { label: string; minTableWidth?: number; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        maxWidth: '100%',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        '& table': { minWidth: { xs: minTableWidth, md: 0 } },
      }}
    >
      {children}
    </Box>
  );
}
