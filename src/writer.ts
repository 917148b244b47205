// What a write needs besides its input: the database, who writes, the events it causes, and "now".
import type { Actor } from './auth/actor.ts';
import type { PrismaClient } from './db/prisma.ts';
import type { Context } from './graphql/context.ts';
import type { EventRecorder } from './webhooks/events.ts';

export interface Writer {
  prisma: PrismaClient;
  actor: Actor;
  events: EventRecorder;
  now: Date;
}

/** The writer of an authenticated GraphQL request (the scope checks ran: the actor is set). */
export const writerOf = (ctx: Context): Writer => ({
  prisma: ctx.prisma,
  actor: ctx.actor!,
  events: ctx.services.events,
  now: ctx.services.config.clock(),
});
