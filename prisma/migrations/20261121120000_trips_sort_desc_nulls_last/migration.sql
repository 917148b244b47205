-- Nullable sort fields sort their nulls last in both directions (decisions "Lists"). An ascending
-- index read backwards gives DESC NULLS FIRST, so descending sorts need their own index.
CREATE INDEX "trips_sort_duration_desc_idx" ON "trips"("account_id", "duration" DESC NULLS LAST, "id" DESC) WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_sort_date_start_desc_idx" ON "trips"("account_id", "date_start" DESC NULLS LAST, "id" DESC) WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_sort_date_finish_desc_idx" ON "trips"("account_id", "date_finish" DESC NULLS LAST, "id" DESC) WHERE "deleted_at" IS NULL;
