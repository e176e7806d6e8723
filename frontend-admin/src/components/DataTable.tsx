import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Style of the column's cells (a minimum width, for one). */
  sx?: SxProps<Theme>;
}

/**
 * A small read-only table with a sticky header, named for screen readers; it scrolls inside its own
 * box (both ways, a focusable region) so a phone page never scrolls sideways.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  maxHeight,
}: {
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  maxHeight?: number;
}) {
  return (
    <TableContainer sx={{ maxHeight, overflowX: 'auto' }} role="region" aria-label={`${label} table`} tabIndex={0}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.header} align={c.align}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={rowKey(row, i)} sx={{ verticalAlign: 'top' }}>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align} sx={c.sx}>
                  {c.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
