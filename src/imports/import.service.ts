// Import jobs: create (checks the source, stores the document, queues the first stage in the same
// transaction), read by public id, cancel, and the operators' views (jobs of the account, queue
// depth per stage). See docs/decisions.md#ai-import.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../auth/actor.ts';
import type { Prisma, PrismaClient } from '../db/prisma.ts';
import { BadRequestError, ForbiddenError } from '../errors.ts';
import type { ImportJob, ImportStage, ImportStatus } from '../generated/prisma/client.ts';
import { checkResolvedHost, checkUrl, UrlRefusedError } from '../http/outbound.ts';
import { isUuid } from '../shared/identifiers.ts';
import type { Services } from '../services.ts';
import type { Writer } from '../writer.ts';
import { detectMediaType, SUPPORTED_FORMATS } from './document.ts';
import { decodeInline, textOf, type CreateImportInput } from './import.input.ts';
import { STAGE_JOBS } from './imports.jobs.ts';
import { appendLog, WORKING_STAGES } from './pipeline.ts';
import { JobNotFoundError } from './pipeline.errors.ts';

interface Prepared {
  sourceUrl?: string;
  sourceFilename?: string;
  mediaType?: string;
  content?: Uint8Array<ArrayBuffer>;
}

/** What starting an import needs besides its Writer: the outbound policy and the job kit. */
type ImportServices = Pick<Services, 'config' | 'jobs'>;

async function prepareSource(
  input: CreateImportInput,
  services: ImportServices,
): Promise<Prepared> {
  const { source } = input;
  switch (source.type) {
    case 'url': {
      const policy = { allowLoopback: services.config.outboundAllowLoopback };
      try {
        const url = checkUrl(source.url, policy);
        await checkResolvedHost(url.hostname, policy);
        return { sourceUrl: url.toString() };
      } catch (error) {
        if (error instanceof UrlRefusedError)
          throw new BadRequestError('invalid_url', error.message);
        throw error;
      }
    }
    case 'text':
      return {
        mediaType: 'text/plain',
        content: new Uint8Array(Buffer.from(textOf(source.text), 'utf8')),
      };
    case 'inline': {
      const content = new Uint8Array(decodeInline(source.data));
      const mediaType = detectMediaType(content);
      if (!mediaType)
        throw new BadRequestError(
          'unsupported_format',
          `${source.filename} is not ${SUPPORTED_FORMATS}.`,
        );
      return { sourceFilename: source.filename, mediaType, content };
    }
  }
}

export async function createImport(
  w: Writer,
  services: ImportServices,
  input: CreateImportInput,
): Promise<ImportJob> {
  const prepared = await prepareSource(input, services);
  return w.prisma.$transaction(async (tx) => {
    const job = await tx.importJob.create({
      data: {
        publicId: randomUUID(),
        accountId: w.actor.accountId,
        agentId: w.actor.agentId,
        sourceType: input.source.type,
        sourceUrl: prepared.sourceUrl,
        sourceFilename: prepared.sourceFilename,
        mediaType: prepared.mediaType,
        isTemplate: input.isTemplate,
        stageTimings: { initializing: { startedAt: w.now.toISOString() } },
        ...(prepared.content ? { document: { create: { content: prepared.content } } } : {}),
      },
    });
    // Queued with the import; this process's worker of the stage is woken once it commits.
    await services.jobs.enqueue(tx, STAGE_JOBS.initializing, { importJobId: job.id });
    return job;
  });
}

export async function getImport<
  Q extends { include?: Prisma.ImportJobInclude; select?: Prisma.ImportJobSelect },
>(prisma: PrismaClient, publicId: string, query?: Q) {
  if (!isUuid(publicId)) throw new JobNotFoundError();
  const job = await prisma.importJob.findUnique({
    ...(query ?? {}),
    where: { publicId: publicId.toLowerCase() },
  });
  if (!job) throw new JobNotFoundError();
  return job;
}

/** A job of the caller's account (operators' view); any other is not found. */
export async function getAccountImport<
  Q extends { include?: Prisma.ImportJobInclude; select?: Prisma.ImportJobSelect },
