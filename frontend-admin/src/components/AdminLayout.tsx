import { Box, Container, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, useLocation } from 'react-admin';
import { ADMIN_TITLE, WELCOME_ADMIN } from '@/constants';
import { ConferenceZoneGate } from './ConferenceZoneGate';
import { ConsoleHeader } from './ConsoleHeader';
import { ToastBridge } from './ToastBridge';

/** PRODUCT.md §2: the eight tabs of the admin dashboard, in order; Sessions Content is the default. */
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

/** Tabs beyond the spec, after its eight: Insights, then the conference's settings. */
export const EXTRA_ADMIN_TABS = [
  { path: '/insights', label: 'Insights' },
  { path: '/conference', label: 'Conference' },
] as const;
const ALL_TABS = [...ADMIN_TABS, ...EXTRA_ADMIN_TABS];

/** The tab a location belongs to (the first path segment), Sessions Content by default. */
export function activeTab(pathname: string): string {
  const first = `/${pathname.split('/').filter(Boolean)[0] ?? ''}`;
  return ALL_TABS.find((t) => t.path === first)?.path ?? ADMIN_TABS[0].path;
}

/**
 * On a narrow screen every tab stays in sight: they wrap onto rows (the selected one shaded) instead of
 * scrolling out of view.
 */
const wrappedTabs = {
  '& .MuiTabs-flexContainer, & .MuiTabs-list': { flexWrap: 'wrap' },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root': { minHeight: 40, minWidth: 0, px: 1.5, py: 1 },
  '& .MuiTab-root.Mui-selected': { bgcolor: 'action.selected', borderRadius: 1 },
};

/**
 * Lets the console fit a phone (360-430 px): flex children may shrink (wide tables scroll inside their
 * own ScrollRegion), so the page itself never scrolls sideways.
 */
export const fitNarrowScreens = {
  minWidth: 0,
  '& .RaList-main, & .RaList-content, & .MuiCard-root': { minWidth: 0, maxWidth: '100%' },
};

/** The admin dashboard's frame: header, title, tabs as links (react-admin routes under /admin). */
export function AdminLayout({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <ToastBridge />
      <ConsoleHeader welcome={WELCOME_ADMIN} />
      <Container maxWidth="xl" component="main" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 }, ...fitNarrowScreens }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2, fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {ADMIN_TITLE}
        </Typography>
        <Box component="nav" aria-label="Admin sections" sx={{ borderBottom: 1, borderColor: 'divider', mb: { xs: 2, sm: 3 } }}>
          <Tabs
            value={activeTab(location.pathname)}
            variant={narrow ? 'standard' : 'scrollable'}
            scrollButtons="auto"
            aria-label="Admin sections"
            sx={narrow ? wrappedTabs : undefined}
          >
            {ALL_TABS.map((t) => (
              <Tab key={t.path} value={t.path} label={t.label} component={LinkBase} to={t.path} />
            ))}
          </Tabs>
        </Box>
        <ConferenceZoneGate>{children}</ConferenceZoneGate>
      </Container>
    </Box>
  );
}
