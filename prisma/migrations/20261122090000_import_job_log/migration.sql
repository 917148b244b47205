-- AI import jobs: when each stage started and finished, and a log of what the pipeline decided
-- (which generator ran, fallbacks, warnings), both shown to operators through GraphQL.
ALTER TABLE "import_jobs" ADD COLUMN "stage_timings" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "import_jobs" ADD COLUMN "log" JSONB NOT NULL DEFAULT '[]';

-- Operators list the jobs still running by stage (queue depth per stage).
CREATE INDEX "import_jobs_processing_stage_idx" ON "import_jobs"("stage") WHERE "status" = 'processing';
