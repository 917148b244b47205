-- Idempotency keys (issue 28): the answer of a POST or PATCH sent with an Idempotency-Key header,
-- written in the same transaction as the change it answers, kept 24 hours for retries. A key is
-- its caller's own: the account and the API key or machine client (and its agent) that sent it.
CREATE TABLE "idempotency_keys" (
    "account_id" INTEGER NOT NULL,
    "caller" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "headers" JSONB NOT NULL,
    "body" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("account_id","caller","key")
);

CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys"("expires_at");

ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
