import { RouteErrorResponse } from './router/index.ts';

/**
 * Ends a route loader with an HTTP status (404 for a missing post or area). The
 * router hands the thrown error to the route's error boundary, and the server
 * answers with that status.
 */
export function throwRouteStatus(status: number): never {
  throw new RouteErrorResponse(status);
}
