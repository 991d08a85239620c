import './styles.css';

import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { AppProviders } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { createBrowserRouter, readHydrationData, RouterProvider } from './lib/router/index.ts';

async function start(): Promise<void> {
  // The page loads this script only after it has painted the server's HTML
  // (`startAfterFirstPaint` in vite.config.ts), so hydration starts at once.
  const router = createBrowserRouter(routes, { hydrationData: readHydrationData() });
  // Loads the lazy routes the server already rendered, so hydration sees the same tree.
  await router.ready;
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
