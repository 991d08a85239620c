import { MESSAGES } from '@gurumatch/shared/messages';

import { ErrorScreen } from '../../components/ui/error-screen.tsx';
import { PageMeta } from '../../components/ui/page-meta.tsx';

export function ServerErrorPage() {
  return (
    <>
      <PageMeta title={MESSAGES.internalServerError} noindex />
      <ErrorScreen
        code="500"
        title={MESSAGES.internalServerError}
        message="Something went wrong on our side. Please try again in a little while."
      />
    </>
  );
}
