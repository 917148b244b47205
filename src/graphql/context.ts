import type { Actor } from '../auth/actor.ts';
import type { PrismaClient } from '../db/prisma.ts';
import type { Logger } from '../logger.ts';
import type { Services } from '../services.ts';
import type { Writer } from '../writer.ts';

/** What every resolver gets. Built per request by the app, for Yoga and the REST facade alike. */
export interface Context {
  prisma: PrismaClient;
  actor: Actor | null;
  requestId: string;
  /** The caller's address (see TRUST_PROXY), for public endpoints that count per visitor. */
  clientIp: string;
  userAgent: string | null;
  logger: Logger;
  services: Services;
  /** On /graphql: aborted when the operation's time budget is spent (see time-budget.ts). */
  signal?: AbortSignal;
}

/** The writer of an authenticated GraphQL request (the scope checks ran: the actor is set). */
export const writerOf = (ctx: Context): Writer => ({
  prisma: ctx.prisma,
  actor: ctx.actor!,
  events: ctx.services.events,
  now: ctx.services.config.clock(),
});

/** The app builds the Context (auth, request id) and passes it as Yoga's server context. */
export interface YogaServerContext {
  appContext: Context;
}
