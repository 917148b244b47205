// Webhook endpoints (docs/decisions.md#events-and-webhooks): enterprise accounts only, managed by
// owners and admins (the GraphQL scope `manage:webhooks` checks the role; this checks the plan).
import type { Actor } from '../auth/actor.ts';
import { DURATIONS } from '../config/constants.ts';
import type { Prisma, PrismaClient } from '../db/prisma.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { checkResolvedHost, checkUrl, UrlRefusedError } from '../http/outbound.ts';
import { parseOrThrow } from '../validation.ts';
import { createEndpointInput, updateEndpointInput } from './endpoint.input.ts';
import { encryptSecret, newSigningSecret } from './secrets.ts';

/**
 * What changing an endpoint needs: the database, the caller, the key its secrets are encrypted
 * with, the clock, and whether receivers on loopback addresses are allowed (tests only).
 */
export interface EndpointDeps {
  prisma: PrismaClient;
  actor: Actor;
  secretKey: Buffer;
  clock: () => Date;
  allowLoopback: boolean;
}

export const endpointNotFound = () => new NotFoundError('Webhook endpoint not found.');

export function assertEnterprise(actor: Actor): void {
  if (actor.plan !== 'enterprise')
    throw new ForbiddenError('Webhooks are available on the Enterprise plan.', 'plan_required');
}

/**
 * HTTPS only, public addresses only (docs/webhooks.md#untrusted-urls): checked now, and again at every delivery.
 */
async function checkEndpointUrl(allowLoopback: boolean, url: string): Promise<string> {
  const policy = { allowLoopback };
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
export async function createEndpoint(deps: EndpointDeps, input: unknown) {
  const { actor } = deps;
  assertEnterprise(actor);
  const { name, url, eventTypes } = parseOrThrow(createEndpointInput, input);
  const checkedUrl = await checkEndpointUrl(deps.allowLoopback, url);
  const secret = newSigningSecret();
  const endpoint = await deps.prisma.webhookEndpoint.create({
    data: {
      accountId: actor.accountId,
      name,
      url: checkedUrl,
      eventTypes,
      secretEncrypted: encryptSecret(deps.secretKey, secret),
    },
  });
  return { ...endpoint, secret };
}

export async function updateEndpoint(deps: EndpointDeps, id: number, input: unknown) {
  await getEndpoint(deps.prisma, deps.actor, id);
  const change = parseOrThrow(updateEndpointInput, input);
  if (Object.keys(change).length === 0)
    throw ValidationError.field('body', 'Give at least one field to change.');
  const url =
    change.url === undefined ? undefined : await checkEndpointUrl(deps.allowLoopback, change.url);
  return deps.prisma.webhookEndpoint.update({
    where: { id },
    data: { ...change, ...(url && { url }) },
  });
}

/**
 * Pause and delete take effect at once (docs/webhooks.md#pause-and-delete-take-effect-at-once): in the transaction that changes the
 * endpoint, what is queued for it and not begun is recorded as skipped, with the reason. The
 * endpoint's row, updated first, is what a delivery holds while it begins (delivery.service.ts):
 * once this commits, no attempt to the endpoint starts; one already under way is recorded as
 * usual. A pause leaves deliveries by hand queued (a test is sent even while paused).
 */
async function skipQueued(
  tx: Prisma.TransactionClient,
  endpointId: number,
  reason: 'paused' | 'deleted',
  now: Date,
): Promise<void> {
  await tx.delivery.updateMany({
    where: {
      endpointId,
      status: 'pending',
      startedAt: null,
      ...(reason === 'paused' && { manual: false }),
    },
    data: { status: 'skipped', skipReason: reason, completedAt: now },
  });
}

export async function setEndpointStatus(
  prisma: PrismaClient,
  actor: Actor,
  id: number,
  status: 'active' | 'paused',
) {
  await getEndpoint(prisma, actor, id);
  return prisma.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.update({ where: { id }, data: { status } });
    if (status === 'paused') await skipQueued(tx, id, 'paused', new Date());
    return endpoint;
  });
}

export async function deleteEndpoint(
  prisma: PrismaClient,
  actor: Actor,
  id: number,
): Promise<void> {
  await getEndpoint(prisma, actor, id);
  await prisma.$transaction(async (tx) => {
    const now = new Date();
    await tx.webhookEndpoint.update({
      where: { id },
      data: { deletedAt: now, status: 'paused' },
    });
    await skipQueued(tx, id, 'deleted', now);
  });
}

/** A new secret; the old one keeps signing for 24 hours (both signatures are sent meanwhile). */
export async function rotateSecret(deps: EndpointDeps, id: number) {
  const endpoint = await getEndpoint(deps.prisma, deps.actor, id);
  const secret = newSigningSecret();
  const now = deps.clock();
  const updated = await deps.prisma.webhookEndpoint.update({
    where: { id },
    data: {
      secretEncrypted: encryptSecret(deps.secretKey, secret),
      previousSecretEncrypted: endpoint.secretEncrypted,
      previousSecretExpiresAt: new Date(now.getTime() + DURATIONS.secretRotationOverlapMs),
    },
  });
  return { ...updated, secret };
}
