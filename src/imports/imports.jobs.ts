// The AI import's background jobs: one per working stage (pipeline.ts runs them, stages.ts does the work).
import { z } from 'zod';
import { DURATIONS } from '../config/constants.ts';
import { defineJob } from '../jobs/workers.ts';
import {
  ABANDONED_STAGE_JOB,
  abandonStage,
  runStage,
  STAGE_JOBS,
  type WorkingStage,
} from './pipeline.ts';
import { enrichingBlocks, extractingText, generatingBlocks, initialize } from './stages.ts';

const stageData = z.object({ importJobId: z.number().int().positive() });

const stageJob = (stage: WorkingStage, work: Parameters<typeof runStage>[3], concurrency: number) =>
  defineJob({
    name: STAGE_JOBS[stage],
    schema: stageData,
    concurrency,
    pollingIntervalSeconds: 0.5,
    // A stage whose worker died is taken again within a minute, not after pg-boss's 15-minute expiry.
    heartbeatSeconds: DURATIONS.jobHeartbeatSeconds,
    handle: async ({ importJobId }, deps) => {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        await runStage(deps, importJobId, stage, work);
        deps.services.metrics.importStage(stage, 'completed', seconds());
      } catch (error) {
        deps.services.metrics.importStage(stage, 'failed', seconds());
        throw error;
      }
    },
  });

export const IMPORT_JOBS = [
  stageJob('initializing', initialize, 4),
  // OCR and PDF parsing use the CPU: two at a time on a small machine.
  stageJob('extractingText', extractingText, 2),
  // The LLM waits on the network: several at once.
  stageJob('generatingBlocks', generatingBlocks, 4),
  stageJob('enrichingBlocks', enrichingBlocks, 2),
  defineJob({
    name: ABANDONED_STAGE_JOB,
    schema: stageData,
    handle: ({ importJobId }, deps) => abandonStage(deps, importJobId),
  }),
];
