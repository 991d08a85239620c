import type { RouteObject } from 'react-router';

import { PageSpinner } from '../../components/ui/spinner.tsx';

/** Blogs and FAQs: each page's data comes from its loader, on the server and in the browser. */
export const contentRoutes: RouteObject[] = [
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
