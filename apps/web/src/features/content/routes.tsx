import { PageSpinner } from '../../components/ui/spinner.tsx';
import type { RouteObject } from '../../lib/router/index.ts';

/** The policies: stored documents, each under its own fixed path (its slug). */
const DOCUMENT_PATHS = [
  'privacy-policy',
  'terms-of-use',
  'cancellation-and-refund-policy',
] as const;

/** Blogs, FAQs and policies: each page's data comes from its loader, on the server and in the browser. */
export const contentRoutes: RouteObject[] = [
  ...DOCUMENT_PATHS.map((slug): RouteObject => ({
    path: slug,
    HydrateFallback: PageSpinner,
    lazy: async () => {
      const page = await import('./components/document-page.tsx');
      return {
        Component: page.DocumentPage,
        loader: page.documentLoader(slug),
        ErrorBoundary: page.DocumentError,
      };
    },
  })),
  {
    path: 'blogs',
    HydrateFallback: PageSpinner,
    lazy: async () => {
      const page = await import('./components/blog-list-page.tsx');
      return { Component: page.BlogListPage, loader: page.blogListLoader };
    },
  },
  {
    path: 'blogs/:slug',
    HydrateFallback: PageSpinner,
    lazy: async () => {
      const page = await import('./components/blog-post-page.tsx');
      return {
        Component: page.BlogPostPage,
        loader: page.blogPostLoader,
        ErrorBoundary: page.BlogPostError,
      };
    },
  },
  {
    path: 'faqs',
    HydrateFallback: PageSpinner,
    lazy: async () => {
      const page = await import('./components/faq-list-page.tsx');
      return { Component: page.FaqListPage, loader: page.faqListLoader };
    },
  },
  {
    path: 'faqs/:slug',
    HydrateFallback: PageSpinner,
    lazy: async () => {
      const page = await import('./components/faq-article-page.tsx');
      return {
        Component: page.FaqArticlePage,
        loader: page.faqArticleLoader,
        ErrorBoundary: page.FaqArticleError,
      };
    },
  },
];
