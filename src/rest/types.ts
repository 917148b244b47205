// The types a domain's routes are written against, apart from router.ts so that a route file
// never imports the router that registers it.
import type { IRequest, RequestHandler, RouteEntry } from 'itty-router';
import type { Context } from '../graphql/context.ts';

type AddRoute = (path: string, ...handlers: RequestHandler<IRequest, [Context]>[]) => void;

/** itty-router's way of adding routes, and the router's answer to a request. */
export interface RestRouter {
  get: AddRoute;
  post: AddRoute;
  put: AddRoute;
  patch: AddRoute;
  delete: AddRoute;
  all: AddRoute;
  /** Every route as itty-router keeps it, in the order they were added. */
  readonly routes: readonly RouteEntry[];
  /** `url`: the request's, parsed once by the caller. */
  fetch(request: Request, context: Context, url: URL): Promise<Response>;
}
/** The listener a router serves: the API (`PORT`) or the AI import's own (`AI_PORT`). */
export type Surface = 'api' | 'ai';
