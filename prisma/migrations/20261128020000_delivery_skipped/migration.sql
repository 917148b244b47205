-- Pause and delete take effect at once (README "Webhooks"): a delivery still queued when its
-- endpoint is paused or deleted is recorded as skipped, with the reason, instead of being sent.
-- `started_at` marks an attempt under way: it is recorded whatever happens, so pause and delete
-- leave it alone. The partial index serves their sweep of an endpoint's queued deliveries.
ALTER TYPE "DeliveryStatus" ADD VALUE 'skipped';
CREATE TYPE "DeliverySkipReason" AS ENUM ('paused', 'deleted');
ALTER TABLE "deliveries"
  ADD COLUMN "skip_reason" "DeliverySkipReason",
  ADD COLUMN "started_at" TIMESTAMPTZ(3);
CREATE INDEX "deliveries_pending_endpoint_idx" ON "deliveries" ("endpoint_id") WHERE "status" = 'pending';
