// The AI import in GraphQL: create, status (public) and cancel, which the REST variants run, and
// the operators' views: the account's import jobs with their stages, timings, log and errors,
// and the queue depth per stage.
import { actorCan, callerSubject } from '../auth/actor.ts';
import { builder } from '../graphql/builder.ts';
import { type Context, writerOf } from '../graphql/context.ts';
import { pageOf } from '../lists/list-query.ts';
import { TripType } from '../trips/trip.schema.ts';
import { withoutNulls } from '../validation.ts';
import { parseCreateImport } from './import.input.ts';
import { appUrls } from './import.links.ts';
import {
  cancelImport,
  createImport,
  getAccountImport,
  getImport,
  importJobsWhere,
  importQueues,
  seesWholeJob,
} from './import.service.ts';
import type { LogEntry } from './pipeline.ts';
import type { Prisma } from '../db/prisma.ts';

const STATUSES = ['processing', 'completed', 'error', 'canceled'] as const;
const STAGES = [
  'initializing',
  'extractingText',
  'generatingBlocks',
  'enrichingBlocks',
  'completed',
] as const;
export const ImportStatusEnum = builder.enumType('ImportStatus', { values: STATUSES });
export const ImportStageEnum = builder.enumType('ImportStage', { values: STAGES });
const ImportSourceTypeEnum = builder.enumType('ImportSourceType', {
  values: ['url', 'text', 'inline'] as const,
});

const whole = (ctx: Context, job: { accountId: number }) =>
  seesWholeJob(ctx.actor, job, (p) => actorCan(ctx.actor, p));
const linkedTrip = {
  select: { publicId: true, trip: { select: { id: true, slug: true } } },
} as const;

