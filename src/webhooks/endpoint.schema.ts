// Webhook endpoints and their deliveries in GraphQL (owners and admins of enterprise accounts).
import { builder } from '../graphql/builder.ts';
import type { WebhookEndpoint as EndpointRow } from '../db/prisma.ts';
import { pageOf } from '../lists/list-query.ts';
import { withoutNulls } from '../validation.ts';
import type { Context } from '../graphql/context.ts';
import {
  listDeliveries,
  type ManualDeliveryDeps,
  redeliver,
  sendTest,
} from './delivery.service.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  setEndpointStatus,
  updateEndpoint,
} from './endpoint.service.ts';
import type { EndpointDeps } from './endpoint.service.ts';

/** The services' dependencies, from a request whose scope checks ran (the actor is set). */
const webhookDeps = (ctx: Context): EndpointDeps & ManualDeliveryDeps => ({
  prisma: ctx.prisma,
  actor: ctx.actor!,
  jobs: ctx.services.jobs,
  secretKey: ctx.services.keys.secretEncryption,
  clock: ctx.services.config.clock,
  allowLoopback: ctx.services.config.outboundAllowLoopback,
});

type Endpoint = EndpointRow & { secret?: string };

const StatusEnum = builder.enumType('WebhookEndpointStatus', {
  values: ['active', 'paused'] as const,
});

function endpointType(name: string, withSecret: boolean) {
  return builder.objectRef<Endpoint>(name).implement({
    fields: (t) => ({
      id: t.exposeInt('id'),
      name: t.exposeString('name'),
      url: t.exposeString('url'),
      eventTypes: t.exposeStringList('eventTypes'),
      status: t.field({ type: StatusEnum, resolve: (e) => e.status }),
      previousSecretExpiresAt: t.field({
        type: 'DateTime',
        nullable: true,
        description:
          'After a rotation, until when the previous secret still signs (both signatures are sent).',
        resolve: (e, _args, ctx) =>
          e.previousSecretExpiresAt && e.previousSecretExpiresAt > ctx.services.config.clock()
            ? e.previousSecretExpiresAt
            : null,
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
      ...(withSecret
        ? {
            secret: t.string({
              description: 'The whsec_ signing secret: shown in this answer only.',
              resolve: (e) => e.secret!,
            }),
          }
        : {}),
    }),
  });
}
const EndpointType = endpointType('WebhookEndpoint', false);
const EndpointWithSecretType = endpointType('WebhookEndpointWithSecret', true);

interface DeliveryRow {
  id: string;
  eventId: string;
  endpointId: number;
  manual: boolean;
  status: string;
  requestUrl: string | null;
  requestHeaders: unknown;
  requestBody: string | null;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number | null;
  error: string | null;
  skipReason: string | null;
  createdAt: Date;
  completedAt: Date | null;
  event?: { type: string };
}
const DeliveryType = builder.objectRef<DeliveryRow>('WebhookDelivery').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    eventId: t.exposeString('eventId', {
      description: "Sent as X-Service-Delivery; the receiver's deduplication key.",
    }),
    eventType: t.string({ nullable: true, resolve: (d) => d.event?.type ?? null }),
    endpointId: t.exposeInt('endpointId'),
    manual: t.exposeBoolean('manual', { description: 'A test or a redelivery by hand.' }),
    status: t.exposeString('status', {
      description:
        'pending, succeeded, failed, or skipped (not sent: the endpoint was paused or deleted while it was queued).',
    }),
    requestUrl: t.exposeString('requestUrl', {
      nullable: true,
      description: "The URL the request was sent to (the endpoint's at the time).",
    }),
    requestHeaders: t.field({
      type: 'JSONObject',
      nullable: true,
      description: 'The headers sent, by lower-case name, X-Service-Signature-256 included.',
      resolve: (d) => d.requestHeaders as Record<string, string> | null,
    }),
    requestBody: t.exposeString('requestBody', {
      nullable: true,
      description: 'The body sent: the envelope, byte for byte as signed.',
    }),
    responseStatus: t.exposeInt('responseStatus', { nullable: true }),
    responseBody: t.exposeString('responseBody', {
      nullable: true,
      description: 'The first 4 KB of the answer.',
    }),
    durationMs: t.exposeInt('durationMs', { nullable: true }),
    error: t.exposeString('error', { nullable: true }),
    skipReason: t.exposeString('skipReason', {
      nullable: true,
      description: 'Why a skipped delivery was not sent: paused or deleted. null otherwise.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
  }),
});
const DeliveryPageType = builder
  .objectRef<{
    data: DeliveryRow[];
    page: number;
    pageSize: number;
    totalCount: number;
    totalPages: number;
  }>('WebhookDeliveryPage')
  .implement({
    fields: (t) => ({
      data: t.field({ type: [DeliveryType], resolve: (p) => p.data }),
      page: t.exposeInt('page'),
      pageSize: t.exposeInt('pageSize'),
      totalCount: t.exposeInt('totalCount'),
      totalPages: t.exposeInt('totalPages'),
    }),
  });

