// The AI import's background jobs, as their senders see them: one per working stage (the import
// service queues the first, pipeline.ts each next one) and the dead-letter queue of stages whose
// attempts are all spent. Their handlers are in imports.workers.ts.
import { z } from 'zod';
import { DURATIONS } from '../config/constants.ts';
import { defineJob } from '../jobs/job.ts';

const stageData = z.object({ importJobId: z.number().int().positive() });

/** Where pg-boss moves a stage's job whose attempts are all spent (see abandonStage). */
export const abandonedStageJob = defineJob({ name: 'imports.stage-abandoned', schema: stageData });

const stageJob = (name: string) =>
  defineJob({
    name,
    schema: stageData,
    options: { retryLimit: 2, retryDelay: 5, deadLetter: abandonedStageJob.name },
    // A stage whose worker died is taken again within a minute, not after pg-boss's 15-minute expiry.
    heartbeatSeconds: DURATIONS.jobHeartbeatSeconds,
  });

/** The job of each working stage (pipeline.ts WORKING_STAGES). */
export const STAGE_JOBS = {
  initializing: stageJob('imports.initialize'),
  extractingText: stageJob('imports.extract-text'),
  generatingBlocks: stageJob('imports.generate-blocks'),
  enrichingBlocks: stageJob('imports.enrich-blocks'),
};
