import { lazy, Suspense } from 'react';
import { Admin, CustomRoutes, memoryStore, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router';
import { CircularProgress } from '@mui/material';
import { AdminLayout } from '@/components/AdminLayout';
import { ADMIN_BASENAME } from '@/constants';
import { createQueryClient } from '@/lib/queryClient';
import { consoleTheme } from '@/lib/theme';
import { createAuthProvider } from '@/providers/authProvider';
import { createDataProvider } from '@/providers/dataProvider';
import actions from '@/resources/actions';
import { pdfs, transcripts } from '@/resources/documents';
import sessions from '@/resources/sessions';
import users from '@/resources/users';

const IngestStatus = lazy(() => import('@/pages/IngestStatus'));
const OpenAIBilling = lazy(() => import('@/pages/OpenAIBilling'));
const Export = lazy(() => import('@/pages/Export'));
const Insights = lazy(() => import('@/pages/Insights'));
const ConferenceSettings = lazy(() => import('@/pages/ConferenceSettings'));

const dataProvider = createDataProvider();
const authProvider = createAuthProvider('admin');
const queryClient = createQueryClient();

const page = (element: React.ReactNode) => <Suspense fallback={<CircularProgress aria-label="Loading" />}>{element}</Suspense>;

/** The admin dashboard (/admin): react-admin resources and custom pages as the spec's eight tabs, then Insights and Conference. */
export function AdminApp() {
  return (
    <BrowserRouter basename={ADMIN_BASENAME}>
      <Admin
        title="Admin Dashboard"
        dataProvider={dataProvider}
        authProvider={authProvider}
        queryClient={queryClient}
        store={memoryStore()}
        layout={AdminLayout}
        theme={consoleTheme}
        loginPage={false}
        requireAuth
        disableTelemetry
      >
        <Resource name="sessions" {...sessions} options={{ label: 'Sessions Content' }} />
        <Resource name="transcripts" {...transcripts} options={{ label: 'Transcripts' }} />
        <Resource name="pdfs" {...pdfs} options={{ label: 'PDFs' }} />
        <Resource name="users" {...users} options={{ label: 'Chat History' }} />
        <Resource name="actions" {...actions} options={{ label: 'User Actions' }} />
        <CustomRoutes>
          <Route path="/ingest-status" element={page(<IngestStatus />)} />
          <Route path="/billing" element={page(<OpenAIBilling />)} />
          <Route path="/export" element={page(<Export />)} />
          <Route path="/insights" element={page(<Insights />)} />
          <Route path="/conference" element={page(<ConferenceSettings />)} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}

export default AdminApp;
