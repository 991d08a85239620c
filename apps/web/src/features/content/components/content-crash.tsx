import { MESSAGES } from '@gurumatch/shared/messages';

import { Notice } from '../../../components/ui/notice.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';

/** A page of this feature failed while rendering (not a missing post): say so plainly. */
export function ContentCrash({ backTo }: { backTo: string }) {
  return (
    <>
      <PageMeta title={MESSAGES.internalServerError} noindex />
      <Notice
        title={MESSAGES.internalServerError}
        message="Something went wrong while showing this page. Please try again in a little while."
        tone="warning"
        action={{ label: 'Go back', to: backTo }}
      />
    </>
  );
}