export const TripImportJobType = builder.prismaObject('ImportJob', {
  name: 'TripImportJob',
  description:
    "An AI import job as its status shows it. error and aiCredits only for readers of imports in the job's account.",
  fields: (t) => ({
    jobId: t.exposeString('publicId', { description: 'Public UUID of the job.' }),
    status: t.expose('status', { type: ImportStatusEnum }),
    stage: t.expose('stage', { type: ImportStageEnum }),
    publicUrl: t.string({
      ...linkedTrip,
      description: "The trip's public page once completed.",
      resolve: (job, _a, ctx) => appUrls(ctx.services.config, job).publicUrl,
    }),
    builderUrl: t.string({
      ...linkedTrip,
      description: 'The trip in the builder once completed (needs signing in).',
      resolve: (job, _a, ctx) => appUrls(ctx.services.config, job).builderUrl,
    }),
    tripId: t.exposeInt('tripId', { nullable: true }),
    tripSlug: t.string({
      nullable: true,
      select: { trip: { select: { slug: true } } },
      resolve: (job) => job.trip?.slug ?? null,
    }),
    error: t.string({
      nullable: true,
      select: { accountId: true, error: true },
      resolve: (job, _a, ctx) => (whole(ctx, job) ? job.error : null),
    }),
    aiCredits: t.int({
      nullable: true,
      select: { accountId: true, aiCredits: true },
      resolve: (job, _a, ctx) => (whole(ctx, job) ? job.aiCredits : null),
    }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

interface StageTiming {
  stage: string;
  startedAt: string | null;
  runningAt: string | null;
  finishedAt: string | null;
}
const StageTimingType = builder.objectRef<StageTiming>('ImportStageTiming').implement({
  description: 'When a stage was reached, when a worker took it up, and when it handed over.',
  fields: (t) => ({
    stage: t.exposeString('stage'),
    startedAt: t.string({ nullable: true, resolve: (s) => s.startedAt }),
    runningAt: t.string({ nullable: true, resolve: (s) => s.runningAt }),
    finishedAt: t.string({ nullable: true, resolve: (s) => s.finishedAt }),
    waitedMs: t.int({
      nullable: true,
      description: 'Time queued before a worker took it.',
      resolve: (s) => span(s.startedAt, s.runningAt),
    }),
    workedMs: t.int({ nullable: true, resolve: (s) => span(s.runningAt, s.finishedAt) }),
  }),
});
const span = (a: string | null, b: string | null) =>
  a && b ? Date.parse(b) - Date.parse(a) : null;

const LogEntryType = builder.objectRef<LogEntry>('ImportLogEntry').implement({
  fields: (t) => ({
    at: t.exposeString('at'),
    stage: t.exposeString('stage'),
    level: t.exposeString('level'),
    message: t.exposeString('message'),
  }),
});

export const ImportJobType = builder.prismaObject('ImportJob', {
  variant: 'ImportJob',
  description:
    'An import job for operators of its account: source, stages with timings, log, error, result.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    jobId: t.exposeString('publicId'),
    agentId: t.exposeInt('agentId'),
    status: t.expose('status', { type: ImportStatusEnum }),
    stage: t.expose('stage', { type: ImportStageEnum }),
    sourceType: t.expose('sourceType', { type: ImportSourceTypeEnum }),
    sourceUrl: t.exposeString('sourceUrl', { nullable: true }),
    sourceFilename: t.exposeString('sourceFilename', { nullable: true }),
    mediaType: t.exposeString('mediaType', { nullable: true }),
    isTemplate: t.exposeBoolean('isTemplate'),
    aiCredits: t.exposeInt('aiCredits'),
    error: t.exposeString('error', { nullable: true }),
    tripId: t.exposeInt('tripId', { nullable: true }),
    trip: t.relation('trip', { type: TripType, nullable: true }),
    stages: t.field({
      type: [StageTimingType],
      select: { stageTimings: true },
      resolve: (job) =>
        STAGES.filter((stage) => (job.stageTimings as Record<string, object>)[stage]).map(
          (stage) => {
            const timing = (job.stageTimings as Record<string, Partial<StageTiming>>)[stage]!;
            return {
              stage,
              startedAt: timing.startedAt ?? null,
              runningAt: timing.runningAt ?? null,
              finishedAt: timing.finishedAt ?? null,
            };
          },
        ),
    }),
    log: t.field({
      type: [LogEntryType],
      select: { log: true },
      resolve: (job) => job.log as unknown as LogEntry[],
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
    durationMs: t.int({
      nullable: true,
      select: { createdAt: true, finishedAt: true },
      resolve: (job) =>
        job.finishedAt ? job.finishedAt.getTime() - job.createdAt.getTime() : null,
    }),
  }),
});

interface ImportJobPageShape {
  page: number;
  pageSize: number;
  where: Prisma.ImportJobWhereInput;
  total?: Promise<number>;
}
const countJobs = (page: ImportJobPageShape, ctx: Context) =>
  (page.total ??= ctx.prisma.importJob.count({ where: page.where }));
const ImportJobPageType = builder.objectRef<ImportJobPageShape>('ImportJobPage').implement({
  fields: (t) => ({
    data: t.prismaField({
      type: [ImportJobType],
      resolve: (query, page, _a, ctx) =>
        ctx.prisma.importJob.findMany({
          ...query,
          where: page.where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (page.page - 1) * page.pageSize,
          take: page.pageSize,
        }),
    }),
    page: t.exposeInt('page'),
    pageSize: t.exposeInt('pageSize'),
    totalCount: t.int({ resolve: (page, _a, ctx) => countJobs(page, ctx) }),
    totalPages: t.int({
      resolve: async (page, _a, ctx) => Math.ceil((await countJobs(page, ctx)) / page.pageSize),
    }),
  }),
});

const StageQueueType = builder
  .objectRef<{ stage: string; processing: number; queued: number; active: number }>(
    'ImportStageQueue',
  )
  .implement({
    description:
      "One working stage: the account's jobs in it, and the stage queue's waiting and running jobs (all accounts).",
    fields: (t) => ({
      stage: t.exposeString('stage'),
      processing: t.exposeInt('processing'),
      queued: t.exposeInt('queued'),
      active: t.exposeInt('active'),
    }),
  });

const SourceInput = builder.inputType('TripImportSourceInput', {
  description:
    'One of: {type: url, url}, {type: text, text (a string, or a JSON value: a booking-system export)}, {type: inline, data (base64), filename}.',
  fields: (t) => ({
    type: t.field({ type: ImportSourceTypeEnum, required: true }),
    url: t.string(),
    text: t.field({ type: 'JSON' }),
    data: t.string({
      description:
        'Base64 of a PDF, DOCX, TXT, HTML, EML, ICS, JPG or PNG document, at most 20 MB.',
    }),
    filename: t.string(),
  }),
});
const CreateTripImportInput = builder.inputType('CreateTripImportInput', {
  fields: (t) => ({
    source: t.field({ type: SourceInput, required: true }),
    isTemplate: t.boolean(),
  }),
});

builder.queryFields((t) => ({
  tripImport: t.prismaField({
    type: TripImportJobType,
    description:
      "A job's status; public. error and aiCredits only for readers of imports in its account.",
    args: { jobId: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) => getImport(ctx.prisma, args.jobId, query),
  }),
  importJob: t.prismaField({
    type: ImportJobType,
    authScopes: { permission: 'read:imports' },
    args: { jobId: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      getAccountImport(ctx.prisma, ctx.actor!, args.jobId, query),
  }),
  importJobs: t.field({
    type: ImportJobPageType,
    authScopes: { permission: 'read:imports' },
    description: "The account's import jobs, newest first.",
    args: {
      page: t.arg.int(),
      pageSize: t.arg.int(),
      status: t.arg({ type: ImportStatusEnum }),
      stage: t.arg({ type: ImportStageEnum }),
    },
    resolve: (_root, args, ctx) => ({ ...pageOf(args), where: importJobsWhere(ctx.actor!, args) }),
  }),
  importQueues: t.field({
    type: [StageQueueType],
    authScopes: { permission: 'read:imports' },
    description: 'Queue depth per working stage.',
    resolve: (_root, _args, ctx) => importQueues(ctx.prisma, ctx.services, ctx.actor!),
  }),
}));

builder.subscriptionFields((t) => ({
  importJob: t.prismaField({
    type: TripImportJobType,
    description:
      "A job's status now, then at each change of its stage or status, until it ends (completed, error, canceled): live progress over Server-Sent Events. Public like tripImport: error and aiCredits only for readers of imports in its account.",
    args: { jobId: t.arg.string({ required: true }) },
    subscribe: (_root, args, ctx) => watchImport(ctx, args.jobId),
    resolve: (query, id: number, _args, ctx) =>
      ctx.prisma.importJob.findUniqueOrThrow({ ...query, where: { id } }),
  }),
}));

/** The job's id at each change of what its status shows; the stream ends with the job. */
async function watchImport(ctx: Context, jobId: string) {
  const { id } = await getImport(ctx.prisma, jobId, { select: { id: true } });
  let shown: string | undefined;
  return ctx.services.live.watch(
    `import_job:${id}`,
    callerSubject(ctx.actor, ctx.clientIp),
    async () => {
      const job = await ctx.prisma.importJob.findUnique({
        where: { id },
        select: { status: true, stage: true, tripId: true },
      });
      if (!job) return { last: true };
      const state = `${job.status}/${job.stage}/${job.tripId}`;
      if (state === shown) return undefined;
      shown = state;
      return { value: id, last: job.status !== 'processing' };
    },
  );
}

builder.mutationFields((t) => ({
  createTripImport: t.prismaField({
    type: TripImportJobType,
    authScopes: { permission: 'create:imports' },
    description:
      'Starts an import: 400 invalid_source, invalid_url or unsupported_format when the source cannot be used.',
    args: { input: t.arg({ type: CreateTripImportInput, required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const source = withoutNulls(args.input.source as Record<string, unknown>, []);
      const input = parseCreateImport({
        source,
        ...(args.input.isTemplate !== null && args.input.isTemplate !== undefined
          ? { isTemplate: args.input.isTemplate }
          : {}),
      });
      const job = await createImport(writerOf(ctx), ctx.services, input);
      return ctx.prisma.importJob.findUniqueOrThrow({ ...query, where: { id: job.id } });
    },
  }),
  cancelTripImport: t.prismaField({
    type: TripImportJobType,
    authScopes: { permission: 'create:imports' },
    description:
      'Only the agent who created the job, only while processing (else 400 job_not_cancelable).',
    args: { jobId: t.arg.string({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      await cancelImport(writerOf(ctx), args.jobId);
      return getImport(ctx.prisma, args.jobId, query);
    },
  }),
}));
