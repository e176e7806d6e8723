import { Card, CardContent, CardHeader, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { NEVER } from '@/constants';
import { formatDate, formatDateTime, formatCount, userDisplay } from '@/lib/format';
import type { AnalyticsEntry } from '@/lib/types';

/** PRODUCT.md §2 'User Analytics' table. */
export function UserAnalytics({ entries }: { entries: AnalyticsEntry[] }) {
  return (
    <Card variant="outlined">
      <CardHeader title="User Analytics" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {entries.length === 0 ? (
          <Typography color="text.secondary">No users yet.</Typography>
        ) : (
          <TableContainer role="region" aria-label="User analytics table" tabIndex={0}>
            <Table size="small" aria-label="User analytics">
              <TableHead>
                <TableRow>
                  <TableCell>User</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell align="right">Total Logins</TableCell>
                  <TableCell align="right">Chat Prompts</TableCell>
                  <TableCell>Last Login</TableCell>
                  <TableCell>Member Since</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((e) => {
                  const u = userDisplay(e);
                  return (
                    <TableRow key={e.userId} data-user={e.email ?? e.userId}>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {u.name}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                          {u.shortId}
                        </Typography>
                      </TableCell>
                      <TableCell>{e.email ?? ''}</TableCell>
                      <TableCell align="right">{formatCount(e.totalLogins)}</TableCell>
                      <TableCell align="right">{formatCount(e.totalChatPrompts)}</TableCell>
                      <TableCell>{e.lastLogin ? formatDateTime(e.lastLogin) : NEVER}</TableCell>
                      <TableCell>{formatDate(e.createdAt)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
