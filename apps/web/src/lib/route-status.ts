import { data } from 'react-router';

/**
 * Ends a route loader with an HTTP status (404 for a missing post or area). React
 * Router hands the thrown response to the route's error boundary, and the server
 * answers with that status.
 */
export function throwRouteStatus(status: number): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's route-error protocol
  throw data(null, { status });
}
