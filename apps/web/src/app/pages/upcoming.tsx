import { Notice } from '../../components/ui/notice.tsx';
import { PageMeta } from '../../components/ui/page-meta.tsx';
import { paths } from '../paths.ts';

/** A route of the product whose screen is not open yet: says so plainly, never pretends. */
export function UpcomingPage({ title }: { title: string }) {
  return (
    <>
      <PageMeta title={title} noindex />
      <Notice
        title={title}
        message="This part of GuruMatch is not open yet. Please check back soon."
        action={{ label: 'Go to Home', to: paths.home }}
      />
    </>
  );
}
