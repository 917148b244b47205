// What a write needs besides its input: the database, who writes, the events it causes, and "now".
// Domain services take it instead of a GraphQL context, so that anything can call them (a resolver
// builds one with writerOf in graphql/context.ts, a job or the admin CLI with its own).
import type { Actor } from './auth/actor.ts';
import type { PrismaClient } from './db/prisma.ts';
import type { EventRecorder } from './webhooks/events.ts';

export interface Writer {
  prisma: PrismaClient;
  actor: Actor;
  events: EventRecorder;
  now: Date;
}