>(prisma: PrismaClient, actor: Actor, publicId: string, query?: Q) {
  if (!isUuid(publicId)) throw new JobNotFoundError();
  const job = await prisma.importJob.findFirst({
    ...(query ?? {}),
    where: { publicId: publicId.toLowerCase(), accountId: actor.accountId },
  });
  if (!job) throw new JobNotFoundError();
  return job;
}

/**
 * Whether the caller sees the job whole (error, aiCredits): any reader of imports in its account
 * (docs/decisions.md#ai-import), as `importJobs` shows both to the same readers. The creator alone
 * (issue 6's wording) hid from an admin what its own list shows.
 */
export const seesWholeJob = (
  actor: Actor | null,
  job: { accountId: number },
  can: (permission: 'read:imports') => boolean,
) => actor !== null && actor.accountId === job.accountId && can('read:imports');

/** Only the creator, only while processing. A job of another account does not exist for the caller. */
export async function cancelImport(w: Writer, publicId: string): Promise<void> {
  if (!isUuid(publicId)) throw new JobNotFoundError();
  await w.prisma.$transaction(async (tx) => {
    const job = await tx.importJob.findUnique({
      where: { publicId: publicId.toLowerCase() },
      select: { id: true, accountId: true, agentId: true, status: true, stage: true },
    });
    if (!job || job.accountId !== w.actor.accountId) throw new JobNotFoundError();
    if (job.agentId !== w.actor.agentId)
      throw new ForbiddenError('Only the agent who created the import job may cancel it.');
    // Conditional: a stage committing at this moment holds the row; whichever wins, the other sees it.
    const { count } = await tx.importJob.updateMany({
      where: { id: job.id, status: 'processing' },
      data: { status: 'canceled', finishedAt: w.now },
    });
    if (count === 0) {
      const current = await tx.importJob.findUniqueOrThrow({
        where: { id: job.id },
        select: { status: true },
      });
      throw new BadRequestError(
        'job_not_cancelable',
        `The job is ${current.status}; only a job that is processing can be cancelled.`,
      );
    }
    await appendLog(tx, job.id, {
      at: w.now.toISOString(),
      stage: job.stage,
      level: 'info',
      message: `Cancelled by agent ${w.actor.agentId}.`,
    });
  });
}

/** The creator of a job as the actor its trip is created by. */
export async function creatorOf(
  prisma: PrismaClient,
  job: Pick<ImportJob, 'accountId' | 'agentId'>,
): Promise<Actor> {
  const membership = await prisma.membership.findFirst({
    where: { accountId: job.accountId, agentId: job.agentId },
    select: { role: true, account: { select: { plan: true, organisationId: true } } },
  });
  if (!membership)
    throw new ForbiddenError('The agent who created the import no longer belongs to the account.');
  return {
    agentId: job.agentId,
    accountId: job.accountId,
    organisationId: membership.account.organisationId,
    plan: membership.account.plan,
    role: membership.role,
    via: 'apiKey',
  };
}

export interface ImportJobFilter {
  status?: ImportStatus | null;
  stage?: ImportStage | null;
}
export const importJobsWhere = (
  actor: Actor,
  filter: ImportJobFilter,
): Prisma.ImportJobWhereInput => ({
  accountId: actor.accountId,
  ...(filter.status ? { status: filter.status } : {}),
  ...(filter.stage ? { stage: filter.stage } : {}),
});

export interface StageQueue {
  stage: ImportStage;
  processing: number;
  queued: number;
  active: number;
}

/** Per working stage: the account's jobs in it, and the stage queue's waiting and running jobs (all accounts). */
export async function importQueues(
  prisma: PrismaClient,
  services: Pick<Services, 'boss'>,
  actor: Actor,
): Promise<StageQueue[]> {
  const counts = await prisma.importJob.groupBy({
    by: ['stage'],
    where: { accountId: actor.accountId, status: 'processing' },
    _count: { _all: true },
  });
  return Promise.all(
    WORKING_STAGES.map(async (stage) => {
      const stats = (await services.boss.getQueueStats(STAGE_JOBS[stage].name).catch(() => []))[0];
      return {
        stage,
        processing: counts.find((c) => c.stage === stage)?._count._all ?? 0,
        queued: stats?.queuedCount ?? 0,
        active: stats?.activeCount ?? 0,
      };
    }),
  );
}
