import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useLoaderData, type LoaderFunctionArgs } from '../../../lib/router/index.ts';
import { fetchHealth } from '../api.ts';

export interface StatusPageData {
  isApiHealthy: boolean;
}

/** Asks the API whether it (and its database) answers. */
export async function statusLoader({ request }: LoaderFunctionArgs): Promise<StatusPageData> {
  try {
    // Anything but a 2xx answer (503 while the database is down) throws.
    await fetchHealth(request.signal);
    return { isApiHealthy: true };
  } catch (error) {
    if (request.signal.aborted) throw error;
    return { isApiHealthy: false };
  }
}

/** `/test`: a small public status page. */
export function StatusPage() {
  const { isApiHealthy } = useLoaderData<StatusPageData>();
  return (
    <>
      <PageMeta title="Status" noindex />
      <section className="mx-auto my-12 max-w-lg px-4">
        <div className="rounded-xl border-t-4 border-emerald-600 bg-white p-6 text-center shadow-sm">
          <h1 className="text-2xl font-bold text-slate-900">GuruMatch is up</h1>
          <p className="mt-2 text-slate-700">This page was served by the web application.</p>
          <dl className="mt-6 flex items-center justify-center gap-2 text-base">
            <dt className="font-medium text-slate-700">API health:</dt>
            <dd
              className={`rounded-full px-3 py-0.5 font-semibold ${isApiHealthy ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}
            >
              {isApiHealthy ? 'ok' : 'not answering'}
            </dd>
          </dl>
        </div>
      </section>
    </>
  );
}
