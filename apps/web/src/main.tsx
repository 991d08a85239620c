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

async function start(): Promise<void> {
  // The page loads this script only after it has painted the server's HTML
  // (`startAfterFirstPaint` in vite.config.ts), so hydration starts at once.
  await resolveInitialLazyRoutes();
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
