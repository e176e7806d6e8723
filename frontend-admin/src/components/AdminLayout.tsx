import { Box, Container, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, useLocation } from 'react-admin';
import { ADMIN_TITLE, WELCOME_ADMIN } from '@/constants';
import { ConsoleHeader } from './ConsoleHeader';
import { ToastBridge } from './ToastBridge';

/** SPEC §2: the eight tabs of the admin dashboard, in order; Sessions Content is the default. */
export const ADMIN_TABS = [
  { path: '/sessions', label: 'Sessions Content' },
  { path: '/transcripts', label: 'Transcripts' },
  { path: '/pdfs', label: 'PDFs' },
  { path: '/ingest-status', label: 'Ingest Status' },
  { path: '/users', label: 'Chat History' },
  { path: '/actions', label: 'User Actions' },
  { path: '/billing', label: 'OpenAI Billing' },
  { path: '/export', label: 'Export' },
] as const;

/** Tabs beyond the spec, after its eight (issue 14: Insights). */
export const EXTRA_ADMIN_TABS = [{ path: '/insights', label: 'Insights' }] as const;
const ALL_TABS = [...ADMIN_TABS, ...EXTRA_ADMIN_TABS];

/** The tab a location belongs to (the first path segment), Sessions Content by default. */
export function activeTab(pathname: string): string {
  const first = `/${pathname.split('/').filter(Boolean)[0] ?? ''}`;
  return ALL_TABS.find((t) => t.path === first)?.path ?? ADMIN_TABS[0].path;
}

/** The admin dashboard's frame: header, title, tabs as links (react-admin routes under /admin). */
export function AdminLayout({ children }: { children?: ReactNode }) {
  const location = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <ToastBridge />
      <ConsoleHeader welcome={WELCOME_ADMIN} />
      <Container maxWidth="xl" component="main" sx={{ py: 3 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2, fontWeight: 700 }}>
          {ADMIN_TITLE}
        </Typography>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
          <Tabs value={activeTab(location.pathname)} variant="scrollable" scrollButtons="auto" aria-label="Admin sections">
            {ALL_TABS.map((t) => (
              <Tab key={t.path} value={t.path} label={t.label} component={LinkBase} to={t.path} />
            ))}
          </Tabs>
        </Box>
        {children}
      </Container>
    </Box>
  );
}
