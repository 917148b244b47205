-- Debounced events (trip.configUpdated, catalog.updated): one row per event type and resource.
-- `pending` says a change waits to become an event at `due_at`, a window after the last one.
CREATE TABLE "event_debounces" (
    "key" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "resource_type" TEXT NOT NULL,
    "resource_id" INTEGER NOT NULL,
    "pending" BOOLEAN NOT NULL DEFAULT true,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "last_emitted_at" TIMESTAMPTZ(3),

    CONSTRAINT "event_debounces_pkey" PRIMARY KEY ("key")
);

CREATE INDEX "event_debounces_due_idx" ON "event_debounces"("due_at") WHERE "pending";

ALTER TABLE "event_debounces" ADD CONSTRAINT "event_debounces_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
