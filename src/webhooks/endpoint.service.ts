// Webhook endpoints (decisions "Webhooks and events"): enterprise accounts only, managed by owners
// and admins (the GraphQL scope `manage:webhooks` checks the role; this checks the plan).
import { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { DURATIONS } from '../config/constants.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import type { Context } from '../graphql/context.ts';
import { checkResolvedHost, checkUrl, UrlRefusedError } from '../http/outbound.ts';
import { parseOrThrow } from '../validation.ts';
import { EVENT_TYPES } from './events.ts';
import { encryptSecret, newSigningSecret } from './secrets.ts';

const eventTypes = z
  .array(z.enum(EVENT_TYPES, { error: `Unknown event type. Types: ${EVENT_TYPES.join(', ')}.` }))
  .min(1, 'Subscribe to at least one event type.')
  .transform((types) => [...new Set(types)]);

const endpointFields = {
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(200),
  url: z.string({ error: 'URL is required.' }).max(2048),
  eventTypes,
};
export const createEndpointInput = z.strictObject(endpointFields);
export const updateEndpointInput = z.strictObject(endpointFields).partial();

export const endpointNotFound = () => new NotFoundError('Webhook endpoint not found.');

export function assertEnterprise(actor: Actor): void {
  if (actor.plan !== 'enterprise')
    throw new ForbiddenError('Webhooks are available on the Enterprise plan.', 'plan_required');
}

/** HTTPS only, public addresses only (service-spec "Limits"): checked now, and again at every delivery. */
async function checkEndpointUrl(ctx: Context, url: string): Promise<string> {
  const policy = { allowLoopback: ctx.services.config.outboundAllowLoopback };
  try {
    const parsed = checkUrl(url, policy, { httpsOnly: true });
    await checkResolvedHost(parsed.hostname, policy);
    return parsed.toString();
  } catch (error) {
    if (error instanceof UrlRefusedError) throw ValidationError.field('url', error.message);
    throw error;
  }
}

const owned = (actor: Actor, id: number) => ({ id, accountId: actor.accountId, deletedAt: null });

export async function getEndpoint(prisma: PrismaClient, actor: Actor, id: number) {
  assertEnterprise(actor);
  const endpoint = await prisma.webhookEndpoint.findFirst({ where: owned(actor, id) });
  if (!endpoint) throw endpointNotFound();
  return endpoint;
}

export async function listEndpoints(prisma: PrismaClient, actor: Actor) {
  assertEnterprise(actor);
  return prisma.webhookEndpoint.findMany({
    where: { accountId: actor.accountId, deletedAt: null },
    orderBy: { id: 'asc' },
  });
}

/** The secret is in this answer only. */
export async function createEndpoint(ctx: Context, input: unknown) {
  const actor = ctx.actor!;
  assertEnterprise(actor);
  const { name, url, eventTypes } = parseOrThrow(createEndpointInput, input);
  const checkedUrl = await checkEndpointUrl(ctx, url);
  const secret = newSigningSecret();
  const endpoint = await ctx.prisma.webhookEndpoint.create({
    data: {
      accountId: actor.accountId,
      name,
      url: checkedUrl,
      eventTypes,
      secretEncrypted: encryptSecret(ctx.services.keys.secretEncryption, secret),
    },
  });
  return { ...endpoint, secret };
}

export async function updateEndpoint(ctx: Context, id: number, input: unknown) {
  const actor = ctx.actor!;
  await getEndpoint(ctx.prisma, actor, id);
  const change = parseOrThrow(updateEndpointInput, input);
  if (Object.keys(change).length === 0)
    throw ValidationError.field('body', 'Give at least one field to change.');
  const url = change.url === undefined ? undefined : await checkEndpointUrl(ctx, change.url);
  return ctx.prisma.webhookEndpoint.update({
    where: { id },
    data: { ...change, ...(url && { url }) },
  });
}

export async function setEndpointStatus(
  prisma: PrismaClient,
  actor: Actor,
  id: number,
  status: 'active' | 'paused',
) {
  await getEndpoint(prisma, actor, id);
  return prisma.webhookEndpoint.update({ where: { id }, data: { status } });
}

export async function deleteEndpoint(
  prisma: PrismaClient,
  actor: Actor,
  id: number,
): Promise<void> {
  await getEndpoint(prisma, actor, id);
  await prisma.webhookEndpoint.update({
    where: { id },
    data: { deletedAt: new Date(), status: 'paused' },
  });
}

/** A new secret; the old one keeps signing for 24 hours (both signatures are sent meanwhile). */
export async function rotateSecret(ctx: Context, id: number) {
  const endpoint = await getEndpoint(ctx.prisma, ctx.actor!, id);
  const secret = newSigningSecret();
  const now = ctx.services.config.clock();
  const updated = await ctx.prisma.webhookEndpoint.update({
    where: { id },
    data: {
      secretEncrypted: encryptSecret(ctx.services.keys.secretEncryption, secret),
      previousSecretEncrypted: endpoint.secretEncrypted,
      previousSecretExpiresAt: new Date(now.getTime() + DURATIONS.secretRotationOverlapMs),
    },
  });
  return { ...updated, secret };
}
