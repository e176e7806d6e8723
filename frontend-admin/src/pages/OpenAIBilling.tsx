import {
  Box,
  Card,
  CardContent,
  CardHeader,
  FormControl,
  Grid,
  InputLabel,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RefreshButton, useGetList } from 'react-admin';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { BILLING_RANGES, DEFAULT_BILLING_DAYS, MSG_LOADING_BILLING, MSG_NO_USAGE } from '@/constants';
import {
  daysWithUsage,
  formatAverageCost,
  formatCount,
  formatDay,
  formatShortDay,
  formatTranscription,
  formatUsd,
  usageSums,
} from '@/lib/format';
import { errorText } from '@/lib/http';
import { useConsoleDataProvider } from '@/lib/useConsoleDataProvider';
import type { DailyCost, UsageSummary } from '@/lib/types';
import { StatCard } from '@/components/StatCard';
import { BudgetNotice } from './BudgetNotice';

/** The four cards: cost, tokens, requests and cost a request over the last 30 days. */
function BillingTotals({ summary }: { summary: UsageSummary }) {
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard label="Total Cost" value={formatUsd(summary.totalCost)} caption="Last 30 days" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard label="Total Tokens" value={formatCount(summary.totalTokens)} caption="Last 30 days" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard label="Total Requests" value={formatCount(summary.totalRequests)} caption="Last 30 days" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          label="Avg Cost/Request"
          value={formatAverageCost(summary.totalCost, summary.totalRequests)}
          caption="Total cost / total requests"
        />
      </Grid>
    </Grid>
  );
}

/** A bar a day of the range, oldest first. */
function DailyCostChart({ entries, days }: { entries: DailyCost[]; days: number }) {
  const chartData = [...entries].reverse().map((d) => ({ ...d, label: formatShortDay(d.date) }));
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardHeader title="Daily Cost" subheader={`Last ${days} days`} slotProps={{ title: { variant: 'h6', component: 'h3' } }} />
      <CardContent>
        <Box sx={{ width: '100%', height: 280 }} role="img" aria-label={`Daily cost chart for the last ${days} days`}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={chartData} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
              <YAxis tickFormatter={(v: number) => formatUsd(v)} tick={{ fontSize: 12 }} width={90} />
              <Tooltip
                formatter={(v) => [formatUsd(Number(v)), 'Cost']}
                labelFormatter={(_, p) => (p?.[0]?.payload ? formatDay((p[0].payload as DailyCost).date) : '')}
              />
              <Bar dataKey="totalCost" fill="#1976d2" name="Cost" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The days of the range with usage, newest first. */
function DailyBreakdown({ entries }: { entries: DailyCost[] }) {
  const withUsage = daysWithUsage(entries);
  return (
    <Card variant="outlined">
      <CardHeader title="Daily Breakdown" slotProps={{ title: { variant: 'h6', component: 'h3' } }} />
      <CardContent sx={{ pt: 0 }}>
        {withUsage.length === 0 ? (
          <Typography color="text.secondary">{MSG_NO_USAGE}</Typography>
        ) : (
          <TableContainer sx={{ maxHeight: 500 }} role="region" aria-label="Daily breakdown table" tabIndex={0}>
            <Table size="small" stickyHeader aria-label="Daily breakdown">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell align="right">Chat</TableCell>
                  <TableCell align="right">Embeddings</TableCell>
                  <TableCell align="right">Takeaways</TableCell>
                  <TableCell align="right">Transcription</TableCell>
                  <TableCell align="right">Tokens</TableCell>
                  <TableCell align="right">Cost</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {withUsage.map((d) => (
                  <TableRow key={d.date}>
                    <TableCell>{formatDay(d.date)}</TableCell>
                    <TableCell align="right">{formatCount(d.chatRequests)}</TableCell>
                    <TableCell align="right">{formatCount(d.embeddingRequests)}</TableCell>
                    <TableCell align="right">{formatCount(d.takeawayRequests)}</TableCell>
                    <TableCell align="right">{formatTranscription(d)}</TableCell>
                    <TableCell align="right">{formatCount(d.totalTokens)}</TableCell>
                    <TableCell align="right">{formatUsd(d.totalCost)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

/** Requests by kind over the last 30 days. */
function UsageAnalytics({ summary }: { summary: UsageSummary }) {
  const sums = usageSums(summary.last30Days ?? []);
  return (
    <Card variant="outlined">
      <CardHeader title="Usage Analytics" subheader="Last 30 days" slotProps={{ title: { variant: 'h6', component: 'h3' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Table size="small" aria-label="Usage analytics">
          <TableBody>
            <TableRow>
              <TableCell>Chat Requests</TableCell>
              <TableCell align="right">{formatCount(sums.chatRequests)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell>Embeddings</TableCell>
              <TableCell align="right">{formatCount(sums.embeddingRequests)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell>Takeaway Generations</TableCell>
              <TableCell align="right">{formatCount(sums.takeawayRequests)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell>Transcription (recordings)</TableCell>
              <TableCell align="right">{formatTranscription(sums)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** PRODUCT.md §2 OpenAI Billing: range, four cards, a daily cost chart, the daily breakdown and Usage Analytics. */
export function OpenAIBilling() {
  const [days, setDays] = useState<number>(DEFAULT_BILLING_DAYS);
  const dataProvider = useConsoleDataProvider();
  const usage = useQuery<UsageSummary>({ queryKey: ['usage-summary'], queryFn: () => dataProvider.getUsageSummary() });
  const costs = useGetList<DailyCost & { id: string }>('usage', {
    filter: { days },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'date', order: 'DESC' },
  });

  if (usage.isPending || costs.isPending) {
    return <Typography sx={{ py: 4 }}>{MSG_LOADING_BILLING}</Typography>;
  }
  if (usage.error || costs.error) {
    return <Typography color="error">{errorText(usage.error ?? costs.error) || 'Failed to load OpenAI billing data.'}</Typography>;
  }
  const summary = usage.data;
  const entries = costs.data ?? [];

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          OpenAI Billing
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <RefreshButton />
          <FormControl size="small" fullWidth={false} sx={{ minWidth: 180, width: 200 }}>
            <InputLabel id="billing-range-label">Time range</InputLabel>
            <Select labelId="billing-range-label" label="Time range" value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {BILLING_RANGES.map((n) => (
                <MenuItem key={n} value={n}>{`Last ${n} days`}</MenuItem>
              ))}
            </Select>
          </FormControl>
        </Box>
      </Box>

      <BillingTotals summary={summary} />

      <BudgetNotice budget={summary.budget} />

      <DailyCostChart entries={entries} days={days} />

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <DailyBreakdown entries={entries} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <UsageAnalytics summary={summary} />
        </Grid>
      </Grid>
    </Box>
  );
}

export default OpenAIBilling;
