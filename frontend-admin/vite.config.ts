/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * react-admin pulls in MUI, TanStack Query, react-router and more: each family gets its own vendor
 * chunk (cached across deploys); recharts loads only with the billing screen.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
  { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/, priority: 30 },
  {
    name: 'react-admin',
    test: /node_modules[\\/](react-admin|ra-[^\\/]+|react-hook-form|@tanstack|react-router|react-router-dom|lodash|inflection|query-string|react-dropzone|react-error-boundary|react-hotkeys-hook|date-fns)[\\/]/,
    priority: 20,
  },
  { name: 'charts', test: /node_modules[\\/](recharts|d3-[^\\/]+|victory-vendor|decimal\.js-light|internmap)[\\/]/, priority: 10 },
];

/** In `vite dev`, /superadmin gets the same index.html as /admin (the backend does this in production). */
const superAdminFallback: Plugin = {
  name: 'superadmin-fallback',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/superadmin(\/|\?|$)/.test(req.url)) req.url = '/admin/';
      next();
    });
  },
};

export default defineConfig({
  // The backend serves dist/index.html for /admin and /superadmin, and the assets under /admin/assets/.
  base: '/admin/',
  plugins: [react(), superAdminFallback],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The API types both apps share, generated from docs/openapi.json (scripts/api-types.mjs).
      '@contract': fileURLToPath(new URL('../contract', import.meta.url)),
      // The rules both apps apply the same way (packages/conference-rules: session formats, clocks, zones, relative times, answer markdown).
      '@rules': fileURLToPath(new URL('../packages/conference-rules/src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // react-admin screens mount slowly in jsdom on a busy machine.
    testTimeout: 30_000,
  },
});
