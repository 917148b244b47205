// The handlers of the AI import's background jobs (declared in imports.jobs.ts): pipeline.ts runs
// each stage, stages.ts does its work.
import { defineWorker } from '../jobs/workers.ts';
import { abandonedStageJob, STAGE_JOBS } from './imports.jobs.ts';
import { abandonStage, runStage, type StageWork, type WorkingStage } from './pipeline.ts';
import { enrichingBlocks, extractingText, generatingBlocks, initialize } from './stages.ts';

const stageWorker = (stage: WorkingStage, work: StageWork, concurrency: number) =>
  defineWorker(STAGE_JOBS[stage], {
    concurrency,
    pollingIntervalSeconds: 0.5,
    handle: async ({ importJobId }, deps) => {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        await runStage(deps, importJobId, stage, work);
        deps.metrics.importStage(stage, 'completed', seconds());
      } catch (error) {
        deps.metrics.importStage(stage, 'failed', seconds());
        throw error;
      }
    },
  });

export const IMPORT_WORKERS = [
  stageWorker('initializing', initialize, 4),
  // OCR and PDF parsing use the CPU: two at a time on a small machine.
  stageWorker('extractingText', extractingText, 2),
  // The LLM waits on the network: several at once.
  stageWorker('generatingBlocks', generatingBlocks, 4),
  stageWorker('enrichingBlocks', enrichingBlocks, 2),
  defineWorker(abandonedStageJob, {
    handle: ({ importJobId }, deps) => abandonStage(deps, importJobId),
  }),
];
