import './styles.css';

import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';

import { AppProviders } from './app/providers.tsx';
import { routes } from './app/router.tsx';

/** Loads the lazy routes the server already rendered, so hydration sees the same tree. */
async function resolveInitialLazyRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Resolves once the browser has painted the server's HTML. Scripts that arrive
 * before the first frame (from the cache, or a fast network) would otherwise
 * hydrate first and hold the first paint back by the whole hydration. A hidden
 * tab paints no frame, so it does not wait.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    // the second frame begins once the first, with the page in it, was presented
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        setTimeout(resolve, 0);
      });
    });
  });
}

async function start(): Promise<void> {
  await Promise.all([resolveInitialLazyRoutes(), afterFirstPaint()]);
  const router = createBrowserRouter(routes, {
    hydrationData: (window as { __staticRouterHydrationData?: object }).__staticRouterHydrationData,
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  hydrateRoot(
    root,
    <StrictMode>
      <AppProviders origin={window.location.origin}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
