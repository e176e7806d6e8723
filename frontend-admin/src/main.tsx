import { StrictMode, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { SUPERADMIN_BASENAME } from '@/constants';

/** One bundle serves both consoles: /superadmin gets the super admin app, everything else the admin app. */
export function isSuperAdminPath(pathname: string): boolean {
  return pathname === SUPERADMIN_BASENAME || pathname.startsWith(`${SUPERADMIN_BASENAME}/`);
}

const App = isSuperAdminPath(window.location.pathname) ? lazy(() => import('./SuperAdminApp')) : lazy(() => import('./AdminApp'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>,
);
