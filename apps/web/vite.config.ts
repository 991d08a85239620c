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
 * Runs at the end of the body: once the browser has presented a frame with the
 * server's HTML, it moves the entry script out of its template into the head. A
 * hidden tab paints no frame, so it starts at once; the timeout covers a
 * browser that holds frames back.
 */
const START_AFTER_FIRST_PAINT = `(function () {
  var done = false;
  function start() {
    if (done) return;
    done = true;
    var entry = document.getElementById('app-entry');
    if (entry) document.head.appendChild(document.importNode(entry.content, true));
  }
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();`;

/**
 * The first paint waits for the document alone. The browser evaluates a module
 * script that arrived before its first frame (a fast connection, a cached
 * visit) before painting, which held the server-rendered page back by the whole
 * evaluation. So the built page preloads the entry script and its chunks (at low
 * priority: the page's text and images come first, and the load event still
 * waits for them) and keeps the entry's `<script>` in a template that a small
 * inline script moves into the head after the first frame.
 */
function startAfterFirstPaint(): Plugin {
  const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  return {
    name: 'gurumatch:start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const entry = entryTag.exec(html);
        if (!entry) return html;
        return html
          .replace(
            entryTag,
            `\n    <link rel="modulepreload" fetchpriority="low" crossorigin href="${entry[1]}">`,
          )
          .replace(
            /<link rel="modulepreload"(?! fetchpriority)/g,
            '<link rel="modulepreload" fetchpriority="low"',
          )
          .replace(
            '</body>',
            `  <template id="app-entry"><script type="module" crossorigin src="${entry[1]}"></script></template>\n    <script>${START_AFTER_FIRST_PAINT}</script>\n  </body>`,
          );
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild, mode }) => {
  // Built pages run React in production mode whatever NODE_ENV says at run time;
  // only the dev server (`vite`) and `--mode development` builds use its
  // development build.
  const production = command === 'build' && mode !== 'development';
  return {
    root,
    ...(isSsrBuild && production
      ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
      : {}),
    plugins: [react(), tailwindcss(), reportDynamicImports(), startAfterFirstPaint()],
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
      // The server bundle carries React and the rest of the app's
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
