// The types a domain's routes are written against, apart from router.ts so that a route file
// never imports the router that registers it.
import type { IRequest, RequestHandler, RouteEntry } from 'itty-router';
import type { Context } from '../graphql/context.ts';
import type { Logger } from '../logger.ts';

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
  /**
   * Errors on the paths of one first segment (`t` for `/t/...`) answered by `render` instead of
   * the JSON error body: pages that people open in a browser (docs/pages.md).
   */
  errorPages(segment: string, render: ErrorPage): void;
  /**
   * The answer to an error on `url`'s path: its segment's error page, else the JSON body
   * (rest/errors.ts). The router's own routes answer through it, and so does app.ts for errors
   * before routing (a spent rate limit, the database down).
   */
  errorAnswer(error: unknown, request: Request, logger: Logger, url: URL): Response;
}

/** An error as a page: `status` and `headers` as the JSON answer would have them. */
export type ErrorPage = (
  error: unknown,
  request: Request,
  answer: { status: number; headers: Record<string, string> },
) => Response;
/** The listener a router serves: the API (`PORT`) or the AI import's own (`AI_PORT`). */
export type Surface = 'api' | 'ai';
