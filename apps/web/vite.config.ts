import path from 'node:path';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig(({ command, isSsrBuild }) => ({
  root: import.meta.dirname,
  resolve: {
    // React Router ships its development build under the plain import conditions;
    // the browser bundle takes the production one (no dev warnings, smaller).
    alias:
      command === 'build' && !isSsrBuild
        ? [
            {
              find: /^react-router$/,
              replacement: path.resolve(
                import.meta.dirname,
                '../../node_modules/react-router/dist/production/index.mjs',
              ),
            },
          ]
        : [],
  },
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  ssr: {
    noExternal: ['@gurumatch/shared'],
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
}));
