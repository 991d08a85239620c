import {
  isRouteErrorResponse,
  RouteErrorResponse,
  type HydrationData,
  type RouterState,
} from './router.ts';

/** Where the server's render leaves its route data for the browser's router. */
const HYDRATION_GLOBAL = '__gmRouteData';

/** An error as it can travel in JSON: a route status keeps its status, others their message. */
type SerializedError = { status: number } | { message: string };

function serializeErrors(errors: RouterState['errors']): Record<string, SerializedError> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => [
      id,
      isRouteErrorResponse(error)
        ? { status: error.status }
        : { message: error instanceof Error ? error.message : String(error) },
    ]),
  );
}

/** The browser's side of `hydrationScript`: the server's data with its errors rebuilt. */
export function readHydrationData(): HydrationData | undefined {
  const data = (window as unknown as Record<string, unknown>)[HYDRATION_GLOBAL] as
    | { loaderData: Record<string, unknown>; errors: Record<string, SerializedError> | null }
    | undefined;
  if (!data) return undefined;
  const errors =
    data.errors &&
    Object.fromEntries(
      Object.entries(data.errors).map(([id, error]) => [
        id,
        'status' in error ? new RouteErrorResponse(error.status) : new Error(error.message),
      ]),
    );
  return { loaderData: data.loaderData, errors };
}

/**
 * The `<script>` that hands the server's route data to the browser. `<` is
 * escaped, so no text of the data can end the script.
 */
export function hydrationScript({ loaderData, errors }: HydrationData): string {
  const json = JSON.stringify({ loaderData, errors: serializeErrors(errors) });
  return `<script>window.${HYDRATION_GLOBAL}=${json.replace(/</g, '\\u003c')}</script>`;
}
