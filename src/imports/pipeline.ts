// The import pipeline: one pg-boss job per working stage. Each run of a stage
//  1. reads its import job and does nothing unless the job is still `processing` at that stage
//     (so a redelivered, cancelled or failed job is left alone: every step is safe to run twice);
//  2. does its work outside any transaction, watching for a cancel meanwhile;
//  3. commits its result, the move to the next stage and the next stage's job in one transaction,
//     conditional on the job still being at its stage: a cancel that won the race rolls it all
//     back, the trip of the last stage included.
// An expected failure (ImportFailure) or an unexpected one ends the job in `error` with a message.
import { IMPORTS } from '../config/constants.ts';
import type { Prisma, PrismaClient } from '../db/prisma.ts';
import type { ImportJob, ImportStage } from '../generated/prisma/client.ts';
import type { JobDeps } from '../jobs/workers.ts';
import type { Logger } from '../logger.ts';
import type { Services } from '../services.ts';
import { STAGE_JOBS } from './imports.jobs.ts';
import { ImportFailure } from './pipeline.errors.ts';

export const WORKING_STAGES = [
  'initializing',
  'extractingText',
  'generatingBlocks',
  'enrichingBlocks',
] as const;
export type WorkingStage = (typeof WORKING_STAGES)[number];

const NEXT_STAGE: Record<WorkingStage, ImportStage> = {
  initializing: 'extractingText',
  extractingText: 'generatingBlocks',
  generatingBlocks: 'enrichingBlocks',
  enrichingBlocks: 'completed',
};

type Tx = Prisma.TransactionClient;

export interface StageContext extends JobDeps {
  /** The configuration and the event recorder, where stages.ts reads them. */
  services: Pick<Services, 'config' | 'events'>;
  job: ImportJob;
  /** Aborted when the job is cancelled while the stage runs. */
  signal: AbortSignal;
  /** Adds an entry to the job's log (kept, shown to operators). */
  log(message: string, level?: 'info' | 'warn'): Promise<void>;
}

export interface StageResult {
  /** Columns of the import job to save with the move to the next stage. */
  data?: Prisma.ImportJobUpdateManyMutationInput;
  /** More work in the same transaction as the move (the last stage creates the trip here). */
  commit?(tx: Tx): Promise<Prisma.ImportJobUncheckedUpdateInput | undefined>;
}

export type StageWork = (ctx: StageContext) => Promise<StageResult>;

/**
 * A stage's job failed on every attempt without ending its import: its worker died each time
 * (a stale heartbeat), or the failure could not be recorded. The import ends in `error` instead
 * of staying `processing` for ever. Nothing happens if it has moved on meanwhile.
 */
export async function abandonStage(deps: JobDeps, importJobId: number): Promise<void> {
  const job = await deps.prisma.importJob.findUnique({
    where: { id: importJobId },
    select: { status: true, stage: true },
  });
  if (job?.status !== 'processing') return;
  await failJob(
    deps.prisma,
    deps.logger,
    importJobId,
    job.stage,
    new Error('every attempt of the stage failed'),
    deps.clock(),
  );
}

export interface LogEntry {
  at: string;
  stage: ImportStage;
  level: 'info' | 'warn' | 'error';
  message: string;
}

export async function appendLog(
  db: Pick<Tx, '$executeRaw'>,
  id: number,
  entry: LogEntry,
): Promise<void> {
  await db.$executeRaw`UPDATE import_jobs SET log = log || ${JSON.stringify([entry])}::jsonb WHERE id = ${id}`;
}

type Timings = Record<string, { startedAt?: string; runningAt?: string; finishedAt?: string }>;

/** The stage's timings after `stage` hands over to `next` at `now`. */
export function handOver(
  timings: unknown,
  stage: ImportStage,
  next: ImportStage,
  now: Date,
): Timings {
  const t = { ...(timings as Timings) };
  const at = now.toISOString();
  t[stage] = { ...t[stage], finishedAt: at };
  t[next] = next === 'completed' ? { startedAt: at, finishedAt: at } : { startedAt: at };
  return t;
}

