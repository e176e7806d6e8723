import { Alert, Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { MSG_LOADING_ANALYTICS } from '@/constants';
import { analyticsTotals } from '@/lib/analytics';
import { formatCount } from '@/lib/format';
import { errorText } from '@/lib/http';
import type { AnalyticsEntry } from '@/lib/types';
import { SessionDataMigration } from './SessionDataMigration';
import { UserAnalytics } from './UserAnalytics';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** PRODUCT.md §2 Super admin dashboard: three cards, Session Data Migration, User Analytics. */
export function SuperAdminDashboard() {
  const { data, isPending, error } = useGetList<AnalyticsEntry & { id: string }>('analytics', {
    pagination: { page: 1, perPage: 100_000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const totals = analyticsTotals(data ?? []);
  return (
    <Box>
      {isPending ? (
        <Typography sx={{ mb: 3 }}>{MSG_LOADING_ANALYTICS}</Typography>
      ) : error ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {errorText(error) || 'Failed to load analytics'}
        </Alert>
      ) : (
        <Grid container spacing={2} sx={{ mb: 3 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stat label="Total Users" value={formatCount(totals.users)} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stat label="Total Logins" value={formatCount(totals.logins)} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stat label="Total Chat Prompts" value={formatCount(totals.chatPrompts)} />
          </Grid>
        </Grid>
      )}
      <SessionDataMigration />
      {isPending ? <Typography>{MSG_LOADING_ANALYTICS}</Typography> : !error && <UserAnalytics entries={data ?? []} />}
    </Box>
  );
}

export default SuperAdminDashboard;
