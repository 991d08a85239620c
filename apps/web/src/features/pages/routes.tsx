import { PageSpinner } from '../../components/ui/spinner.tsx';
import type { RouteObject } from '../../lib/router/index.ts';

/** The contact form: it sends with a mutation, so it sits below the server-state layout. */
export const contactRoutes: RouteObject[] = [
  {
    path: 'contact-us',
    lazy: async () => ({ Component: (await import('./components/contact-page.tsx')).ContactPage }),
  },
  {
    path: 'contact',
    lazy: async () => ({ Component: (await import('./components/contact-page.tsx')).ContactPage }),
  },
];

/**
 * About, area landing pages and the status page: their data comes from
 * loaders alone, so they need no server-state layer (and do not load it).
 */
export const pageRoutes: RouteObject[] = [
  {
    path: 'about',
    lazy: async () => ({ Component: (await import('./components/about-page.tsx')).AboutPage }),
  },
  {
    path: 'home-tutors-in/:place',
    HydrateFallback: PageSpinner,
    lazy: async () => {
      const page = await import('./components/area-page.tsx');
      return {
        Component: page.AreaPage,
        loader: page.areaLoader,
        ErrorBoundary: page.AreaPageError,
      };
    },
  },
  {
    path: 'test',
    HydrateFallback: PageSpinner,
    lazy: async () => {
      const page = await import('./components/status-page.tsx');
      return { Component: page.StatusPage, loader: page.statusLoader };
    },
  },
];
