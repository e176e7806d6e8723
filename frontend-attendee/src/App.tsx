import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { Toaster } from '@/components/ui/Toaster';
import { createQueryClient } from '@/lib/queryClient';
import { HomePage } from '@/pages/HomePage';
import LandingPage from '@/pages/LandingPage';

// Route-level splitting: a signed-out visitor of / downloads only the shell and the landing page.
const AuthPage = lazy(() => import('@/pages/AuthPage'));
const TestLoginPage = lazy(() => import('@/pages/TestLoginPage'));
const LogoutPage = lazy(() => import('@/pages/LogoutPage'));
const SearchPage = lazy(() => import('@/pages/SearchPage'));
const NotFoundPage = lazy(() => import('@/pages/NotFoundPage'));

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/landing" element={<LandingPage />} />
        <Route path="/lander" element={<LandingPage />} />
        <Route path="/test" element={<TestLoginPage />} />
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="/search" element={<SearchPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  );
}