class Superseded extends Error {}

export async function runStage(
  deps: JobDeps,
  importJobId: number,
  stage: WorkingStage,
  work: StageWork,
): Promise<void> {
  const { prisma, jobs, logger } = deps;
  const job = await prisma.importJob.findUnique({ where: { id: importJobId } });
  if (job?.status !== 'processing' || job.stage !== stage) return;
  const { clock } = deps;
  const timings = {
    ...(job.stageTimings as Timings),
    [stage]: { ...(job.stageTimings as Timings)[stage], runningAt: clock().toISOString() },
  };
  await prisma.importJob.updateMany({
    where: { id: job.id, status: 'processing', stage },
    data: { stageTimings: timings },
  });

  const watcher = watchCancellation(prisma, job.id);
  const log = (message: string, level: 'info' | 'warn' = 'info') =>
    appendLog(prisma, job.id, { at: clock().toISOString(), stage, level, message });
  try {
    const result = await work({
      ...deps,
      services: { config: deps.config, events: deps.events },
      job: { ...job, stageTimings: timings },
      signal: watcher.signal,
      log,
    });
    if (watcher.signal.aborted) return;
    const next = NEXT_STAGE[stage];
    await prisma.$transaction(async (tx) => {
      const done = next === 'completed';
      const now = clock();
      const moved = await tx.importJob.updateMany({
        where: { id: job.id, status: 'processing', stage },
        data: {
          ...result.data,
          stage: next,
          stageTimings: handOver(timings, stage, next, now),
          ...(done ? { status: 'completed', finishedAt: now } : {}),
        },
      });
      if (moved.count === 0) throw new Superseded();
      const more = await result.commit?.(tx);
      if (more) await tx.importJob.update({ where: { id: job.id }, data: more });
      // Queued with the move; this process's worker of the next stage is woken once it commits.
      if (!done) await jobs.enqueue(tx, STAGE_JOBS[next as WorkingStage], { importJobId: job.id });
    });
  } catch (error) {
    if (error instanceof Superseded || watcher.signal.aborted) return;
    await failJob(prisma, logger, job.id, stage, error, clock());
  } finally {
    watcher.stop();
  }
}

/** Ends the job in `error`. Throws only when that cannot be recorded (the database is down): pg-boss retries. */
async function failJob(
  prisma: PrismaClient,
  logger: Logger,
  id: number,
  stage: ImportStage,
  error: unknown,
  now: Date,
): Promise<void> {
  const expected = error instanceof ImportFailure;
  if (!expected) logger.error({ err: error, importJobId: id, stage }, 'import stage failed');
  const message = expected
    ? error.message
    : `The import failed unexpectedly while ${STAGE_WORDS[stage]}.`;
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.importJob.updateMany({
      where: { id, status: 'processing' },
      data: { status: 'error', error: message, finishedAt: now },
    });
    if (count)
      await appendLog(tx, id, {
        at: now.toISOString(),
        stage,
        level: 'error',
        message: expected ? message : `${message} ${String((error as Error)?.message ?? error)}`,
      });
  });
}

const STAGE_WORDS: Record<ImportStage, string> = {
  initializing: 'reading the document',
  extractingText: 'extracting its text',
  generatingBlocks: 'building the itinerary',
  enrichingBlocks: 'completing the itinerary',
  completed: 'finishing',
};

/** An AbortSignal that fires when the job leaves `processing` (cancelled) while a stage works. */
function watchCancellation(prisma: PrismaClient, id: number) {
  const controller = new AbortController();
  const timer = setInterval(() => {
    prisma.importJob
      .findUnique({ where: { id }, select: { status: true } })
      .then((row) => {
        if (row?.status !== 'processing') controller.abort();
      })
      .catch(() => {}); // a missed poll is retried at the next tick
  }, IMPORTS.cancelPollMs);
  timer.unref();
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}