const EndpointInput = builder.inputType('WebhookEndpointInput', {
  fields: (t) => ({
    name: t.string(),
    url: t.string({ description: 'HTTPS, public.' }),
    eventTypes: t.stringList(),
  }),
});

const manage = { permission: 'manage:webhooks' } as const;

builder.queryFields((t) => ({
  webhookEndpoints: t.field({
    type: [EndpointType],
    authScopes: manage,
    resolve: (_r, _a, ctx) => listEndpoints(ctx.prisma, ctx.actor!),
  }),
  webhookEndpoint: t.field({
    type: EndpointType,
    authScopes: manage,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => getEndpoint(ctx.prisma, ctx.actor!, args.id),
  }),
  webhookDeliveries: t.field({
    type: DeliveryPageType,
    authScopes: manage,
    description: 'Attempts to deliver to the endpoint, newest first (kept 30 days).',
    args: { endpointId: t.arg.int({ required: true }), page: t.arg.int(), pageSize: t.arg.int() },
    resolve: (_r, args, ctx) => {
      const { page, pageSize } = pageOf(args);
      return listDeliveries(ctx.prisma, ctx.actor!, args.endpointId, page, pageSize);
    },
  }),
}));

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    type: EndpointWithSecretType,
    authScopes: manage,
    args: { input: t.arg({ type: EndpointInput, required: true }) },
    resolve: (_r, args, ctx) => createEndpoint(webhookDeps(ctx), withoutNulls(args.input, [])),
  }),
  updateWebhookEndpoint: t.field({
    type: EndpointType,
    authScopes: manage,
    args: {
      id: t.arg.int({ required: true }),
      input: t.arg({ type: EndpointInput, required: true }),
    },
    resolve: (_r, args, ctx) =>
      updateEndpoint(webhookDeps(ctx), args.id, withoutNulls(args.input, [])),
  }),
  pauseWebhookEndpoint: t.field({
    type: EndpointType,
    authScopes: manage,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => setEndpointStatus(ctx.prisma, ctx.actor!, args.id, 'paused'),
  }),
  resumeWebhookEndpoint: t.field({
    type: EndpointType,
    authScopes: manage,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => setEndpointStatus(ctx.prisma, ctx.actor!, args.id, 'active'),
  }),
  deleteWebhookEndpoint: t.boolean({
    authScopes: manage,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await deleteEndpoint(ctx.prisma, ctx.actor!, args.id);
      return true;
    },
  }),
  rotateWebhookSecret: t.field({
    type: EndpointWithSecretType,
    authScopes: manage,
    description: 'A new signing secret; the previous one keeps signing for 24 hours.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => rotateSecret(webhookDeps(ctx), args.id),
  }),
  sendTestWebhook: t.field({
    type: DeliveryType,
    authScopes: manage,
    description: 'Sends webhook.test ({test: {}}), even while the endpoint is paused.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => sendTest(webhookDeps(ctx), args.id),
  }),
  redeliverWebhook: t.field({
    type: DeliveryType,
    authScopes: manage,
    description: "Sends a recorded delivery's event again (same eventId), as a new delivery.",
    args: {
      endpointId: t.arg.int({ required: true }),
      deliveryId: t.arg.string({ required: true }),
    },
    resolve: (_r, args, ctx) => redeliver(webhookDeps(ctx), args.endpointId, args.deliveryId),
  }),
}));
