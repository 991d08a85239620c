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
 * Where the served page's script tags wait until the browser has painted it:
 * an inert `<template>` (the server adds the route-chunk preloads inside it).
 */
const SCRIPTS_TEMPLATE = '<template id="app-scripts">';

/**
 * Runs at the end of the body: once the browser has presented a frame with the
 * server's HTML, it moves the entry script and its preloads into the head. A
 * hidden tab paints no frame, so it loads them at once; the timeout covers a
 * browser that holds frames back.
 */
const LOAD_SCRIPTS_AFTER_PAINT = `(function () {
  var done = false;
  function load() {
    if (done) return;
    done = true;
    var scripts = document.getElementById('app-scripts');
    if (scripts) document.head.appendChild(document.importNode(scripts.content, true));
  }
  if (document.visibilityState === 'hidden') return load();
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
  setTimeout(load, 1000);
})();`;

/**
 * The first paint waits for the document alone. Scripts that arrive before the
 * browser's first frame (a fast connection, a cached visit) are evaluated
 * before it and hold the server-rendered page back, so the built page keeps the
 * entry script and its preloads in a template that a small inline script moves
 * into the head after the first frame. They are fetched at low priority: the
 * page's text and images come first.
 */
function scriptsAfterFirstPaint(): Plugin {
  const scriptTag = /\s*<(script type="module"[^>]*>\s*<\/script|link rel="modulepreload"[^>]*)>/g;
  return {
    name: 'gurumatch:scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const tags = [...html.matchAll(scriptTag)].map((match) =>
          `<${match[1]}>`.replace(/^<(script|link)/, '<$1 fetchpriority="low"'),
        );
        if (tags.length === 0) return html;
        return html
          .replace(scriptTag, '')
          .replace(
            '</body>',
            `${SCRIPTS_TEMPLATE}${tags.join('')}</template>\n<script>${LOAD_SCRIPTS_AFTER_PAINT}</script>\n</body>`,
          );
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild, mode }) => {
  // Built pages run React and React Router in production mode whatever NODE_ENV
  // says at run time; only the dev server (`vite`) and `--mode development` builds
  // use their development builds.
  const production = command === 'build' && mode !== 'development';
  return {
    root,
    resolve: {
      alias: [
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
    plugins: [react(), tailwindcss(), reportDynamicImports(), scriptsAfterFirstPaint()],
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      sourcemap: true,
      // Maps source modules to their chunks: the server preloads a page's route chunks.
      manifest: !isSsrBuild,
      // No warning about how long plugins took: that depends on the machine's load, not the code.
      rolldownOptions: { checks: { bundlerTimings: false } },
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
    },
  };
});
