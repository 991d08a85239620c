import { MESSAGES } from '@gurumatch/shared/messages';
import type { SiteDocument } from '@gurumatch/shared/schemas/content';

import { useLoaderData, type LoaderFunctionArgs } from '../../../lib/router/index.ts';
import { fetchDocument } from '../api.ts';
import { fetchBySlug } from '../utils.ts';

import { ContentNotFound } from './content-article.tsx';
import { PolicyDocument } from './policy-document.tsx';

/** A loader for the document stored under `slug` (the policies' fixed paths carry no slug). */
export function documentLoader(slug: string) {
  return (args: LoaderFunctionArgs): Promise<SiteDocument> =>
    fetchBySlug({ ...args, params: { slug } }, fetchDocument, 'Failed to load the page');
}

/** `/privacy-policy`, `/terms-of-use`, `/cancellation-and-refund-policy`. */
export function DocumentPage() {
  const document = useLoaderData<SiteDocument>();
  // a policy's slug is its path
  return <PolicyDocument document={document} path={`/${document.slug}`} />;
}

/** A policy that could not be read (it is seeded at every start, so rarely). */
export function DocumentError() {
  return (
    <ContentNotFound
      title="Page not available"
      message="This page could not be shown just now. Please try again in a little while."
      backTo="/"
      backLabel={MESSAGES.goToHome}
    />
  );
}
