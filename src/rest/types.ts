// The types a domain's routes are written against, apart from router.ts so that a route file
// never imports the router that registers it.
import type { IRequest, Router } from 'itty-router';
import type { Context } from '../graphql/context.ts';

export type RestRouter = ReturnType<typeof Router<IRequest, [Context]>>;
/** The listener a router serves: the API (`PORT`) or the AI import's own (`AI_PORT`). */
export type Surface = 'api' | 'ai';
