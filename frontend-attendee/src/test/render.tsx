import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { resetToasts } from '@/components/ui/toast-store';
import { Toaster } from '@/components/ui/Toaster';
import { createQueryClient } from '@/lib/queryClient';

export function LocationProbe() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname + loc.search}</div>;
}

/** Renders a screen with a fresh query client, a router at `path` and the toaster. */
export function renderApp(ui: ReactElement, { path = '/screen', route = '*' }: { path?: string; route?: string } = {}) {
  resetToasts();
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="/" element={<div>home</div>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
