import { Admin, CustomRoutes, memoryStore } from 'react-admin';
import { BrowserRouter, Route } from 'react-router';
import { SuperAdminLayout } from '@/components/SuperAdminLayout';
import { SUPERADMIN_BASENAME } from '@/constants';
import { createQueryClient } from '@/lib/queryClient';
import { consoleTheme } from '@/lib/theme';
import { SuperAdminDashboard } from '@/pages/SuperAdminDashboard';
import { createAuthProvider } from '@/providers/authProvider';
import { createDataProvider } from '@/providers/dataProvider';

const dataProvider = createDataProvider();
const authProvider = createAuthProvider('superadmin');
const queryClient = createQueryClient();

/** The super admin dashboard (/superadmin): one page over the analytics and migration calls. */
export function SuperAdminApp() {
  return (
    <BrowserRouter basename={SUPERADMIN_BASENAME}>
      <Admin
        title="Super Admin Dashboard"
        dataProvider={dataProvider}
        authProvider={authProvider}
        queryClient={queryClient}
        store={memoryStore()}
        layout={SuperAdminLayout}
        theme={consoleTheme}
        dashboard={SuperAdminDashboard}
        loginPage={false}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes>
          <Route path="*" element={<SuperAdminDashboard />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}

export default SuperAdminApp;
