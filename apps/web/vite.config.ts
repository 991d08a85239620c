import path from 'node:path';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

/**
 * In the server build, each relative dynamic `import('./x.tsx')` of the app also
 * reports the module's source path (`src/…`, the key of the client build's
 * manifest), so a render knows which route chunks its page needs and the served
 * HTML can preload them (`entry-server.tsx`, `web-static.ts` on the server).
 */
function reportDynamicImports(): Plugin {
  const srcDir = path.join(root, 'src') + path.sep;
  return {
    name: 'gurumatch:report-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id, options) {
      if (!options?.ssr || !id.startsWith(srcDir) || !code.includes('import(')) return null;
      const replaced = code.replace(
        /\bimport\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)/g,
        (call: string, _quote: string, specifier: string) => {
          const source = path
            .relative(root, path.resolve(path.dirname(id), specifier))
            .split(path.sep)
            .join('/');
          return `(globalThis.__gmModuleLoaded?.(${JSON.stringify(source)}), ${call})`;
        },
      );
      return replaced === code ? null : { code: replaced, map: null };
    },
  };
}

/**
 * React's API served by Preact (decision 035): built pages, on the server and in
 * the browser, and the component tests run on `preact/compat`, about 55 KB gzip
 * less than React DOM. Only the Vite dev server keeps React, for Fast Refresh.
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** In the component tests, the ES module builds, whose imports of React the aliases reach. */
const testModules = [
  {
    find: /^use-sync-external-store\/shim(\/index\.js|\/with-selector\.js)?$/,
    replacement: path.resolve(root, 'src/testing/use-sync-external-store-shim.ts'),
  },
  {
    find: /^@testing-library\/react$/,
    replacement: path.resolve(
      root,
      '../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
    ),
  },
  {
    find: /^react-router$/,
    replacement: path.resolve(root, '../../node_modules/react-router/dist/development/index.mjs'),
  },
];

export default defineConfig(({ command, isSsrBuild, mode }) => {
  // Built pages run React and React Router in production mode whatever NODE_ENV
  // says at run time; only the dev server (`vite`) and `--mode development` builds
  // use their development builds.
  const production = command === 'build' && mode !== 'development';
  const preact = command === 'build' || mode === 'test';
  return {
    root,
    resolve: {
      alias: [
        ...(preact ? preactAliases : []),
        ...(mode === 'test' ? testModules : []),
        // React Router ships its development build under the plain import conditions.
        ...(production
          ? [
              {
                find: /^react-router$/,
                replacement: path.resolve(
                  root,
                  '../../node_modules/react-router/dist/production/index.mjs',
                ),
              },
            ]
          : []),
      ],
    },
    ...(isSsrBuild && production
      ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
      : {}),
    plugins: [react(), tailwindcss(), reportDynamicImports()],
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      sourcemap: true,
      // Maps source modules to their chunks: the server preloads a page's route chunks.
      manifest: !isSsrBuild,
    },
    ssr: {
      // The server bundle carries React, React Router and the rest of the app's
      // packages itself, so `define` above selects their production code.
      noExternal: isSsrBuild && production ? true : ['@gurumatch/shared'],
    },
    server: {
      proxy: {
        '/api': 'http://localhost:3000',
        '/ws': { target: 'ws://localhost:3000', ws: true },
      },
    },
    test: {
      name: 'web',
      root,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup.ts'],
      // Bundled by Vite, so that their own imports of React reach Preact too.
      server: {
        deps: {
          inline: [
            /react-router/,
            /@tanstack\/react-query/,
            /react-hook-form/,
            /@testing-library/,
            /@tiptap\/react/,
          ],
        },
      },
    },
  };
});
