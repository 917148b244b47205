import { builder } from '../graphql/builder.ts';
import type { StatusReport } from './status.service.ts';

const CheckResultEnum = builder.enumType('CheckResult', { values: ['ok', 'error'] as const });

const ChecksType = builder.objectRef<StatusReport['checks']>('StatusChecks').implement({
  fields: (t) => ({
    database: t.field({ type: CheckResultEnum, resolve: (c) => c.database }),
    queue: t.field({ type: CheckResultEnum, resolve: (c) => c.queue }),
  }),
});

const StatusType = builder.objectRef<StatusReport>('Status').implement({
  description: 'Health of the service and its dependencies.',
  fields: (t) => ({
    status: t.field({
      type: builder.enumType('ServiceStatus', { values: ['ok', 'degraded'] as const }),
      resolve: (s) => s.status,
    }),
    version: t.exposeString('version', { description: 'The API version (semantic versioning).' }),
    checks: t.field({ type: ChecksType, resolve: (s) => s.checks }),
  }),
});

builder.queryField('status', (t) =>
  t.field({ type: StatusType, resolve: (_root, _args, ctx) => ctx.services.status.report() }),
);
