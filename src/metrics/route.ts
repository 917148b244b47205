// The route label of a request: the pattern it matched (`/trips/:tripId`), never the raw path,
// which would make a series per id.
import type { RouteEntry } from 'itty-router';

export const UNMATCHED_ROUTE = 'unmatched';

/** The routes of the REST router (rest/router.ts), as itty-router keeps them. */
export interface RouteTable {
  readonly routes: readonly RouteEntry[];
}

/**
 * itty-router leaves the matched pattern on the request. A request refused before routing (401,
 * 429) has none: its pattern is looked up, which costs a few regex tests on that path only.
 */
export function routeOf(request: Request, path: string, router: RouteTable | undefined): string {
  if (path === '/graphql') return path;
  const matched = (request as Request & { route?: string }).route;
  if (matched) return matched === '*' ? UNMATCHED_ROUTE : matched;
  for (const [method, pattern, , route] of router?.routes ?? []) {
    if ((method === request.method || method === 'ALL') && route !== '*' && pattern.test(path))
      return route ?? UNMATCHED_ROUTE;
  }
  return UNMATCHED_ROUTE;
}
