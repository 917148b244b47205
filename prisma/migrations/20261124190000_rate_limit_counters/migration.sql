-- The shared budgets of the rate limits (src/http/leased-limiter.ts): per subject (an API key, a
-- machine client or a client IP), the points the API processes have leased in its current
-- one-minute window, which starts at the subject's first request (PostgreSQL's clock) as before.
-- UNLOGGED: a counter is worth nothing after a crash, and skipping the WAL makes a lease cheaper.
CREATE UNLOGGED TABLE "rate_limit_counters" (
    "subject" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "taken" INTEGER NOT NULL,
    "last_grant" INTEGER NOT NULL,

    CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("subject")
);
