import { MESSAGES } from '@gurumatch/shared/messages';

import { ErrorScreen } from '../../components/ui/error-screen.tsx';
import { PageMeta } from '../../components/ui/page-meta.tsx';

export function NotFoundPage() {
  return (
    <>
      <PageMeta title={MESSAGES.pageNotFound} noindex />
      <ErrorScreen
        code="404"
        title={MESSAGES.pageNotFound}
        message="The page you are looking for does not exist or has moved."
      />
    </>
  );
}
