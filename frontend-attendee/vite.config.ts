/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes brotli and gzip twins (`x.js.br`, `x.js.gz`) of the built JS and CSS; the backend serves them
 * to browsers that accept the encoding (backend/src/web/static-web.ts).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      if (!fs.existsSync(assets)) return;
      for (const name of fs.readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = path.join(assets, name);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * src/boot.ts is an entry of its own (index.html's scripts would be merged into the app's entry, which
 * runs only once React and the rest have loaded): its script goes first in the page's head.
 */
function bootEntry(): Plugin {
  return {
    name: 'boot-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'boot');
        if (!boot) return html;
        return {
          html,
          tags: [
            {
              tag: 'script',
              attrs: { type: 'module', async: true, crossorigin: true, src: `/${boot.fileName}` },
              injectTo: 'head-prepend',
            },
          ],
        };
      },
    },
  };
}

/** Vendor chunks that every screen shares; everything else is split per route by React.lazy. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/node_modules\/(react-router|react-router-dom)\//.test(id)) return 'router';
  if (id.includes('@tanstack')) return 'query';
  return undefined;
}

export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss(), bootEntry(), precompress()],
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
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)),
      },
      output: { manualChunks: vendorChunk },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
