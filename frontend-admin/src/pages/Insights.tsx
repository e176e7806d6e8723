import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControl,
  Grid,
  InputLabel,
  MenuItem,
  Select,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { downloadCSV, RefreshButton, useGetList } from 'react-admin';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type Column, DataTable } from '@/components/DataTable';
import { RichContent } from '@/components/RichContent';
import { StatCard } from '@/components/StatCard';
import { ALL_SESSIONS_LABEL, DEFAULT_INSIGHTS_DAYS, INSIGHTS_RANGES, INSIGHTS_TAB_LABEL, MSG_LOADING_INSIGHTS } from '@/constants';
import { formatCount, formatZonedDateTime } from '@/lib/format';
import { useConferenceTimeZone } from '@/lib/useConference';
import { errorText } from '@/lib/http';
import { type CsvTable, notHelpfulCsv, questionsBySessionCsv, topQuestionsCsv, unansweredCsv } from '@/lib/insightsCsv';
import type {
  InsightsNotHelpfulAnswer,
  InsightsQuestionGroup,
  InsightsUnansweredGroup,
  Insights as InsightsData,
  Session,
} from '@/lib/types';
import { useConsoleDataProvider } from '@/lib/useConsoleDataProvider';

/** Every table of the tab has one: saves the table as '<name>.csv'. */
function ExportCsvButton({ table, label }: { table: CsvTable; label: string }) {
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      onClick={() => downloadCSV(table.csv, table.filename)}
      aria-label={`Export ${label} as CSV`}
    >
      Export CSV
    </Button>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ mb: 3 }}>
      <CardHeader title={title} action={action} slotProps={{ title: { variant: 'h6', component: 'h3' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

function Variants({ variants }: { variants: string[] }) {
  if (variants.length === 0) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      Also asked as: {variants.map((v) => `“${v}”`).join(', ')}
    </Typography>
  );
}

const BY_SESSION_COLUMNS: Column<InsightsData['questionsBySession'][number]>[] = [
  { header: 'Session', render: (s) => s.sessionTitle },
  { header: 'Questions', align: 'right', render: (s) => formatCount(s.questions) },
];

const questionWithVariants = (q: { question: string; variants: string[] }) => (
  <>
    {q.question}
    <Variants variants={q.variants} />
  </>
);

const unansweredColumns = (timeZone: string): Column<InsightsUnansweredGroup>[] => [
  { header: 'Session', render: (u) => u.sessionTitle },
  { header: 'Question', render: questionWithVariants },
  { header: 'Times asked', align: 'right', render: (u) => formatCount(u.count) },
  { header: 'Last asked', render: (u) => formatZonedDateTime(u.lastAskedAt, timeZone) },
];

const notHelpfulColumns = (timeZone: string): Column<InsightsNotHelpfulAnswer>[] => [
  { header: 'Question', render: (a) => a.question, sx: { minWidth: 160 } },
  { header: 'Answer', render: (a) => <RichContent content={a.answer} />, sx: { minWidth: 260 } },
  {
    header: 'Sources',
    render: (a) =>
      a.sources.length === 0
        ? '—'
        : a.sources.map((s) => (
            <Chip
              key={`${s.documentId}-${s.marker}`}
              label={`${s.sessionTitle} ${s.marker}`}
              size="small"
              variant="outlined"
              sx={{ m: 0.25, maxWidth: 260 }}
            />
          )),
  },
  { header: 'Comment', render: (a) => a.comment ?? '—' },
  { header: 'Rated', render: (a) => formatZonedDateTime(a.ratedAt, timeZone) },
];

const topColumns = (timeZone: string): Column<InsightsQuestionGroup>[] => [
  { header: 'Question', render: questionWithVariants },
  { header: 'Times asked', align: 'right', render: (q) => formatCount(q.count) },
  { header: 'Last asked', render: (q) => formatZonedDateTime(q.lastAskedAt, timeZone) },
];

/** The session filter's value for no filter. */
const ALL = 'all';

const empty = (text: string) => <Typography color="text.secondary">{text}</Typography>;

/** Share as a whole percentage ('67%'); '—' when nothing was rated. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

interface InsightsFiltersProps {
  days: number;
  onDays: (days: number) => void;
  sessionId: string;
  onSessionId: (sessionId: string) => void;
  sessions: Session[];
}

/** The time range and session the tab reads, beside the refresh button. */
function InsightsFilters({ days, onDays, sessionId, onSessionId, sessions }: InsightsFiltersProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <RefreshButton />
      <FormControl size="small" fullWidth={false} sx={{ minWidth: 160, width: 180 }}>
        <InputLabel id="insights-range-label">Time range</InputLabel>
        <Select labelId="insights-range-label" label="Time range" value={days} onChange={(e) => onDays(Number(e.target.value))}>
          {INSIGHTS_RANGES.map((n) => (
            <MenuItem key={n} value={n}>{`Last ${n} days`}</MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" fullWidth={false} sx={{ minWidth: 220, width: 300 }}>
        <InputLabel id="insights-session-label">Session</InputLabel>
        <Select labelId="insights-session-label" label="Session" value={sessionId} onChange={(e) => onSessionId(String(e.target.value))}>
          <MenuItem value={ALL}>{ALL_SESSIONS_LABEL}</MenuItem>
          {sessions.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.title}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Box>
  );
}

/** Questions, unanswered ones and the share rated helpful. */
function InsightsTotals({ data }: { data: InsightsData }) {
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <StatCard label="Questions" value={formatCount(data.totals.questions)} caption={`Last ${data.days} days`} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <StatCard label="Unanswered" value={formatCount(data.totals.unanswered)} caption="Not covered by the materials" />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <StatCard
          label="Rated helpful"
          value={formatShare(data.feedback.helpfulShare)}
          caption={`of ${formatCount(data.feedback.rated)} rated answers`}
        />
      </Grid>
    </Grid>
  );
}

/** A bar a session, with the table of the same figures. */
function QuestionsBySession({ data }: { data: InsightsData }) {
  const chartData = data.questionsBySession.map((s) => ({ name: s.sessionTitle, questions: s.questions }));
  return (
    <Section title="Questions by Session" action={<ExportCsvButton table={questionsBySessionCsv(data)} label="Questions by Session" />}>
      {data.questionsBySession.length === 0 ? (
        empty('No questions in this period.')
      ) : (
        <>
          <Box
            sx={{ width: '100%', height: Math.min(60 + chartData.length * 36, 420) }}
            role="img"
            aria-label={`Questions per session, last ${data.days} days`}
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={chartData} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
                <YAxis
                  type="category"
                  dataKey="name"
                  width={220}
                  tick={{ fontSize: 12 }}
                  tickFormatter={(v: string) => (v.length > 32 ? `${v.slice(0, 31)}…` : v)}
                />
                <Tooltip />
                <Bar dataKey="questions" fill="#1976d2" name="Questions" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Box>
          <DataTable
            label="Questions by Session"
            columns={BY_SESSION_COLUMNS}
            rows={data.questionsBySession}
            rowKey={(r) => r.sessionId ?? 'all'}
            maxHeight={400}
          />
        </>
      )}
    </Section>
  );
}

interface TableSectionProps<T> {
  title: string;
  csv: CsvTable;
  /** The table's accessible name (default: the title). */
  tableLabel?: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  maxHeight: number;
  /** Shown instead of the table when there are no rows. */
  emptyText: string;
  /** What the section says above its table. */
  children?: ReactNode;
}

/** A section of the tab that is one table, exported as CSV. */
function TableSection<T>({ title, csv, tableLabel, columns, rows, rowKey, maxHeight, emptyText, children }: TableSectionProps<T>) {
  return (
    <Section title={title} action={<ExportCsvButton table={csv} label={title} />}>
      {children}
      {rows.length === 0 ? (
        empty(emptyText)
      ) : (
        <DataTable label={tableLabel ?? title} columns={columns} rows={rows} rowKey={rowKey} maxHeight={maxHeight} />
      )}
    </Section>
  );
}

function UnansweredQuestions({ data, timeZone }: { data: InsightsData; timeZone: string }) {
  return (
    <TableSection
      title="Unanswered Questions"
      csv={unansweredCsv(data)}
      columns={unansweredColumns(timeZone)}
      rows={data.unanswered}
      rowKey={(u, i) => `${u.sessionId ?? 'all'}-${i}`}
      maxHeight={500}
      emptyText="No unanswered questions in this period."
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Questions the materials did not cover (the answer said so, or cited no source), newest first: what to add material for.
      </Typography>
    </TableSection>
  );
}

function AnswerFeedback({ data, timeZone }: { data: InsightsData; timeZone: string }) {
  const { feedback } = data;
  return (
    <TableSection
      title="Answer Feedback"
      csv={notHelpfulCsv(data)}
      tableLabel="Not helpful answers"
      columns={notHelpfulColumns(timeZone)}
      rows={feedback.notHelpfulAnswers}
      rowKey={(a) => a.messageId}
      maxHeight={600}
      emptyText="No answers were rated Not helpful in this period."
    >
      <Typography sx={{ mb: 2 }} data-testid="helpful-share">
        {feedback.rated === 0
          ? 'No answers were rated in this period.'
          : `${formatShare(feedback.helpfulShare)} of ${formatCount(feedback.rated)} rated answers were helpful (${formatCount(feedback.helpful)} Helpful, ${formatCount(feedback.notHelpful)} Not helpful).`}
      </Typography>
    </TableSection>
  );
}

function TopQuestions({ data, timeZone }: { data: InsightsData; timeZone: string }) {
  return (
    <TableSection
      title="Top Questions"
      csv={topQuestionsCsv(data)}
      columns={topColumns(timeZone)}
      rows={data.topQuestions}
      rowKey={(q, i) => `${i}-${q.question}`}
      maxHeight={500}
      emptyText="No questions in this period."
    />
  );
}

/**
 * Insights (after the spec's eight tabs): what attendees asked per session, what the
 * materials did not answer (near-duplicates folded), how answers were rated and the most asked
 * questions, for the last 7, 30 or 90 days and one or all sessions; every table exports as CSV.
 */
export function Insights() {
  const [days, setDays] = useState<number>(DEFAULT_INSIGHTS_DAYS);
  const [sessionId, setSessionId] = useState<string>(ALL);
  const timeZone = useConferenceTimeZone();
  const sessions = useGetList<Session>('sessions', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'title', order: 'ASC' } });
  const dataProvider = useConsoleDataProvider();
  const query = { days, sessionId: sessionId === ALL ? null : sessionId };
  const insights = useQuery<InsightsData>({ queryKey: ['insights', query], queryFn: () => dataProvider.getInsights(query) });

  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {INSIGHTS_TAB_LABEL}
      </Typography>
      <InsightsFilters days={days} onDays={setDays} sessionId={sessionId} onSessionId={setSessionId} sessions={sessions.data ?? []} />
    </Box>
  );

  if (insights.isPending) {
    return (
      <Box>
        {header}
        <Typography sx={{ py: 4 }}>{MSG_LOADING_INSIGHTS}</Typography>
      </Box>
    );
  }
  if (insights.error) {
    return (
      <Box>
        {header}
        <Typography color="error">{errorText(insights.error) || 'Failed to load insights.'}</Typography>
      </Box>
    );
  }
  return (
    <Box>
      {header}
      <InsightsTotals data={insights.data} />
      <QuestionsBySession data={insights.data} />
      <UnansweredQuestions data={insights.data} timeZone={timeZone} />
      <AnswerFeedback data={insights.data} timeZone={timeZone} />
      <TopQuestions data={insights.data} timeZone={timeZone} />
    </Box>
  );
}

export default Insights;
