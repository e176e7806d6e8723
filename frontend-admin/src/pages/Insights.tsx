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
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { downloadCSV, RefreshButton, useGetList, useGetOne } from 'react-admin';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { RichContent } from '@/components/RichContent';
import { StatCard } from '@/components/StatCard';
import { ALL_SESSIONS_LABEL, DEFAULT_INSIGHTS_DAYS, INSIGHTS_RANGES, INSIGHTS_TAB_LABEL, MSG_LOADING_INSIGHTS } from '@/constants';
import { formatCount, formatDateTime } from '@/lib/format';
import { errorText } from '@/lib/http';
import { type CsvTable, notHelpfulCsv, questionsBySessionCsv, topQuestionsCsv, unansweredCsv } from '@/lib/insightsCsv';
import type { Insights as InsightsData, Session } from '@/lib/types';

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

/** The session filter's value for no filter. */
const ALL = 'all';

const empty = (text: string) => <Typography color="text.secondary">{text}</Typography>;

/** Share as a whole percentage ('67%'); '—' when nothing was rated. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

/**
 * Insights (issue 14, after the spec's eight tabs): what attendees asked per session, what the
 * materials did not answer (near-duplicates folded), how answers were rated and the most asked
 * questions, for the last 7, 30 or 90 days and one or all sessions; every table exports as CSV.
 */
export function Insights() {
  const [days, setDays] = useState<number>(DEFAULT_INSIGHTS_DAYS);
  const [sessionId, setSessionId] = useState<string>(ALL);
  const sessions = useGetList<Session>('sessions', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'title', order: 'ASC' } });
  const insights = useGetOne<InsightsData & { id: string }>('insights', {
    id: 'current',
    meta: { days, sessionId: sessionId === ALL ? null : sessionId },
  });

  const filters = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <RefreshButton />
      <FormControl size="small" fullWidth={false} sx={{ minWidth: 160, width: 180 }}>
        <InputLabel id="insights-range-label">Time range</InputLabel>
        <Select labelId="insights-range-label" label="Time range" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {INSIGHTS_RANGES.map((n) => (
            <MenuItem key={n} value={n}>{`Last ${n} days`}</MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" fullWidth={false} sx={{ minWidth: 220, width: 300 }}>
        <InputLabel id="insights-session-label">Session</InputLabel>
        <Select labelId="insights-session-label" label="Session" value={sessionId} onChange={(e) => setSessionId(String(e.target.value))}>
          <MenuItem value={ALL}>{ALL_SESSIONS_LABEL}</MenuItem>
          {(sessions.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.title}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Box>
  );

  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {INSIGHTS_TAB_LABEL}
      </Typography>
      {filters}
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
  const data = insights.data;
  const { feedback } = data;
  const chartData = data.questionsBySession.map((s) => ({ name: s.sessionTitle, questions: s.questions }));

  return (
    <Box>
      {header}
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
            value={formatShare(feedback.helpfulShare)}
            caption={`of ${formatCount(feedback.rated)} rated answers`}
          />
        </Grid>
      </Grid>

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
            <TableContainer sx={{ maxHeight: 400 }}>
              <Table size="small" stickyHeader aria-label="Questions by Session">
                <TableHead>
                  <TableRow>
                    <TableCell>Session</TableCell>
                    <TableCell align="right">Questions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.questionsBySession.map((s) => (
                    <TableRow key={s.sessionId ?? 'all'}>
                      <TableCell>{s.sessionTitle}</TableCell>
                      <TableCell align="right">{formatCount(s.questions)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </Section>

      <Section title="Unanswered Questions" action={<ExportCsvButton table={unansweredCsv(data)} label="Unanswered Questions" />}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Questions the materials did not cover (the answer said so, or cited no source), newest first: what to add material for.
        </Typography>
        {data.unanswered.length === 0 ? (
          empty('No unanswered questions in this period.')
        ) : (
          <TableContainer sx={{ maxHeight: 500 }}>
            <Table size="small" stickyHeader aria-label="Unanswered Questions">
              <TableHead>
                <TableRow>
                  <TableCell>Session</TableCell>
                  <TableCell>Question</TableCell>
                  <TableCell align="right">Times asked</TableCell>
                  <TableCell>Last asked</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.unanswered.map((u, i) => (
                  <TableRow key={`${u.sessionId ?? 'all'}-${i}`}>
                    <TableCell>{u.sessionTitle}</TableCell>
                    <TableCell>
                      {u.question}
                      <Variants variants={u.variants} />
                    </TableCell>
                    <TableCell align="right">{formatCount(u.count)}</TableCell>
                    <TableCell>{formatDateTime(u.lastAskedAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>

      <Section title="Answer Feedback" action={<ExportCsvButton table={notHelpfulCsv(data)} label="Answer Feedback" />}>
        <Typography sx={{ mb: 2 }} data-testid="helpful-share">
          {feedback.rated === 0
            ? 'No answers were rated in this period.'
            : `${formatShare(feedback.helpfulShare)} of ${formatCount(feedback.rated)} rated answers were helpful (${formatCount(feedback.helpful)} Helpful, ${formatCount(feedback.notHelpful)} Not helpful).`}
        </Typography>
        {feedback.notHelpfulAnswers.length === 0 ? (
          empty('No answers were rated Not helpful in this period.')
        ) : (
          <TableContainer sx={{ maxHeight: 600 }}>
            <Table size="small" stickyHeader aria-label="Not helpful answers">
              <TableHead>
                <TableRow>
                  <TableCell>Question</TableCell>
                  <TableCell>Answer</TableCell>
                  <TableCell>Sources</TableCell>
                  <TableCell>Comment</TableCell>
                  <TableCell>Rated</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {feedback.notHelpfulAnswers.map((a) => (
                  <TableRow key={a.messageId} sx={{ verticalAlign: 'top' }}>
                    <TableCell sx={{ minWidth: 160 }}>{a.question}</TableCell>
                    <TableCell sx={{ minWidth: 260 }}>
                      <RichContent content={a.answer} />
                    </TableCell>
                    <TableCell>
                      {a.sources.length === 0
                        ? '—'
                        : a.sources.map((s) => (
                            <Chip
                              key={`${s.documentId}-${s.marker}`}
                              label={`${s.sessionTitle} ${s.marker}`}
                              size="small"
                              variant="outlined"
                              sx={{ m: 0.25, maxWidth: 260 }}
                            />
                          ))}
                    </TableCell>
                    <TableCell>{a.comment ?? '—'}</TableCell>
                    <TableCell>{formatDateTime(a.ratedAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>

      <Section title="Top Questions" action={<ExportCsvButton table={topQuestionsCsv(data)} label="Top Questions" />}>
        {data.topQuestions.length === 0 ? (
          empty('No questions in this period.')
        ) : (
          <TableContainer sx={{ maxHeight: 500 }}>
            <Table size="small" stickyHeader aria-label="Top Questions">
              <TableHead>
                <TableRow>
                  <TableCell>Question</TableCell>
                  <TableCell align="right">Times asked</TableCell>
                  <TableCell>Last asked</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.topQuestions.map((q, i) => (
                  <TableRow key={i}>
                    <TableCell>
                      {q.question}
                      <Variants variants={q.variants} />
                    </TableCell>
                    <TableCell align="right">{formatCount(q.count)}</TableCell>
                    <TableCell>{formatDateTime(q.lastAskedAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>
    </Box>
  );
}

export default Insights;
